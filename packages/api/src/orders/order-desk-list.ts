// The back office's order list (issue 24): one row per order — a checkout and its lines — newest
// first, 20 a page, filtered by the screen's tabs, a date range in IST, a search of the reference,
// the customer's name and phone, (issue 28) whether lines wait to be packed in a shipment, and (issue 29)
// where a COD order's confirmation by OTP stands.
import type { Prisma } from "@store/db";
import { isClosed, istDayEnd, istDayStart, toRupees } from "@store/domain";
import { PAGE_SIZE, type CodConfirmationState, type Fulfilment, type OrderListInput, type OrderListPayment, type OrderListStatus } from "@store/validators";
import type { Context } from "../context.ts";
import { likeText } from "../catalogue/search.ts";
import { awaitingAdvancePayment, toShip } from "./order-desk-rules.ts";
import { fulfilmentOf } from "./serializers.ts";

const OPEN_LINE = { orderStatus: { notIn: ["Completed", "Cancelled"] } } satisfies Prisma.ProductOrderWhereInput;

/** The lines of the packing queue (GET /orders and GET /productOrder/page) and the lines already packed. */
export const FULFILMENT_LINES = {
  "Awaiting shipment": { ...OPEN_LINE, shipmentId: null },
  "In shipment": { shipmentId: { not: null } },
} satisfies Record<Fulfilment, Prisma.ProductOrderWhereInput>;

const isAwaitingShipment = (l: { orderStatus: string; shipmentId: number | null }) => l.shipmentId === null && !isClosed(l.orderStatus);

const byStatus: Record<OrderListStatus, Prisma.OrderWhereInput> = {
  all: {},
  unfulfilled: { lines: { some: OPEN_LINE } },
  "to-ship": toShip,
  returns: { lines: { some: { returnStatus: { in: ["Requested", "Approved"] } } } },
  cancelled: { lines: { some: {}, every: { orderStatus: "Cancelled" } } },
};

const byPayment: Record<OrderListPayment, Prisma.OrderWhereInput> = {
  all: {},
  unpaid: { paymentMethod: awaitingAdvancePayment.paymentMethod, paymentStatus: { in: ["Pending", "Failed"] } },
  "awaiting-verification": { paymentStatus: "Awaiting verification" },
  paid: { paymentStatus: { in: ["Paid", "Partially refunded"] } },
  refunded: { paymentStatus: { in: ["Refunded", "Partially refunded"] } },
};

/** The reference or the customer's name (case-insensitive, anywhere in it), or digits of the customer's phone. */
async function searchWhere(db: Context["db"], search: string): Promise<Prisma.OrderWhereInput> {
  if (!search) return {};
  const text = likeText(search);
  const digits = search.replace(/[\s+-]/g, "");
  const phoneOwners = /^\d{3,10}$/.test(digits)
    ? (await db.customer.findMany({ where: { number: { contains: digits } }, select: { customerId: true }, take: 500 })).map((c) => c.customerId)
    : [];
  return {
    OR: [
      { productOrderId: { contains: text, mode: "insensitive" } },
      { customerName: { contains: text, mode: "insensitive" } },
      ...(phoneOwners.length ? [{ customerId: { in: phoneOwners } }] : []),
    ],
  };
}

const dateWhere = (from?: string, to?: string): Prisma.OrderWhereInput =>
  from || to ? { createdAt: { ...(from ? { gte: istDayStart(from) } : {}), ...(to ? { lt: istDayEnd(to) } : {}) } } : {};

export async function orderDeskPage(ctx: Pick<Context, "db">, input: OrderListInput) {
  const where: Prisma.OrderWhereInput = {
    AND: [
      byStatus[input.status],
      byPayment[input.payment],
      input.fulfilment ? { lines: { some: FULFILMENT_LINES[input.fulfilment] } } : {},
      // issue 29: Pending is the back office's list of COD orders awaiting the buyer's OTP or a call
      input.codConfirmation ? { codConfirmation: input.codConfirmation } : {},
      dateWhere(input.from, input.to),
      await searchWhere(ctx.db, input.search),
    ],
  };
  const [orders, total] = await Promise.all([
    ctx.db.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { productOrderId: "desc" }],
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: {
        productOrderId: true,
        createdAt: true,
        customerId: true,
        customerName: true,
        grandTotal: true,
        couponCode: true,
        discountTotal: true,
        paymentMethod: true,
        paymentStatus: true,
        codConfirmation: true,
        codConfirmBy: true,
        lines: {
          orderBy: { orderId: "asc" },
          select: { orderId: true, productName: true, quantity: true, orderStatus: true, returnStatus: true, shipmentId: true },
        },
      },
    }),
    ctx.db.order.count({ where }),
  ]);
  const phones = new Map(
    (
      await ctx.db.customer.findMany({
        where: { customerId: { in: [...new Set(orders.map((o) => o.customerId))] } },
        select: { customerId: true, number: true },
      })
    ).map((c) => [c.customerId, c.number]),
  );
  const items = orders.map((o) => ({
    productOrderId: o.productOrderId,
    createdAt: o.createdAt,
    customerName: o.customerName,
    phone: phones.get(o.customerId) ?? null,
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    grandTotal: toRupees(o.grandTotal),
    couponCode: o.couponCode,
    discountTotal: toRupees(o.discountTotal),
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    lineStatuses: o.lines.map((l) => ({ ...l, ...fulfilmentOf(l.shipmentId) })),
    awaitingShipment: o.lines.filter(isAwaitingShipment).length,
    codConfirmation: o.codConfirmation as CodConfirmationState | null,
    codConfirmBy: o.codConfirmBy,
  }));
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}
