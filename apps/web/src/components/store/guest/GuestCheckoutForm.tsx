// Checkout without an account (issue 29, contracts/guest-and-addresses.md): name, phone, e-mail and
// address, the way to pay, and for cash on delivery (Setting guestCodNeedsOtp) a code sent to the phone.
import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import type { PaymentMethod } from "@store/domain";
import { lazyZodResolver } from "../../../lib/lazyResolver";
import { errorMessage, fieldErrorsOf, storeCodeOf, trpc } from "../../../lib/trpc";
import { ErrorBox } from "../../QueryState";
import { formatDeliverBy } from "../../delivery/deliveryText";
import { PaymentMethodPicker, usePaymentOptions } from "../PaymentMethodPicker";
import { usePincodeFill } from "../usePincodeFill";
import { EMPTY_CONTACT, GuestContactFields, type GuestContact } from "./GuestContactFields";
import { GuestOtpStep } from "./GuestOtpStep";
import { GuestTotals } from "./GuestTotals";
import { saveGuestCartToken, saveOrderAccessToken } from "./guestStorage";
import { useGuestCart } from "./useGuestCart";
import { WhatsAppOptIn, whatsappOptInBody } from "../account/WhatsAppOptIn";

// the checkout's own fields, flat (the address is nested only in the request); preprocessed fields read as unknown
const resolver = lazyZodResolver<GuestContact, GuestContact>(
  (s) => s.guestCheckoutInput.pick({ name: true, phone: true, email: true }).extend(s.guestAddress.shape) as unknown as z.ZodType<GuestContact, GuestContact>,
);
const PINCODE = /^[1-9]\d{5}$/;

export function GuestCheckoutForm({ cartToken }: { cartToken: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useForm<GuestContact, unknown, GuestContact>({ resolver, defaultValues: EMPTY_CONTACT });
  const pin = usePincodeFill(form);
  const typedPin = useWatch({ control: form.control, name: "pinCode" })?.trim() ?? "";
  const payment = usePaymentOptions();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen ?? payment.offered[0]?.method ?? null;
  const { query } = useGuestCart({ paymentMethod: method, ...(PINCODE.test(typedPin) ? { pincode: typedPin } : {}) });
  const cart = query.data;
  const [couponCode, setCouponCode] = useState("");
  const [whatsapp, setWhatsapp] = useState(false);
  // the details the shopper submitted while the phone is being confirmed
  const [waiting, setWaiting] = useState<GuestContact | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);
  const checkout = trpc.guest.checkout.useMutation();

  const place = async (values: GuestContact, otpToken?: string) => {
    if (!method) return;
    setProblem(null);
    try {
      const { name, phone, email, landmark, ...address } = values;
      const res = await checkout.mutateAsync({
        cartToken,
        name,
        phone,
        email,
        address: { ...address, ...(landmark?.trim() ? { landmark: landmark.trim() } : {}) },
        paymentMethod: method,
        ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
        ...(otpToken ? { otpToken } : {}),
        ...whatsappOptInBody(whatsapp),
      });
      setPlaced(true);
      saveOrderAccessToken(res.productOrderId, res.orderAccessToken);
      saveGuestCartToken(null);
      void utils.guest.cart.invalidate();
      void utils.products.invalidate();
      // the order's own page; it replaces this form in the history, so Back never places it again
      void navigate({ to: "/guest/order/$productOrderId", params: { productOrderId: res.productOrderId }, replace: true });
    } catch (e) {
      if (storeCodeOf(e) === "OTP_REQUIRED") {
        setWaiting(values);
        return;
      }
      const fields = fieldErrorsOf(e);
      for (const [k, m] of Object.entries(fields)) form.setError(k.replace(/^address\./, "") as keyof GuestContact, { message: m });
      setWaiting(null);
      setProblem(errorMessage(e));
    }
  };
  const submit = form.handleSubmit((values) => {
    // the phone was confirmed already, and has not changed since: the code's token goes along
    if (waiting && waiting.phone !== values.phone) setWaiting(null);
    return place(values);
  });
  const busy = checkout.isPending || placed;
  return (
    <div className="checkout guest-checkout">
      <div className="guest-checkout-main">
        <form onSubmit={submit} onFocus={() => resolver.preload()} noValidate aria-labelledby="guest-contact-heading" className="card">
          <h2 id="guest-contact-heading">Where should we deliver?</h2>
          <p className="hint">
            No account needed. Have one?{" "}
            <Link to="/customerLogin" search={{ redirect: "/myCart/0" }}>
              Log in
            </Link>{" "}
            for your saved addresses and orders.
          </p>
          <GuestContactFields register={form.register} errors={form.formState.errors} pinHint={pin.hint} />
          <PaymentMethodPicker
            options={payment.offered}
            value={method}
            onChange={(m) => {
              setWaiting(null);
              setChosen(m);
            }}
            error={payment.query.error}
          />
          <div className="field">
            <label htmlFor="guest-coupon">Coupon code (optional)</label>
            <input id="guest-coupon" maxLength={20} autoComplete="off" value={couponCode} onChange={(e) => setCouponCode(e.target.value.toUpperCase())} />
          </div>
          <WhatsAppOptIn id="guest-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          {!waiting && (
            <button type="submit" className="btn block" disabled={busy || method === null || !cart || cart.lines.length === 0}>
              {busy ? "Placing order..." : "Place order"}
            </button>
          )}
        </form>
        {waiting && <GuestOtpStep phone={waiting.phone} placing={busy} onVerified={(otpToken) => void place(waiting, otpToken)} />}
      </div>
      <aside className="card" aria-labelledby="guest-amount-heading">
        <h2 id="guest-amount-heading">Amount Details</h2>
        {query.isError && !cart ? (
          <ErrorBox error={query.error} onRetry={() => void query.refetch()} />
        ) : cart ? (
          <>
            <ul className="guest-summary-lines">
              {cart.lines.map((l) => (
                <li key={l.itemId}>
                  {l.productName} × {l.quantity}
                </li>
              ))}
            </ul>
            <GuestTotals cart={cart} updating={query.isFetching} />
            {cart.delivery?.message ? (
              <p className="form-error" role="status">
                {cart.delivery.message}
              </p>
            ) : (
              <p className="hint">Prices include GST.{cart.delivery?.deliverBy ? ` Delivery by ${formatDeliverBy(cart.delivery.deliverBy)}.` : ""}</p>
            )}
            {couponCode.trim() && <p className="hint">The coupon {couponCode.trim()} is checked when you place the order.</p>}
          </>
        ) : (
          <p className="hint">Loading your cart...</p>
        )}
        <p className="hint">
          <Link to="/guest/cart">Change the cart</Link>
        </p>
      </aside>
    </div>
  );
}
