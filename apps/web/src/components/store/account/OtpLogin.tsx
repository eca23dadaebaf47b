import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { otpSendSchema, otpVerifySchema } from "@store/validators";
import { FormField } from "../../FormField";
import { lazyZodResolver } from "../../../lib/lazyResolver";
import { useHydrated } from "../../../lib/hydration";
import { errorMessage, storeCodeOf, trpc } from "../../../lib/trpc";
import { CodeField } from "./CodeField";
import { useCountdown } from "./useCountdown";
import "./account.css";

type PhoneForm = z.input<typeof otpSendSchema>;
type CodeForm = z.input<typeof otpVerifySchema>;
// the whole request's schema: the form's hidden values (purpose, requestId) are its defaults
const phoneResolver = lazyZodResolver((s) => s.otpSendSchema);
const codeResolver = lazyZodResolver((s) => s.otpVerifySchema);
/** a request that cannot take another code: a new one must be sent */
const DEAD = ["OTP_LOCKED", "OTP_EXPIRED", "OTP_USED"];

export type OtpLoginResult = { kind: "loggedIn"; token: string; customerId: number } | { kind: "newCustomer"; signupToken: string; phone: string };

interface Sent {
  phone: string;
  requestId: string;
  resendAt: number;
}

/**
 * Log in with a code sent by SMS (contracts/otp-and-sms.md): the phone number, then the 6-digit
 * code. A phone with an account is logged in; any other goes on to a short sign-up (`newCustomer`).
 */
export function OtpLogin({ onDone }: { onDone: (result: OtpLoginResult) => void }) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = trpc.otp.send.useMutation({
    onSuccess: (res, input) => setSent({ phone: input.phone ?? "", requestId: res.requestId, resendAt: Date.now() + res.resendAfterSeconds * 1000 }),
    onError: (e) => setError(errorMessage(e)),
  });
  const sendTo = (phone: string) => {
    setError(null);
    send.mutate({ phone, purpose: "LOGIN" });
  };
  if (!sent) return <PhoneStep onSend={sendTo} pending={send.isPending} error={error} />;
  return (
    <CodeStep
      key={sent.requestId}
      sent={sent}
      sendError={error}
      resending={send.isPending}
      onResend={() => sendTo(sent.phone)}
      onChangePhone={() => {
        setError(null);
        setSent(null);
      }}
      onDone={onDone}
    />
  );
}

function PhoneStep({ onSend, pending, error }: { onSend: (phone: string) => void; pending: boolean; error: string | null }) {
  const hydrated = useHydrated();
  const form = useForm<PhoneForm, unknown, z.output<typeof otpSendSchema>>({ resolver: phoneResolver, defaultValues: { phone: "", purpose: "LOGIN" } });
  return (
    <form onSubmit={form.handleSubmit((v) => onSend(v.phone ?? ""))} onFocus={() => phoneResolver.preload()} noValidate aria-label="Log in with OTP">
      <FormField
        id="otp-phone"
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        hint="We send a 6-digit code to this number by SMS."
        registration={form.register("phone")}
        error={form.formState.errors.phone}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn block" disabled={pending || !hydrated}>
        {pending ? "Sending..." : "Send code"}
      </button>
    </form>
  );
}

function CodeStep({
  sent,
  sendError,
  resending,
  onResend,
  onChangePhone,
  onDone,
}: {
  sent: Sent;
  sendError: string | null;
  resending: boolean;
  onResend: () => void;
  onChangePhone: () => void;
  onDone: (result: OtpLoginResult) => void;
}) {
  const form = useForm<CodeForm, unknown, z.output<typeof otpVerifySchema>>({ resolver: codeResolver, defaultValues: { requestId: sent.requestId, code: "" } });
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const wait = useCountdown(sent.resendAt);
  const verify = trpc.otp.verify.useMutation({
    onSuccess: (res) => {
      if ("signupToken" in res) onDone({ kind: "newCustomer", signupToken: res.signupToken, phone: sent.phone });
      else if ("token" in res) onDone({ kind: "loggedIn", token: res.token, customerId: res.customerId });
      else setError("Something went wrong. Please try again.");
    },
    onError: (e) => {
      setDead(DEAD.includes(storeCodeOf(e) ?? ""));
      setError(errorMessage(e));
    },
  });
  const submit = form.handleSubmit((v) => {
    setError(null);
    verify.mutate(v);
  });
  return (
    <form onSubmit={submit} onFocus={() => codeResolver.preload()} noValidate aria-label="Enter the code">
      <p role="status">
        We sent a code to <strong>{sent.phone}</strong>. It is valid for 5 minutes.
      </p>
      <CodeField id="otp-code" registration={form.register("code")} error={form.formState.errors.code} />
      {(error ?? sendError) && (
        <p className="form-error" role="alert">
          {error ?? sendError}
        </p>
      )}
      <button type="submit" className="btn block" disabled={verify.isPending || dead}>
        {verify.isPending ? "Checking..." : "Log in"}
      </button>
      <p className="otp-links">
        <button type="button" className="link-button" onClick={onResend} disabled={wait > 0 || resending}>
          {resending ? "Sending..." : wait > 0 ? `Resend code in ${wait} s` : "Resend code"}
        </button>
        <button type="button" className="link-button" onClick={onChangePhone}>
          Change number
        </button>
      </p>
    </form>
  );
}
