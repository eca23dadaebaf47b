// The guest order page's body (issue 29): the order read with this browser's X-Order-Token; opened from
// the order mail, the one-time ?link= is first exchanged for that token (once: a second use is refused).
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useHydrated } from "../../../lib/hydration";
import { errorMessage, trpc } from "../../../lib/trpc";
import { ErrorBox, Loading, QueryState } from "../../QueryState";
import { OrderDelivery } from "../shipments/OrderDelivery";
import { orderAccessToken, saveOrderAccessToken } from "./guestStorage";
import { GuestOrderView } from "./GuestOrderView";

export function GuestOrderScreen({ productOrderId, link }: { productOrderId: string; link?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [hasToken, setHasToken] = useState(() => typeof window !== "undefined" && orderAccessToken(productOrderId) !== null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const exchange = trpc.guest.exchangeLink.useMutation();
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!link || tried.current === link) return;
    tried.current = link;
    exchange
      .mutateAsync({ productOrderId, link })
      .then((res) => {
        saveOrderAccessToken(res.productOrderId, res.orderAccessToken);
        setHasToken(true);
      })
      .catch((e: unknown) => setLinkProblem(errorMessage(e)))
      // the link is spent either way: the address keeps no secret (history, a shared screen)
      .finally(() => void navigate({ to: "/guest/order/$productOrderId", params: { productOrderId }, search: {}, replace: true }));
  }, [link, productOrderId, exchange, navigate]);

  // while the address holds the link, it is being exchanged (the address loses it afterwards)
  if (!hydrated || link) return <Loading />;
  const token = hasToken || orderAccessToken(productOrderId) !== null;
  if (!token) {
    return (
      <div className="empty">
        <h1>Order {productOrderId}</h1>
        {linkProblem && (
          <p className="form-error" role="alert">
            {linkProblem}
          </p>
        )}
        <p>This order can be opened from the browser it was placed in, or once from the link in its order e-mail.</p>
        <p>
          Have an account with its mobile number?{" "}
          <Link to="/customerLogin" search={{ redirect: "/myOrder/0" }}>
            Log in
          </Link>{" "}
          to see it in My Orders.
        </p>
      </div>
    );
  }
  return <GuestOrder productOrderId={productOrderId} linkProblem={linkProblem} />;
}

function GuestOrder({ productOrderId, linkProblem }: { productOrderId: string; linkProblem: string | null }) {
  const order = trpc.orders.order.useQuery({ productOrderId }, { retry: false });
  if (order.isError) return <ErrorBox error={order.error} onRetry={() => void order.refetch()} />;
  return (
    <>
      {linkProblem && <p className="hint">{linkProblem}</p>}
      <QueryState query={order}>{(o) => <GuestOrderView order={o} />}</QueryState>
      {order.data && <OrderDelivery productOrderId={productOrderId} />}
    </>
  );
}
