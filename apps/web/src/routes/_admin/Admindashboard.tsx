import { createFileRoute, Link } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { SalesOverview } from "../../components/admin/SalesOverview";
import { StatusBadge } from "../../components/admin/StatusBadge";
import { TodayWork } from "../../components/admin/TodayWork";
import { formatDateTime, formatINR } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/Admindashboard")({
  loader: ({ context }) => {
    void context.trpc.stats.dashboard.prefetch();
    void context.trpc.reports.todo.prefetch();
  },
  component: Dashboard,
});

type Stats = RouterOutputs["stats"]["dashboard"];

const TILES = [
  { key: "customers", label: "Total Customer", to: "/customer-management" },
  { key: "products", label: "Total Product", to: "/product-management" },
  { key: "orders", label: "Total Order", to: "/total-order" },
  { key: "completed", label: "Total Delivery", to: "/TotalOrderDelivery" },
  { key: "pending", label: "Total Pending Delivery", to: "/totalShippingOrder" },
  { key: "cart", label: "Total AddToCart", to: "/totalAddToCart" },
] as const;

function Dashboard() {
  const query = trpc.stats.dashboard.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Dashboard | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Dashboard</h1>
      </div>
      <TodayWork />
      <QueryState query={query}>{(stats) => <DashboardBody stats={stats} />}</QueryState>
    </section>
  );
}

function DashboardBody({ stats }: { stats: Stats }) {
  return (
    <>
      <ul className="tiles">
        {TILES.map((t) => (
          <li key={t.key}>
            <Link to={t.to} className="tile" data-tile={t.key} aria-label={`${t.label}: ${stats[t.key]}`}>
              <span className="tile-count">{stats[t.key].toLocaleString("en-IN")}</span>
              <span className="tile-label">{t.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <SalesOverview />
      <div className="activity">
        {/* spec §2: the activity panel repeats the six counts */}
        <section className="card" aria-labelledby="activity-counts">
          <h2 id="activity-counts">Store activity</h2>
          <dl className="activity-counts">
            {TILES.map((t) => (
              <div key={t.key}>
                <dt>{t.label}</dt>
                <dd data-count={t.key}>{stats[t.key].toLocaleString("en-IN")}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card" aria-labelledby="recent-orders">
          <h2 id="recent-orders">Latest orders</h2>
          {stats.recentOrders.length === 0 ? (
            <p className="empty">No Order found.</p>
          ) : (
            <ul>
              {stats.recentOrders.map((o) => (
                <li key={o.orderId}>
                  <span>
                    <Link to="/orders/$productOrderId" params={{ productOrderId: o.productOrderId }}>
                      {o.productOrderId}
                    </Link>{" "}
                    · {o.productName} × {o.quantity}
                    <span className="meta">
                      {" "}
                      · {o.customerName} · {formatDateTime(o.orderAddDateTime)}
                    </span>
                  </span>
                  <span>
                    {formatINR(o.orderTotalPrice)} <StatusBadge value={o.orderStatus} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="recent-customers">
          <h2 id="recent-customers">Latest sign-ups</h2>
          {stats.recentCustomers.length === 0 ? (
            <p className="empty">No Customer found.</p>
          ) : (
            <ul>
              {stats.recentCustomers.map((c) => (
                <li key={c.customerId}>
                  <span>
                    <Link to="/updatecustomer/$customerId" params={{ customerId: c.customerId }}>
                      {c.firstName} {c.lastName}
                    </Link>
                    <span className="meta">
                      {" "}
                      · {c.city} · {formatDateTime(c.createdAt)}
                    </span>
                  </span>
                  <StatusBadge value={c.customerStatus ? "Active" : "Inactive"} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
