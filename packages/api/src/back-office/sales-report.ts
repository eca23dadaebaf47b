// The dashboard's sales figures (issue 17), per IST day, week or month. An order counts on the IST
// day it was placed. Placed revenue: every order's grand total (delivery and COD fee included).
// Paid revenue: what was received and kept — the grand total less refunds of orders whose payment
// came in (Paid, Partially refunded, Refunded). Average order value: placed revenue / orders.
// Return rate: of the lines placed in the range that were delivered, the share returned
// (return Approved or Refunded). Coupons (issue 26): gross sales are the items' value before the
// discount, net sales after it (delivery and COD fee left out), over the same orders as placed
// revenue; a top product's revenue is net of its lines' discounts. Amounts are summed in paise and
// answered in rupees. Shipments (issue 28): the RTO rate of the boxes made in the range (by their
// creation's IST day) is what came back to the seller (RTO delivered) out of those that ended
// (Delivered or RTO delivered; a Cancelled box never left, so it counts in neither), overall and by
// the payment method the box was made with; ndrOpen is the boxes in NDR now, whatever the range.
import { Prisma } from "@store/db";
import { bucketsBetween, defaultInterval, istDayEnd, istDayStart, toRupees, type Interval, type PaymentMethod } from "@store/domain";
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
  items: bigint | number;
  discount: bigint | number;
  coupons: number;
}

/** RTO delivered ÷ ended, a fraction rounded to 4 decimals; null when no shipment ended. */
const rateOf = (rto: number, ended: number) => (ended === 0 ? null : Math.round((rto / ended) * 10_000) / 10_000);

/** The RTO rate of the shipments made from `start` to `end`, overall and per payment method. */
async function rtoRate(db: Context["db"], start: string, end: string) {
  const rows = await db.$queryRaw<{ method: string; ended: number; rto: number }[]>`
    SELECT s."paymentMethod" AS method,
           count(*) FILTER (WHERE s.status IN ('Delivered', 'RTO delivered'))::int AS ended,
           count(*) FILTER (WHERE s.status = 'RTO delivered')::int AS rto
    FROM "Shipment" s WHERE s."createdAt" >= ${start}::timestamp AND s."createdAt" < ${end}::timestamp GROUP BY 1`;
  const rateBy = (method: PaymentMethod) => {
    const row = rows.find((r) => r.method === method);
    return row ? rateOf(row.rto, row.ended) : null;
  };
  const ended = rows.reduce((n, r) => n + r.ended, 0);
  const rto = rows.reduce((n, r) => n + r.rto, 0);
  return {
    overall: rateOf(rto, ended),
    byPaymentMethod: { COD: rateBy("COD"), UPI: rateBy("UPI"), ONLINE: rateBy("ONLINE") },
    ended,
    rtoDelivered: rto,
  };
}

/** Sales before and after coupon discounts, in rupees. */
const discountFigures = (items: number, discount: number, couponOrders: number) => ({
  grossSales: toRupees(items),
  discountTotal: toRupees(discount),
  netSales: toRupees(items - discount),
  couponOrders,
});

export async function salesReport(ctx: Pick<Context, "db">, input: SalesReportInput) {
  const interval: Interval = input.interval ?? defaultInterval(input.from, input.to);
  // timestamps are stored as UTC without a zone: compare with UTC text of the same form
  const start = istDayStart(input.from).toISOString();
  const end = istDayEnd(input.to).toISOString();
  const inRange = Prisma.sql`o."createdAt" >= ${start}::timestamp AND o."createdAt" < ${end}::timestamp`;

  const [bucketRows, productRows, methodRows, returnRows, settings, rto, ndrOpen] = await Promise.all([
    ctx.db.$queryRaw<BucketRow[]>`
      SELECT to_char(date_trunc(${interval}, o."createdAt" + ${IST}), 'YYYY-MM-DD') AS bucket,
             count(*)::int AS orders,
             sum(o."grandTotal")::bigint AS placed,
             sum(CASE WHEN o."paymentStatus" IN ${RECEIVED} THEN o."grandTotal" - o."refundedTotal" ELSE 0 END)::bigint AS paid,
             sum(o."itemsTotal")::bigint AS items,
             sum(o."discountTotal")::bigint AS discount,
             count(o."couponCode")::int AS coupons
      FROM "Order" o WHERE ${inRange} GROUP BY 1`,
    ctx.db.$queryRaw<{ productId: number; productName: string; quantity: bigint | number; revenue: bigint | number }[]>`
      SELECT l."productId", max(l."productName") AS "productName", sum(l.quantity)::bigint AS quantity, sum(l."productPrice" * l.quantity - l.discount)::bigint AS revenue
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
    rtoRate(ctx.db, start, end),
    ctx.db.shipment.count({ where: { status: "NDR" } }),
  ]);

  const byBucket = new Map(bucketRows.map((r) => [r.bucket, r]));
  let orders = 0;
  let placed = 0;
  let paid = 0;
  let items = 0;
  let discount = 0;
  let coupons = 0;
  const series = bucketsBetween(input.from, input.to, interval).map((period) => {
    const row = byBucket.get(period);
    const o = row?.orders ?? 0;
    const pl = Number(row?.placed ?? 0);
    const pd = Number(row?.paid ?? 0);
    const it = Number(row?.items ?? 0);
    const ds = Number(row?.discount ?? 0);
    orders += o;
    placed += pl;
    paid += pd;
    items += it;
    discount += ds;
    coupons += row?.coupons ?? 0;
    return {
      period,
      orders: o,
      placedRevenue: toRupees(pl),
      paidRevenue: toRupees(pd),
      averageOrderValue: aov(pl, o),
      ...discountFigures(it, ds, row?.coupons ?? 0),
    };
  });
  const returns = returnRows[0] ?? { delivered: 0, returned: 0, requested: 0 };
  // per pack (issue 25), as the dashboard counts it: the active packs of products on sale
  const lowPacks = await ctx.db.productVariant.findMany({
    where: { active: true, stock: { lte: settings.lowStockThreshold }, product: live },
    select: { variantId: true, sku: true, label: true, stock: true, product: { select: { productId: true, productName: true } } },
    orderBy: [{ stock: "asc" }, { variantId: "asc" }],
    take: 50,
  });
  const lowStock = lowPacks.map((v) => ({ ...v.product, variantId: v.variantId, sku: v.sku, packSize: v.label, quantity: v.stock }));
  return {
    from: input.from,
    to: input.to,
    interval,
    series,
    totals: {
      orders,
      placedRevenue: toRupees(placed),
      paidRevenue: toRupees(paid),
      averageOrderValue: aov(placed, orders),
      ...discountFigures(items, discount, coupons),
    },
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
    rtoRate: rto,
    ndrOpen,
    lowStockThreshold: settings.lowStockThreshold,
    lowStock,
  };
}
