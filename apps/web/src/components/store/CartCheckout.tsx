import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { PaymentMethod } from "@store/domain";
import { clearCustomerSession } from "../../lib/auth";
import { errorCode, errorMessage, storeCodeOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { ErrorBox } from "../QueryState";
import { checkoutCouponCode, isCouponRefusal } from "./cartQuote";
import { CouponField } from "./CouponField";
import { CheckoutAddress } from "./account/CheckoutAddress";
import { CheckoutWhatsAppOptIn, whatsappOptInBody } from "./account/WhatsAppOptIn";
import { formatDeliverBy } from "../delivery/deliveryText";
import { OfferList } from "./OfferList";
import { PaymentMethodPicker, usePaymentOptions } from "./PaymentMethodPicker";
import { QuoteTotals } from "./QuoteTotals";
import { useCartQuote } from "./useCartQuote";

type Line = RouterOutputs["cart"]["byCustomer"][number];

/**
 * The cart's checkout (issue 26): the server's quote for the chosen payment method and coupon, the
 * coupon field and the offers the cart qualifies for, where the parcel goes, and Checkout cart,
 * which sends the coupon priced into the totals on the screen.
 */
export function CartCheckout({ customerId, lines }: { customerId: number; lines: readonly Line[] }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const payment = usePaymentOptions();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen ?? payment.offered[0]?.method ?? null;
  // undefined: the code remembered on the cart; "" after Remove
  const [code, setCode] = useState<string | undefined>(undefined);
  const [applyError, setApplyError] = useState<string | null>(null);
  // null: the address book's default
  const [addressId, setAddressId] = useState<number | null>(null);
  const [whatsapp, setWhatsapp] = useState(false);
  const { query, seed } = useCartQuote(customerId, lines, method, code, addressId);
  const view = query.data;
  const applied = view?.quote.appliedCode ?? null;
  const inTotals = applied !== null && view?.quote.coupon?.code === applied;
  // placed: the button stays disabled while the order's page opens
  const [placed, setPlaced] = useState(false);

  const toLogin = () => {
    clearCustomerSession();
    void navigate({ to: "/customerLogin", search: { redirect: `/myCart/${customerId}` } });
  };
  const apply = trpc.offers.applyCartCoupon.useMutation();
  const remove = trpc.offers.removeCartCoupon.useMutation({
    onSuccess: (quote) => {
      setApplyError(null);
      setCode("");
      seed("", quote);
    },
    onError: (e) => (errorCode(e) === "UNAUTHORIZED" ? toLogin() : setApplyError(errorMessage(e))),
  });
  const applyCode = async (text: string): Promise<boolean> => {
    setApplyError(null);
    try {
      const quote = await apply.mutateAsync({ code: text, ...(method ? { paymentMethod: method } : {}) });
      const next = quote.appliedCode ?? "";
      setCode(next);
      seed(next, quote);
      return true;
    } catch (e) {
      if (errorCode(e) === "UNAUTHORIZED") toLogin();
      else setApplyError(errorMessage(e));
      return false;
    }
  };
  const checkout = trpc.cart.checkout.useMutation({
    onSuccess: (res) => {
      setPlaced(true);
      void utils.cart.byCustomer.invalidate({ customerId });
      void utils.orders.orderProducts.invalidate({ customerId });
      void utils.products.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["offers.cartQuote", customerId] });
      // the order's own page, at its top; Back comes to this (now empty) cart
      void navigate({ to: "/myOrder/$customerId/$productOrderId", params: { customerId: String(customerId), productOrderId: res.productOrderId } });
    },
    onError: (error) => {
      if (errorCode(error) === "UNAUTHORIZED") toLogin();
      // the coupon ran out meanwhile (another shopper took the last use…): the totals are asked again
      else if (isCouponRefusal(storeCodeOf(error))) void queryClient.invalidateQueries({ queryKey: ["offers.cartQuote", customerId] });
    },
  });
  const choose = (m: PaymentMethod) => {
    setApplyError(null);
    setChosen(m);
  };
  const couponPending = apply.isPending || remove.isPending;
  const updating = query.isPlaceholderData || query.isFetching;
  const ready = view !== undefined && !query.isPlaceholderData;
  return (
    <aside className="cart-summary card" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading">Cart total</h2>
      {query.isError && !view ? (
        <ErrorBox error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <QuoteTotals quote={view?.quote ?? null} items={lines.reduce((n, l) => n + l.quantity, 0)} updating={updating} />
      )}
      <CouponField
        applied={applied}
        inTotals={inTotals}
        message={applyError ?? view?.refusal?.message ?? null}
        pending={couponPending}
        onApply={applyCode}
        onRemove={() => remove.mutate(method ? { paymentMethod: method } : {})}
      />
      <OfferList offers={view?.quote.offers ?? []} applied={inTotals ? applied : null} pending={couponPending} onApply={(c) => void applyCode(c)} />
      <CheckoutAddress customerId={customerId} value={addressId} onChange={setAddressId} />
      <PaymentMethodPicker options={payment.offered} value={method} onChange={choose} error={payment.query.error} />
      <CheckoutWhatsAppOptIn customerId={customerId} checked={whatsapp} onChange={setWhatsapp} />
      {checkout.isError && errorCode(checkout.error) !== "UNAUTHORIZED" && (
        <p className="form-error" role="alert">
          {errorMessage(checkout.error)}
        </p>
      )}
      <button
        type="button"
        className="btn block"
        disabled={checkout.isPending || placed || method === null || !ready}
        onClick={() =>
          method &&
          view &&
          checkout.mutate({
            paymentMethod: method,
            couponCode: checkoutCouponCode(view),
            ...(addressId === null ? {} : { addressId }),
            ...whatsappOptInBody(whatsapp),
          })
        }
      >
        {checkout.isPending || placed ? "Placing order..." : "Checkout cart"}
      </button>
      <DeliveryPromise delivery={view?.quote.delivery} />
    </aside>
  );
}

/** When the parcel comes, or why it cannot (issue 27): the server's terms for the address's PIN code. */
function DeliveryPromise({ delivery }: { delivery: { serviceable: boolean; deliverBy: string | null; message: string | null } | undefined }) {
  if (delivery?.message) {
    return (
      <p className="form-error" role="status">
        {delivery.message}
      </p>
    );
  }
  return <p className="hint">Prices include GST.{delivery?.deliverBy ? ` Delivery by ${formatDeliverBy(delivery.deliverBy)}.` : ""}</p>;
}
