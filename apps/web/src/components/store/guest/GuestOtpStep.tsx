// The phone check of a guest's cash-on-delivery order (issue 29, Setting guestCodNeedsOtp): a code is
// sent by SMS to the phone on the form; the right code gives the otpToken the checkout sends.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorMessage, storeCodeOf, trpc } from "../../../lib/trpc";
import { useCountdown } from "../account/useCountdown";
import "../account/account.css";

/** a request that takes no more codes: a new one must be sent */
const DEAD = ["OTP_LOCKED", "OTP_EXPIRED", "OTP_USED"];

export function GuestOtpStep({ phone, placing, onVerified }: { phone: string; placing: boolean; onVerified: (otpToken: string) => void }) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const wait = useCountdown(resendAt);
  const send = trpc.otp.send.useMutation({
    onSuccess: (res) => {
      setRequestId(res.requestId);
      setResendAt(Date.now() + res.resendAfterSeconds * 1000);
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const verify = trpc.otp.verify.useMutation({
    onSuccess: (res) => {
      if ("otpToken" in res && typeof res.otpToken === "string") onVerified(res.otpToken);
      else setProblem("The code could not be checked. Please send a new one.");
    },
    onError: (e) => {
      setProblem(errorMessage(e));
      if (DEAD.includes(storeCodeOf(e) ?? "")) setRequestId(null);
    },
  });
  const sendCode = () => {
    setProblem(null);
    setCode("");
    send.mutate({ phone, purpose: "GUEST_CHECKOUT" });
  };
  // the first code goes out when the step opens (once per phone)
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === phone) return;
    sentFor.current = phone;
    sendCode();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per phone
  }, [phone]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem("Enter the 6-digit code from the SMS.");
      return;
    }
    if (requestId) verify.mutate({ requestId, code: code.trim() });
  };
  const busy = verify.isPending || placing;
  return (
    <section className="card guest-otp" aria-labelledby="guest-otp-heading">
      <h2 id="guest-otp-heading">Confirm your mobile number</h2>
      <p>
        Cash on delivery needs a confirmed number.{" "}
        {requestId ? `We sent a 6-digit code by SMS to ${phone}.` : send.isPending ? `Sending a code to ${phone}...` : ""}
      </p>
      <form onSubmit={submit} noValidate aria-label="Confirm the mobile number with the code">
        <div className="field otp-code">
          <label htmlFor="guest-otp-code">6-digit code</label>
          <input
            id="guest-otp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "guest-otp-error" : undefined}
          />
        </div>
        {problem && (
          <p id="guest-otp-error" className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy || !requestId}>
          {busy ? "Placing order..." : "Verify and place order"}
        </button>
      </form>
      <p className="otp-links">
        <button type="button" className="link-button" onClick={sendCode} disabled={wait > 0 || send.isPending}>
          {send.isPending ? "Sending..." : wait > 0 ? `Send a new code in ${wait} s` : "Send a new code"}
        </button>
      </p>
    </section>
  );
}
