import { useState, type FormEvent, type ReactNode } from "react";
import { utrSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { PayWithin, useNow } from "./PayNow";
import { timeLeft } from "./timeLeft";
import "../../styles/order-confirmation.css";

type PaymentView = RouterOutputs["payments"]["get"];

/**
 * A pending UPI order, phone first: the button that opens the shopper's UPI app on this phone
 * (the upi://pay link), `children` (e.g. the time left), the QR code for paying from another
 * device, then the UTR the app shows after paying.
 */
export function UpiPayment({ view, children }: { view: PaymentView; children?: ReactNode }) {
  const qr = trpc.payments.upiQrPng.useQuery({ productOrderId: view.productOrderId }, { staleTime: Infinity });
  const utils = trpc.useUtils();
  const [utr, setUtr] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = trpc.payments.submitUtr.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      setUtr("");
      void utils.payments.get.invalidate({ productOrderId: view.productOrderId });
      void utils.orders.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const send = (e: FormEvent) => {
    e.preventDefault();
    const checked = utrSchema.safeParse(utr);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Enter the 12-digit UTR.");
      return;
    }
    setProblem(null);
    submit.mutate({ productOrderId: view.productOrderId, utr: checked.data });
  };
  return (
    <div className="upi-pay">
      {view.upiLink && (
        <a className="btn upi-app" href={view.upiLink}>
          Pay {formatINR(view.amount)} with a UPI app
        </a>
      )}
      {children}
      <figure className="upi-qr">
        {qr.data ? (
          <img
            src={`data:image/png;base64,${qr.data}`}
            width={160}
            height={160}
            alt={`UPI QR code to pay ${formatINR(view.amount)} for order ${view.productOrderId}`}
          />
        ) : (
          <span className="upi-qr-wait hint">{qr.error ? errorMessage(qr.error) : "Loading the QR code..."}</span>
        )}
        <figcaption>
          <strong>Scan from another phone</strong>
          <br />
          <span className="hint">Open any UPI app there and scan this code.</span>
        </figcaption>
      </figure>
      <form onSubmit={send} noValidate className="utr-form">
        <label htmlFor="utr">UTR (12-digit UPI reference number)</label>
        <div className="utr-row">
          <input
            id="utr"
            name="utr"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={utr}
            onChange={(e) => setUtr(e.target.value.replace(/\D/g, ""))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "utr-error utr-hint" : "utr-hint"}
          />
          <button type="submit" className="btn" disabled={submit.isPending}>
            {submit.isPending ? "Sending..." : "Submit UTR"}
          </button>
        </div>
        {problem && (
          <p id="utr-error" className="form-error" role="alert">
            {problem}
          </p>
        )}
        <p id="utr-hint" className="hint">
          After paying, your UPI app shows a 12-digit reference (UTR or UPI Ref. No.). We confirm the payment once it reaches our bank.
        </p>
      </form>
    </div>
  );
}

/**
 * An unpaid UPI order's ways to pay (UpiPayment) with the time left, while there is time
 * (`payBefore`: the order's payment.expiresAt); once it has run out, only that notice.
 */
export function UpiPayBlock({ productOrderId, payBefore }: { productOrderId: string; payBefore: Date }) {
  const now = useNow();
  const view = trpc.payments.get.useQuery({ productOrderId });
  if (!timeLeft(payBefore, now)) {
    return (
      <p className="notice" role="status">
        <PayWithin payBefore={payBefore} now={now} />
      </p>
    );
  }
  return (
    <QueryState query={view}>
      {(v) => (
        <UpiPayment view={v}>
          <p className="pay-within">
            <PayWithin payBefore={payBefore} now={now} />
          </p>
        </UpiPayment>
      )}
    </QueryState>
  );
}
