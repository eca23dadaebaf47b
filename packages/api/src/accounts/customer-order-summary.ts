// The admin customer list's order figures (issue 24): per customer, how many orders (checkouts, one
// productOrderId each), the money spent and the last order, from one grouped query over the page's
// customers. "Total spent" is what the dashboard calls "Revenue paid", per customer: money received
// and kept — the grand total (delivery and COD fee included) less refunds paid out, of orders whose
// payment came in (Paid, Partially refunded, Refunded). Orders never paid (cash on delivery not yet
// collected, UPI pending or awaiting verification, failed, cancelled before payment) count as
// orders but add nothing; a refund not yet paid out still counts as spent until it is.
import { Prisma } from "@store/db";
import { toRupees } from "@store/domain";
import type { Db } from "@store/db";

const RECEIVED = Prisma.sql`('Paid', 'Partially refunded', 'Refunded')`;

export interface CustomerOrderSummary {
  ordersCount: number;
  /** rupees */
  totalSpent: number;
  lastOrderAt: Date | null;
}

const NONE: CustomerOrderSummary = { ordersCount: 0, totalSpent: 0, lastOrderAt: null };

interface Row {
  customerId: number;
  orders: number;
  spent: bigint | number | null;
  last: Date | null;
}

/** Each customer with its order figures; customers without orders get 0, 0 and null. */
export async function withOrderSummary<T extends { customerId: number }>(db: Db, customers: T[]): Promise<(T & CustomerOrderSummary)[]> {
  if (customers.length === 0) return [];
  const ids = customers.map((c) => c.customerId);
  const rows = await db.$queryRaw<Row[]>`
    SELECT o."customerId" AS "customerId",
           count(*)::int AS orders,
           sum(CASE WHEN o."paymentStatus" IN ${RECEIVED} THEN o."grandTotal" - o."refundedTotal" ELSE 0 END)::bigint AS spent,
           max(o."createdAt") AS last
    FROM "Order" o
    WHERE o."customerId" = ANY(${ids}::int[])
    GROUP BY o."customerId"`;
  const byCustomer = new Map(
    rows.map((r) => [r.customerId, { ordersCount: r.orders, totalSpent: toRupees(Number(r.spent ?? 0)), lastOrderAt: r.last } satisfies CustomerOrderSummary]),
  );
  return customers.map((c) => ({ ...c, ...(byCustomer.get(c.customerId) ?? NONE) }));
}
