import { useState } from "react";
import type { PaymentMethod } from "@store/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { CartLines } from "../../components/store/CartLines";
import { CartTabs } from "../../components/store/CartTabs";
import { feeOf, PaymentMethodPicker, usePaymentOptions } from "../../components/store/PaymentMethodPicker";
import { DeliverTo } from "../../components/store/DeliverTo";
import { StoreLayout } from "../../components/store/StoreLayout";
import { clearCustomerSession } from "../../lib/auth";
import { formatINR } from "../../lib/format";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";

export const Route = createFileRoute("/_customer/myCart/$customerId")({
  params: { parse: pathIds },
  loader: ({ context }) => {
    void context.trpc.cart.byCustomer.prefetch({ customerId: context.customerId });
  },
  component: MyCart,
});

function MyCart() {
  const { customerId } = Route.useRouteContext();
  const cart = trpc.cart.byCustomer.useQuery({ customerId });
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  // placed: the button stays disabled while the order's page opens
  const [placed, setPlaced] = useState(false);
  const payment = usePaymentOptions();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen ?? payment.offered[0]?.method ?? null;
  const fee = feeOf(payment.offered, method);
  const checkout = trpc.cart.checkout.useMutation({
    onSuccess: (res) => {
      setPlaced(true);
      void utils.cart.byCustomer.invalidate({ customerId });
      void utils.orders.orderProducts.invalidate({ customerId });
      void utils.products.invalidate();
      // the order's own page, at its top; Back comes to this (now empty) cart
      void navigate({ to: "/myOrder/$customerId/$productOrderId", params: { customerId: String(customerId), productOrderId: res.productOrderId } });
    },
    onError: (error) => {
      if (errorCode(error) === "UNAUTHORIZED") {
        clearCustomerSession();
        void navigate({ to: "/customerLogin", search: { redirect: `/myCart/${customerId}` } });
      }
    },
  });
  return (
    <StoreLayout title="My Cart">
      <CartTabs customerId={customerId} current="cart" />
      <h1>My Cart</h1>
      <QueryState query={cart}>
        {(lines) =>
          lines.length === 0 ? (
            <div className="empty">
              <p>Your cart is empty.</p>
              <Link to="/product/$customerId" params={{ customerId: String(customerId) }} className="btn">
                Continue shopping
              </Link>
            </div>
          ) : (
            <div className="cart-layout">
              <CartLines lines={lines} />
              <aside className="cart-summary card" aria-labelledby="cart-summary-heading">
                <h2 id="cart-summary-heading">Cart total</h2>
                <dl className="amounts">
                  <dt>Items</dt>
                  <dd>{lines.reduce((n, l) => n + l.quantity, 0)}</dd>
                  <dt>Products</dt>
                  <dd>{formatINR(lines.reduce((n, l) => n + l.price * l.quantity, 0))}</dd>
                  <dt>Delivery</dt>
                  <dd>{formatINR(lines.reduce((n, l) => n + (l.deliveryCharge === "Free" ? 0 : l.deliveryCharge), 0))}</dd>
                  {fee > 0 && (
                    <>
                      <dt>Cash on delivery fee</dt>
                      <dd>{formatINR(fee)}</dd>
                    </>
                  )}
                  <dt className="total">Total</dt>
                  <dd className="total" data-testid="cart-total">
                    {formatINR(lines.reduce((n, l) => n + l.lineTotal, 0) + fee)}
                  </dd>
                </dl>
                <DeliverTo customerId={customerId} />
                <PaymentMethodPicker options={payment.offered} value={method} onChange={setChosen} error={payment.query.error} />
                {checkout.isError && errorCode(checkout.error) !== "UNAUTHORIZED" && (
                  <p className="form-error" role="alert">
                    {errorMessage(checkout.error)}
                  </p>
                )}
                <button
                  type="button"
                  className="btn block"
                  disabled={checkout.isPending || placed || method === null}
                  onClick={() => method && checkout.mutate({ paymentMethod: method })}
                >
                  {checkout.isPending || placed ? "Placing order..." : "Checkout cart"}
                </button>
                <p className="hint">Prices include GST. Delivery in 3 days.</p>
              </aside>
            </div>
          )
        }
      </QueryState>
    </StoreLayout>
  );
}
