import { TRPCError } from "@trpc/server";
import { DELIVERY_DAYS, ORDER_STATUSES, RETURN_WINDOW_DAYS, type OrderStatus } from "@store/validators";
import type { Db, Prisma } from "@store/db";
import { z } from "zod";
import { productImageUrl } from "./images.ts";
import { toRupees } from "./money.ts";

type Tx = Prisma.TransactionClient;

export interface OrderLine {
  productId: number;
  quantity: number;
}

/**
 * Options for the transactions that take or give back stock. Prisma's defaults (wait 2 s for a
 * connection, 5 s in all) fail with "Unable to start a transaction" when many customers order the
 * same product at once: they queue for the pool and then for the product's row lock.
 */
export const STOCK_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

// India has no daylight saving: its date is the UTC date of the time 5 h 30 min later
const IST_OFFSET_MS = 330 * 60 * 1000;

/** "ORD-YYYYMMDD-": the order reference's prefix, with the date in India. */
function referencePrefix(at: Date): string {
  return `ORD-${new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "")}-`;
}

type Queryable = Pick<Db, "$queryRaw">;

/** The columns orderSelect reads, as one raw row (the product's pack size and image ride along). */
type RawOrderRow = Omit<OrderRow, "product"> & { packSize: string; imageHash: string | null };
const fromRaw = ({ packSize, imageHash, ...order }: RawOrderRow): OrderRow => ({ ...order, product: { packSize, imageHash } });

/**
 * One order line in ONE statement: take the stock with a conditional UPDATE (it can never go below
 * zero, even when many customers order the last units at once: a concurrent order waits for the
 * row lock and re-checks `quantity >= n`), and write the order with name and price from the
 * product record and the customer's address as they are now. Raw SQL because this is the store's
 * hottest write: as Prisma calls it was 6 statements and most of the CPU of an order (measured,
 * see bench/README.md). `reference` is either a fixed productOrderId (a cart checkout) or null to
 * number a new reference in the same statement.
 */
async function insertOrderLine(db: Queryable, customerId: number, line: OrderLine, productOrderId: string | null, now: Date) {
  const deliveryDate = new Date(now.getTime() + DELIVERY_DAYS * 24 * 3600 * 1000);
  const rows = await db.$queryRaw<RawOrderRow[]>`
    WITH ref AS (
      INSERT INTO "OrderReference" ("createdAt") SELECT ${now}::timestamp(3) WHERE ${productOrderId}::text IS NULL RETURNING id
    ), c AS (
      SELECT "firstName" || ' ' || "lastName" AS name,
             "houseNo" || ', ' || "areaAddress" || ', ' || city || ', ' || state || ' ' || "pinCode" AS address
      FROM "Customer" WHERE "customerId" = ${customerId}::int
    ), p AS (
      UPDATE "Product" SET quantity = quantity - ${line.quantity}::int, "updatedAt" = ${now}::timestamp(3)
      WHERE "productId" = ${line.productId}::int AND "deletedAt" IS NULL AND quantity >= ${line.quantity}::int AND EXISTS (SELECT 1 FROM c)
      RETURNING "productId", "productName", "productPrice", COALESCE("deliveryCharge", 0) AS "deliveryCharge", "packSize", "imageHash"
    ), o AS (
      INSERT INTO "ProductOrder" ("productOrderId", "customerId", "customerName", "shippingAddress", "productId", "productName",
        "productPrice", "deliveryCharge", "orderTotalPrice", quantity, "deliveryDate", "startDate", "orderAddDateTime", "updatedAt")
      SELECT COALESCE(${productOrderId}::text, ${referencePrefix(now)}::text || lpad((SELECT id FROM ref)::text, 6, '0')),
        ${customerId}::int, c.name, c.address, p."productId", p."productName", p."productPrice", p."deliveryCharge",
        p."productPrice" * ${line.quantity}::int + p."deliveryCharge", ${line.quantity}::int,
        ${deliveryDate}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
      FROM p, c
      RETURNING *
    )
    SELECT o."orderId", o."productOrderId", o."customerId", o."customerName", o."shippingAddress", o."productId", o."productName",
      o."productPrice", o."deliveryCharge", o."orderTotalPrice", o.quantity, o."paymentStatus", o."returnStatus", o."returnReason",
      o."returnRequestedAt", o."orderStatus", o."deliveryDate", o."startDate", o."endDate", o."orderAddDateTime", o."updatedAt",
      p."packSize", p."imageHash"
    FROM o, p`;
  if (rows[0]) return fromRaw(rows[0]);
  throw await whyNotPlaced(db as Db, customerId, line);
}

/** The order could not be written: say why, in words a shopper understands. */
async function whyNotPlaced(db: Db, customerId: number, line: OrderLine): Promise<TRPCError> {
  const customer = await db.customer.findUnique({ where: { customerId }, select: { customerId: true } });
  if (!customer) return new TRPCError({ code: "NOT_FOUND", message: "Your account was not found." });
  const product = await db.product.findUnique({ where: { productId: line.productId }, select: { productName: true, quantity: true, deletedAt: true } });
  if (!product || product.deletedAt) return new TRPCError({ code: "NOT_FOUND", message: `Product ${line.productId} is no longer sold.` });
  return new TRPCError({
    code: "CONFLICT",
    message:
      product.quantity === 0
        ? `${product.productName} is out of stock.`
        : `Only ${product.quantity} left of ${product.productName}. Please lower the quantity.`,
  });
}

/** One product ordered on its own: a single statement, atomic without an interactive transaction. */
export async function placeOrder(db: Db, customerId: number, line: OrderLine) {
  const order = await insertOrderLine(db, customerId, line, null, new Date());
  return { productOrderId: order.productOrderId, orders: [order] };
}

/**
 * Places the lines as orders of one checkout, in the caller's transaction (all or nothing),
 * sharing one order reference.
 */
export async function placeOrders(tx: Tx, customerId: number, lines: OrderLine[]) {
  const now = new Date();
  const [ref] = await tx.$queryRaw<{ id: number }[]>`INSERT INTO "OrderReference" ("createdAt") VALUES (${now}::timestamp(3)) RETURNING id`;
  const productOrderId = `${referencePrefix(now)}${String(ref.id).padStart(6, "0")}`;
  const created = [];
  // lock rows in a fixed order so two checkouts of the same products cannot deadlock
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    created.push(await insertOrderLine(tx, customerId, line, productOrderId, now));
  }
  return { productOrderId, orders: created };
}

export const orderSelect = {
  orderId: true,
  productOrderId: true,
  customerId: true,
  customerName: true,
  shippingAddress: true,
  productId: true,
  productName: true,
  productPrice: true,
  deliveryCharge: true,
  orderTotalPrice: true,
  quantity: true,
  paymentStatus: true,
  returnStatus: true,
  returnReason: true,
  returnRequestedAt: true,
  orderStatus: true,
  deliveryDate: true,
  startDate: true,
  endDate: true,
  orderAddDateTime: true,
  updatedAt: true,
  product: { select: { imageHash: true, packSize: true } },
} satisfies Prisma.ProductOrderSelect;
type OrderRow = Prisma.ProductOrderGetPayload<{ select: typeof orderSelect }>;

export const orderOutput = z.object({
  orderId: z.number().int(),
  productOrderId: z.string().describe("order reference shared by the lines of one checkout"),
  customerId: z.number().int(),
  customerName: z.string(),
  shippingAddress: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productPrice: z.number().describe("rupees per unit at order time"),
  deliveryCharge: z.number().describe("rupees"),
  orderTotalPrice: z.number().describe("rupees: price x quantity + delivery charge"),
  quantity: z.number().int(),
  packSize: z.string(),
  paymentStatus: z.string(),
  returnStatus: z.string(),
  returnReason: z.string().nullable(),
  returnRequestedAt: z.date().nullable(),
  orderStatus: z.string(),
  deliveryDate: z.date().describe("expected delivery: order date + 3 days"),
  startDate: z.date(),
  endDate: z.date().nullable().describe("when it was delivered or cancelled"),
  orderAddDateTime: z.date(),
  ProductOrderDate: z.date(),
  confirmOrder: z.boolean(),
  onTheWay: z.boolean(),
  pickUp: z.boolean(),
  canRequestReturn: z.boolean(),
  productImg: z.string().nullable().describe("URL of the 150x150 image"),
  updatedAt: z.date(),
});
export type OrderOutput = z.infer<typeof orderOutput>;

const step = (status: string) => ORDER_STATUSES.indexOf(status as OrderStatus);

export function canRequestReturn(o: { orderStatus: string; returnStatus: string; endDate: Date | null }, now = new Date()): boolean {
  return (
    o.orderStatus === "Completed" &&
    o.returnStatus === "Pending" &&
    o.endDate !== null &&
    now.getTime() - o.endDate.getTime() <= RETURN_WINDOW_DAYS * 24 * 3600 * 1000
  );
}

export function toOrderOutput(o: OrderRow): OrderOutput {
  const s = step(o.orderStatus);
  const cancelled = o.orderStatus === "Cancelled";
  return {
    orderId: o.orderId,
    productOrderId: o.productOrderId,
    customerId: o.customerId,
    customerName: o.customerName,
    shippingAddress: o.shippingAddress,
    productId: o.productId,
    productName: o.productName,
    productPrice: toRupees(o.productPrice),
    deliveryCharge: toRupees(o.deliveryCharge),
    orderTotalPrice: toRupees(o.orderTotalPrice),
    quantity: o.quantity,
    packSize: o.product.packSize,
    paymentStatus: o.paymentStatus,
    returnStatus: o.returnStatus,
    returnReason: o.returnReason,
    returnRequestedAt: o.returnRequestedAt,
    orderStatus: o.orderStatus,
    deliveryDate: o.deliveryDate,
    startDate: o.startDate,
    endDate: o.endDate,
    orderAddDateTime: o.orderAddDateTime,
    ProductOrderDate: o.orderAddDateTime,
    confirmOrder: !cancelled,
    onTheWay: !cancelled && s >= 1,
    pickUp: !cancelled && s >= 2,
    canRequestReturn: canRequestReturn(o),
    productImg: productImageUrl(o.productId, o.product.imageHash, 150),
    updatedAt: o.updatedAt,
  };
}

/**
 * Admin lifecycle (issue 3): Shipped → On the way → Ready for pickup → Completed (forward only,
 * steps may be skipped), or Cancelled from any open state, which puts the stock back.
 * Payment: Pending → Paid; a Completed cash-on-delivery order is Paid.
 */
export async function changeOrderStatus(db: Db, orderId: number, change: { orderStatus?: OrderStatus; paymentStatus?: "Pending" | "Paid" }) {
  return db.$transaction(async (tx) => {
    const order = await tx.productOrder.findUnique({ where: { orderId }, select: { orderStatus: true, paymentStatus: true, productId: true, quantity: true } });
    if (!order) throw new TRPCError({ code: "NOT_FOUND", message: `Order ${orderId} was not found.` });
    const data: Prisma.ProductOrderUpdateManyMutationInput = {};
    let restock = false;
    const next = change.orderStatus;
    if (next && next !== order.orderStatus) {
      if (order.orderStatus === "Completed" || order.orderStatus === "Cancelled") {
        throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} is ${order.orderStatus} and can no longer change.` });
      }
      if (next !== "Cancelled" && step(next) < step(order.orderStatus)) {
        throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} cannot go back from ${order.orderStatus} to ${next}.` });
      }
      data.orderStatus = next;
      if (next === "Completed") {
        data.endDate = new Date();
        data.paymentStatus = "Paid";
      }
      if (next === "Cancelled") {
        data.endDate = new Date();
        restock = true;
      }
    }
    if (change.paymentStatus && change.paymentStatus !== order.paymentStatus && data.paymentStatus === undefined) {
      if (order.paymentStatus === "Paid") throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} is already Paid.` });
      data.paymentStatus = change.paymentStatus;
    }
    if (Object.keys(data).length === 0) {
      throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} already has that status.` });
    }
    // the status is re-checked in the update so two admins cannot both move the same order
    const moved = await tx.productOrder.updateMany({ where: { orderId, orderStatus: order.orderStatus, paymentStatus: order.paymentStatus }, data });
    if (moved.count === 0) throw new TRPCError({ code: "CONFLICT", message: `Order ${orderId} was changed by someone else. Please reload.` });
    if (restock) await tx.product.update({ where: { productId: order.productId }, data: { quantity: { increment: order.quantity } } });
    return { restocked: restock };
  }, STOCK_TX_OPTIONS);
}
