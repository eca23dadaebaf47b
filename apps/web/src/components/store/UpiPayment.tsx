import { useState, type FormEvent } from "react";
import { utrSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";

type PaymentView = RouterOutputs["payments"]["get"];

/** A pending UPI order: its QR code and app link, then the UTR the shopper's app shows after paying. */
export function UpiPayment({ view }: { view: PaymentView }) {
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
      <p>
        Pay <strong>{formatINR(view.amount)}</strong> by UPI: scan the code with any UPI app, or open your app on this phone.
      </p>
      <div className="upi-qr">
        {qr.data ? (
          <img
            src={`data:image/png;base64,${qr.data}`}
            width={220}
            height={220}
            alt={`UPI QR code to pay ${formatINR(view.amount)} for order ${view.productOrderId}`}
          />
        ) : (
          <p className="hint">{qr.error ? errorMessage(qr.error) : "Loading the QR code..."}</p>
        )}
      </div>
      {view.upiLink && (
        <p>
          <a className="btn secondary" href={view.upiLink}>
            Pay with a UPI app
          </a>
        </p>
      )}
      <form onSubmit={send} noValidate className="utr-form">
        <label htmlFor="utr">UTR (12-digit UPI reference number)</label>
        <input
          id="utr"
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={utr}
          onChange={(e) => setUtr(e.target.value.replace(/\D/g, ""))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "utr-error" : "utr-hint"}
        />
        <p id="utr-hint" className="hint">
          After paying, your UPI app shows a 12-digit reference (UTR or UPI Ref. No.). We confirm the payment once it reaches our bank.
        </p>
        {problem && (
          <p id="utr-error" className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn" disabled={submit.isPending}>
          {submit.isPending ? "Sending..." : "Submit UTR"}
        </button>
      </form>
    </div>
  );
}
