// The dashboard's sales charts (issue 17), drawn with Recharts from GET /api/v1/reports/sales. A
// chunk of its own, loaded only by the back office's dashboard (React.lazy).
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { paymentMethodLabel } from "@store/domain";
import { formatINR } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";

type Report = RouterOutputs["reports"]["sales"];

const COLORS = ["#0b7a75", "#f59f00", "#7a58b8", "#d9480f", "#1971c2"];
const rupeeTick = (v: number) => (v >= 100_000 ? `₹${(v / 100_000).toFixed(1)}L` : v >= 1000 ? `₹${(v / 1000).toFixed(0)}k` : `₹${v}`);
const inr = (v: unknown) => formatINR(Number(v));
const periodLabel = (interval: Report["interval"]) => (period: string) => {
  const d = new Date(`${period}T00:00:00Z`);
  return interval === "month"
    ? d.toLocaleDateString("en-IN", { month: "short", year: "2-digit", timeZone: "UTC" })
    : d.toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
};

function ChartCard({ id, title, children, summary }: { id: string; title: string; children: React.ReactElement; summary: string }) {
  return (
    <section className="card chart-card" aria-labelledby={id} data-chart={id}>
      <h2 id={id}>{title}</h2>
      <p className="visually-hidden">{summary}</p>
      <div className="chart-box">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </section>
  );
}

export default function SalesCharts({ report }: { report: Report }) {
  const label = periodLabel(report.interval);
  const per = report.interval === "day" ? "per day" : report.interval === "week" ? "per week" : "per month";
  return (
    <div className="charts">
      <ChartCard
        id="chart-revenue"
        title={`Revenue ${per}`}
        summary={`Placed ${formatINR(report.totals.placedRevenue)}, paid ${formatINR(report.totals.paidRevenue)} from ${report.from} to ${report.to}.`}
      >
        <LineChart data={report.series} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" tickFormatter={label} minTickGap={16} />
          <YAxis tickFormatter={rupeeTick} width={60} />
          <Tooltip formatter={inr} labelFormatter={(v: unknown) => label(typeof v === "string" ? v : "")} />
          <Legend />
          <Line type="monotone" dataKey="placedRevenue" name="Placed" stroke={COLORS[0]} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="paidRevenue" name="Paid" stroke={COLORS[1]} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
      <ChartCard id="chart-orders" title={`Orders ${per}`} summary={`${report.totals.orders} orders from ${report.from} to ${report.to}.`}>
        <BarChart data={report.series} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" tickFormatter={label} minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip labelFormatter={(v: unknown) => label(typeof v === "string" ? v : "")} />
          <Bar dataKey="orders" name="Orders" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard id="chart-aov" title={`Average order value ${per}`} summary={`Average order value ${formatINR(report.totals.averageOrderValue)}.`}>
        <LineChart data={report.series} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" tickFormatter={label} minTickGap={16} />
          <YAxis tickFormatter={rupeeTick} width={60} />
          <Tooltip formatter={inr} labelFormatter={(v: unknown) => label(typeof v === "string" ? v : "")} />
          <Line type="monotone" dataKey="averageOrderValue" name="Average order value" stroke={COLORS[2]} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
      <ChartCard
        id="chart-top-products"
        title="Top 10 products by revenue"
        summary={report.topProducts.map((p) => `${p.productName}: ${formatINR(p.revenue)}`).join("; ") || "No sales in this range."}
      >
        <BarChart data={report.topProducts} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" tickFormatter={rupeeTick} />
          <YAxis type="category" dataKey="productName" width={140} tick={{ fontSize: 12 }} />
          <Tooltip formatter={inr} />
          <Bar dataKey="revenue" name="Revenue" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard
        id="chart-payment-methods"
        title="Payment methods"
        summary={report.paymentMethods.map((m) => `${paymentMethodLabel(m.method)}: ${m.orders} orders`).join("; ") || "No orders in this range."}
      >
        <PieChart>
          <Pie
            data={report.paymentMethods.map((m) => ({ ...m, label: paymentMethodLabel(m.method) }))}
            dataKey="orders"
            nameKey="label"
            outerRadius={90}
            isAnimationActive={false}
          >
            {report.paymentMethods.map((m, i) => (
              <Cell key={m.method} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ChartCard>
    </div>
  );
}
