// The dashboard's "Sales" section (issue 17): a range of the last 7, 30 or 90 days (or a year by
// week), its totals, the charts (a lazily loaded chunk), the return rate and the low-stock list.
import { lazy, Suspense, useState } from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { addDays, istDay } from "@store/domain";
import { QueryState } from "../QueryState";
import { formatDate, formatINR } from "../../lib/format";
import { trpc } from "../../lib/trpc";

const SalesCharts = lazy(() => import("./SalesCharts"));

const RANGES = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "12 months" },
] as const;

export function SalesOverview() {
  const [days, setDays] = useState<number>(30);
  const to = istDay(new Date());
  const from = addDays(to, -(days - 1));
  const query = trpc.reports.sales.useQuery({ from, to }, { placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="sales-title" className="sales">
      <div className="sales-range">
        <h2 id="sales-title">Sales</h2>
        <div role="group" aria-label="Range" className="head-actions">
          {RANGES.map((r) => (
            <button key={r.days} type="button" className="btn small secondary" aria-pressed={days === r.days} onClick={() => setDays(r.days)}>
              {r.label}
            </button>
          ))}
        </div>
      </div>
      <QueryState query={query}>
        {(report) => (
          <div aria-busy={query.isFetching || undefined}>
            <p className="hint" data-range>
              {formatDate(`${report.from}T12:00:00+05:30`)} to {formatDate(`${report.to}T12:00:00+05:30`)} (IST days, both included). Revenue placed counts
              every order placed, paid or not; Revenue paid only the money received. Net sales are the items' value after coupon discounts, without delivery or
              the COD fee.
            </p>
            <ul className="sales-totals" aria-label="Totals of the range">
              <li>
                Revenue placed <strong data-total="placed">{formatINR(report.totals.placedRevenue)}</strong>
              </li>
              <li>
                Revenue paid <strong data-total="paid">{formatINR(report.totals.paidRevenue)}</strong>
              </li>
              <li>
                Orders <strong data-total="orders">{report.totals.orders.toLocaleString("en-IN")}</strong>
              </li>
              <li>
                Average order value <strong data-total="aov">{formatINR(report.totals.averageOrderValue)}</strong>
              </li>
              <li>
                Coupon discounts <strong data-total="discount">{formatINR(report.totals.discountTotal)}</strong>
                <span className="meta">
                  {report.totals.couponOrders.toLocaleString("en-IN")} {report.totals.couponOrders === 1 ? "order" : "orders"} with a coupon
                </span>
              </li>
              <li>
                Net sales <strong data-total="net-sales">{formatINR(report.totals.netSales)}</strong>
                <span className="meta">items {formatINR(report.totals.grossSales)} less discounts</span>
              </li>
              <li>
                Return rate <strong data-total="return-rate">{(report.returns.rate * 100).toLocaleString("en-IN", { maximumFractionDigits: 1 })}%</strong>
                <span className="meta">
                  {report.returns.returned} of {report.returns.delivered} delivered lines
                  {report.returns.requested > 0 ? `, ${report.returns.requested} requested` : ""}
                </span>
              </li>
            </ul>
            <Suspense fallback={<p className="loading">Loading charts...</p>}>
              <SalesCharts report={report} />
            </Suspense>
            <section className="card" aria-labelledby="low-stock">
              <h2 id="low-stock">Low stock (at or under {report.lowStockThreshold})</h2>
              {report.lowStock.length === 0 ? (
                <p className="empty">No pack is low on stock.</p>
              ) : (
                <ul>
                  {report.lowStock.map((p) => (
                    <li key={p.variantId}>
                      <Link to="/UpdateProducts/$productId" params={{ productId: p.productId }}>
                        {p.productName}
                      </Link>{" "}
                      <span className="meta">
                        · {p.packSize} · SKU {p.sku}
                      </span>
                      <span data-stock={p.quantity}>{p.quantity === 0 ? "Out of stock" : `${p.quantity} left`}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </section>
  );
}
