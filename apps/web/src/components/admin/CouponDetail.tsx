import { Link } from "@tanstack/react-router";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { DetailFrame, ReadOnlyFields } from "./ReadOnlyFields";
import { StatusBadge } from "./StatusBadge";
import { couponMethods, couponOffer, couponUses, statusLabel } from "./couponText";

const back = (
  <Link to="/coupons" className="btn secondary">
    Back to coupons
  </Link>
);

/** One coupon: its terms, and the orders that used it (a use given back shows as released). */
export function CouponDetail({ couponId }: { couponId: number }) {
  const query = trpc.coupons.get.useQuery({ couponId });
  return (
    <DetailFrame title={query.data ? `Coupon ${query.data.code}` : "Coupon"} back={back}>
      <QueryState query={query}>
        {(c) => (
          <>
            <p>
              <StatusBadge value={statusLabel(c.status)} />
            </p>
            <ReadOnlyFields
              fields={[
                ["Code", c.code],
                ["Description", c.description],
                ["Offer", couponOffer(c)],
                ["Minimum order value", c.minOrderValue > 0 ? formatINR(c.minOrderValue) : null],
                ["Starts at", formatDateTime(c.startsAt)],
                ["Ends at", formatDateTime(c.endsAt)],
                ["Uses", couponUses(c)],
                ["Uses per customer", c.perCustomerLimit],
                ["First order only", c.firstOrderOnly ? "Yes" : "No"],
                ["Payment methods", couponMethods(c.paymentMethods)],
                ["Products", c.productIds.join(", ")],
                ["Categories", c.categories.join(", ")],
                ["Shown at checkout", c.showAtCheckout ? "Yes" : "No"],
              ]}
            />
            <h2>Orders that used it</h2>
            {c.uses.length === 0 ? (
              <p className="empty">No order has used this coupon yet.</p>
            ) : (
              <div className="table-wrap">
                <table className="data">
                  <caption className="visually-hidden">Orders that used {c.code}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Discount</th>
                      <th scope="col">Order total</th>
                      <th scope="col">Placed</th>
                      <th scope="col">Use</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.uses.map((u) => (
                      <tr key={u.productOrderId} data-order={u.productOrderId}>
                        <td>
                          <Link to="/orders/$productOrderId" params={{ productOrderId: u.productOrderId }}>
                            {u.productOrderId}
                          </Link>
                        </td>
                        <td>{u.customerName || "—"}</td>
                        <td className="num nowrap">{formatINR(u.discount)}</td>
                        <td className="num nowrap">{u.grandTotal === null ? "—" : formatINR(u.grandTotal)}</td>
                        <td className="nowrap">{formatDateTime(u.createdAt)}</td>
                        <td>{u.released ? `Released ${formatDateTime(u.releasedAt)}` : "Counted"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </DetailFrame>
  );
}
