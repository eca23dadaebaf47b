import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { lineTotal, MAX_LINE_QUANTITY, type PaymentMethod } from "@store/domain";
import { customerUpdateSchema } from "@store/validators";
import type { z } from "zod";
import { clearCustomerSession } from "../../lib/auth";
import { formatDelivery, formatINR } from "../../lib/format";
import { errorCode, errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { ContactFields, contactDefaults } from "./ContactFields";
import { usePincodeFill } from "./usePincodeFill";
import { feeOf, PaymentMethodPicker, usePaymentOptions } from "./PaymentMethodPicker";
import { ProductImage } from "./ProductImage";
import { chosenPack, withPack, type ProductWithPacks } from "./packs";
import { CheckoutWhatsAppOptIn, whatsappOptInBody } from "./account/WhatsAppOptIn";

type Customer = RouterOutputs["customers"]["details"];
type Input = z.input<typeof customerUpdateSchema>;
type Output = z.output<typeof customerUpdateSchema>;

/**
 * Contact information (prefilled, changes saved to the profile) and Amount Details; Continue places
 * the order and opens it. `packId`: the pack chosen on the product page (?pack=), else its default.
 */
export function CheckoutForm({
  product: p,
  customer,
  quantity: asked,
  packId,
}: {
  product: ProductWithPacks;
  customer: Customer;
  quantity: number;
  packId?: number;
}) {
  const quantity = Math.max(1, Math.min(asked, MAX_LINE_QUANTITY));
  const pack = chosenPack(p, packId);
  const price = pack?.price ?? p.productPrice;
  const label = pack?.label ?? p.packSize;
  const stock = pack?.stock ?? p.quantity;
  const name = pack ? withPack(p.productName, pack.label) : p.productName;
  const again = `/checkOut/${customer.customerId}/${p.productId}?quantity=${quantity}${packId ? `&pack=${packId}` : ""}`;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const payment = usePaymentOptions();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [whatsapp, setWhatsapp] = useState(false);
  const method = chosen ?? payment.offered[0]?.method ?? null;
  const fee = feeOf(payment.offered, method);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(customerUpdateSchema), defaultValues: { ...contactDefaults(customer), password: "" } });
  const pin = usePincodeFill(form);
  const update = trpc.customers.update.useMutation();
  const save = trpc.orders.save.useMutation();
  // placed: the button stays disabled while the order's page opens
  const [placed, setPlaced] = useState(false);
  const busy = update.isPending || save.isPending || placed;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const before = contactDefaults(customer);
      const changed = (Object.keys(before) as (keyof typeof before)[]).some((k) => String(values[k] ?? "") !== before[k]);
      if (changed) {
        const res = await update.mutateAsync({ ...values, customerId: customer.customerId });
        utils.customers.details.setData({ customerId: customer.customerId }, res.customer);
        form.reset({ ...contactDefaults(res.customer), password: "" });
      }
      const res = await save.mutateAsync({
        productId: p.productId,
        ...(pack ? { variantId: pack.variantId } : {}),
        quantity,
        ...(method ? { paymentMethod: method } : {}),
        ...whatsappOptInBody(whatsapp),
      });
      setPlaced(true);
      void utils.orders.orderProducts.invalidate({ customerId: customer.customerId });
      void utils.products.byId.invalidate({ productId: p.productId });
      // the order's own page, at its top; it replaces this form in the history, so Back goes to
      // the product, never to a form that would place the order again
      void navigate({
        to: "/myOrder/$customerId/$productOrderId",
        params: { customerId: String(customer.customerId), productOrderId: res.productOrderId },
        replace: true,
      });
    } catch (e) {
      if (errorCode(e) === "UNAUTHORIZED") {
        clearCustomerSession();
        void navigate({ to: "/customerLogin", search: { redirect: again } });
        return;
      }
      const fields = fieldErrorsOf(e);
      for (const [k, m] of Object.entries(fields)) form.setError(k as keyof Input, { message: m });
      setError(errorMessage(e));
    }
  });
  const cid = String(customer.customerId);
  const soldOut = stock < quantity;
  return (
    <form className="checkout" onSubmit={submit} noValidate>
      <section className="card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact information</h2>
        <p className="hint">We deliver to this address. Changes are saved to your profile.</p>
        <ContactFields register={form.register} errors={form.formState.errors} idPrefix="co" pinHint={pin.hint} />
      </section>
      <aside className="card" aria-labelledby="amount-heading">
        <h2 id="amount-heading">Amount Details</h2>
        <div className="checkout-product">
          <ProductImage src={p.productImgThumb} alt={`${p.productName} ${label}`} size={100} lazy={false} />
          <p>
            <strong>{p.productName}</strong>
            <br />
            <span className="hint" data-testid="checkout-pack">
              {label}
              {pack?.sku && ` · SKU ${pack.sku}`}
            </span>
          </p>
        </div>
        <dl className="amounts">
          <dt>Price</dt>
          <dd>{formatINR(price)}</dd>
          <dt>Quantity</dt>
          <dd data-testid="checkout-quantity">{quantity}</dd>
          <dt>Delivery charge</dt>
          <dd>{formatDelivery(p.deliveryCharge)}</dd>
          {fee > 0 && (
            <>
              <dt>Cash on delivery fee</dt>
              <dd>{formatINR(fee)}</dd>
            </>
          )}
          <dt className="total">Total</dt>
          <dd className="total" data-testid="checkout-total">
            {formatINR(lineTotal(price, quantity, p.deliveryCharge) + fee)}
          </dd>
        </dl>
        <PaymentMethodPicker options={payment.offered} value={method} onChange={setChosen} error={payment.query.error} />
        <CheckoutWhatsAppOptIn customerId={customer.customerId} checked={whatsapp} onChange={setWhatsapp} />
        <p className="hint">
          <Link
            to="/singleProductDetails/$customerId/$productId"
            params={{ customerId: cid, productId: String(p.productId) }}
            search={packId ? { pack: packId } : {}}
          >
            Change quantity{packId ? " or pack" : ""}
          </Link>
        </p>
        {soldOut && (
          <p className="form-error" role="alert">
            {stock === 0 ? `${name} is out of stock.` : `Only ${stock} left of ${name}. Please lower the quantity.`}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn block" disabled={busy || soldOut || method === null}>
          {busy ? "Placing order..." : "Continue"}
        </button>
        <p className="hint">Prices include GST. 7-day return, see the refund policy.</p>
      </aside>
    </form>
  );
}
