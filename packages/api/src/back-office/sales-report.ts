// The dashboard's sales figures (issue 17), per IST day, week or month. An order counts on the IST
// day it was placed. Placed revenue: every order's grand total (delivery and COD fee included).
// Paid revenue: what was received and kept — the grand total less refunds of orders whose payment
// came in (Paid, Partially refunded, Refunded). Average order value: placed revenue / orders.
// Return rate: of the lines placed in the range that were delivered, the share returned
// (return Approved or Refunded). Amounts are summed in paise and answered in rupees.
import { Prisma } from "@store/db";
import { bucketsBetween, defaultInterval, istDayEnd, istDayStart, toRupees, type Interval } from "@store/domain";
import type { SalesReportInput } from "@store/validators";
import type { Context } from "../context.ts";
import { loadSettings } from "./settings.ts";
import { live } from "../catalogue/products.ts";

const RECEIVED = Prisma.sql`('Paid', 'Partially refunded', 'Refunded')`;
const IST = Prisma.sql`interval '330 minutes'`;
const aov = (placedPaise: number, orders: number) => (orders === 0 ? 0 : toRupees(Math.round(placedPaise / orders)));

interface BucketRow {
  bucket: string;
  orders: number;
  placed: bigint | number;
  paid: bigint | number;
}

export async function salesReport(ctx: Pick<Context, "db">, input: SalesReportInput) {
  const interval: Interval = input.interval ?? defaultInterval(input.from, input.to);
  // timestamps are stored as UTC without a zone: compare with UTC text of the same form
  const start = istDayStart(input.from).toISOString();
  const end = istDayEnd(input.to).toISOString();
  const inRange = Prisma.sql`o."createdAt" >= ${start}::timestamp AND o."createdAt" < ${end}::timestamp`;

  const [bucketRows, productRows, methodRows, returnRows, settings] = await Promise.all([
    ctx.db.$queryRaw<BucketRow[]>`
      SELECT to_char(date_trunc(${interval}, o."createdAt" + ${IST}), 'YYYY-MM-DD') AS bucket,
             count(*)::int AS orders,
             sum(o."grandTotal")::bigint AS placed,
             sum(CASE WHEN o."paymentStatus" IN ${RECEIVED} THEN o."grandTotal" - o."refundedTotal" ELSE 0 END)::bigint AS paid
      FROM "Order" o WHERE ${inRange} GROUP BY 1`,
    ctx.db.$queryRaw<{ productId: number; productName: string; quantity: bigint | number; revenue: bigint | number }[]>`
      SELECT l."productId", max(l."productName") AS "productName", sum(l.quantity)::bigint AS quantity, sum(l."productPrice" * l.quantity)::bigint AS revenue
      FROM "ProductOrder" l JOIN "Order" o ON o."productOrderId" = l."productOrderId"
      WHERE ${inRange} AND l."orderStatus" <> 'Cancelled'
      GROUP BY l."productId" ORDER BY revenue DESC, l."productId" LIMIT 10`,
    ctx.db.$queryRaw<{ method: string; orders: number; placed: bigint | number }[]>`
      SELECT o."paymentMethod" AS method, count(*)::int AS orders, sum(o."grandTotal")::bigint AS placed
      FROM "Order" o WHERE ${inRange} GROUP BY 1 ORDER BY 1`,
    ctx.db.$queryRaw<{ delivered: number; returned: number; requested: number }[]>`
      SELECT count(*) FILTER (WHERE l."orderStatus" = 'Completed')::int AS delivered,
             count(*) FILTER (WHERE l."returnStatus" IN ('Approved', 'Refunded'))::int AS returned,
             count(*) FILTER (WHERE l."returnStatus" = 'Requested')::int AS requested
      FROM "ProductOrder" l JOIN "Order" o ON o."productOrderId" = l."productOrderId" WHERE ${inRange}`,
    loadSettings(ctx.db),
  ]);

  const byBucket = new Map(bucketRows.map((r) => [r.bucket, r]));
  let orders = 0;
  let placed = 0;
  let paid = 0;
  const series = bucketsBetween(input.from, input.to, interval).map((period) => {
    const row = byBucket.get(period);
    const o = row?.orders ?? 0;
    const pl = Number(row?.placed ?? 0);
    const pd = Number(row?.paid ?? 0);
    orders += o;
    placed += pl;
    paid += pd;
    return { period, orders: o, placedRevenue: toRupees(pl), paidRevenue: toRupees(pd), averageOrderValue: aov(pl, o) };
  });
  const returns = returnRows[0] ?? { delivered: 0, returned: 0, requested: 0 };
  const lowStock = await ctx.db.product.findMany({
    where: { ...live, quantity: { lte: settings.lowStockThreshold } },
    select: { productId: true, productName: true, packSize: true, quantity: true },
    orderBy: [{ quantity: "asc" }, { productId: "asc" }],
    take: 50,
  });
  return {
    from: input.from,
    to: input.to,
    interval,
    series,
    totals: { orders, placedRevenue: toRupees(placed), paidRevenue: toRupees(paid), averageOrderValue: aov(placed, orders) },
    topProducts: productRows.map((p) => ({
      productId: p.productId,
      productName: p.productName,
      quantity: Number(p.quantity),
      revenue: toRupees(Number(p.revenue)),
    })),
    paymentMethods: methodRows.map((m) => ({ method: m.method, orders: m.orders, placedRevenue: toRupees(Number(m.placed)) })),
    returns: {
      delivered: returns.delivered,
      returned: returns.returned,
      requested: returns.requested,
      rate: returns.delivered === 0 ? 0 : returns.returned / returns.delivered,
    },
    lowStockThreshold: settings.lowStockThreshold,
    lowStock,
  };
}
