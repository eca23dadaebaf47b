import { useState } from "react";
import { toPaise } from "@store/domain";
import { toast } from "../../lib/toast";
import { loadRazorpayCheckout } from "../../lib/razorpay";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";

type PaymentView = RouterOutputs["payments"]["get"];

/** An unpaid ONLINE order: Razorpay Checkout, then the store checks the signature before it says Paid. */
export function RazorpayPayButton({ view }: { view: PaymentView }) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const verify = trpc.payments.verify.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      void utils.payments.get.invalidate({ productOrderId: view.productOrderId });
      void utils.orders.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  if (!view.providerOrderId || !view.keyId) {
    return <p className="hint">Online payment cannot be started right now. Please try again in a few minutes.</p>;
  }
  const { providerOrderId, keyId } = view;
  const pay = async () => {
    setProblem(null);
    setOpening(true);
    try {
      const Razorpay = await loadRazorpayCheckout();
      const checkout = new Razorpay({
        key: keyId,
        order_id: providerOrderId,
        amount: toPaise(view.amount),
        currency: "INR",
        name: "Clean Store",
        description: `Order ${view.productOrderId}`,
        handler: (response) => verify.mutate({ productOrderId: view.productOrderId, ...response }),
        modal: { ondismiss: () => setOpening(false) },
      });
      checkout.on("payment.failed", (e) => setProblem(e.error.description ?? "The payment failed. Please try again."));
      checkout.open();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="online-pay">
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="btn" onClick={() => void pay()} disabled={opening || verify.isPending}>
        {verify.isPending ? "Checking the payment..." : "Pay now"}
      </button>
    </div>
  );
}
