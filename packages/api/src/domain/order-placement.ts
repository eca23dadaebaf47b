// Placing orders: one product on its own, or every line of a cart in one checkout.
import { TRPCError } from "@trpc/server";
import { Prisma, type Db } from "@store/db";
import { expectedDelivery, orderReference, orderReferencePrefix } from "@store/domain";
import type { OrderRow } from "../serialize/orders.ts";
import { takeStockSql } from "./stock.ts";

type Tx = Prisma.TransactionClient;
type Queryable = Pick<Db, "$queryRaw" | "customer" | "product">;

export interface OrderLine {
  productId: number;
  quantity: number;
}

/** The columns orderSelect reads, as one raw row (the product's pack size and image ride along). */
type RawOrderRow = Omit<OrderRow, "product"> & { packSize: string; imageHash: string | null };
const fromRaw = ({ packSize, imageHash, ...order }: RawOrderRow): OrderRow => ({ ...order, product: { packSize, imageHash } });

/**
 * One order line in ONE statement: take the stock (stock.ts) and write the order with name and
 * price from the product record and the customer's address as they are now. Raw SQL because this
 * is the store's hottest write: as Prisma calls it was 6 statements and most of the CPU of an order
 * (measured, see bench/README.md). `productOrderId` is either a fixed reference (a cart checkout)
 * or null to number a new reference in the same statement.
 */
async function insertOrderLine(db: Queryable, customerId: number, line: OrderLine, productOrderId: string | null, now: Date): Promise<OrderRow> {
  const customerExists = Prisma.sql`EXISTS (SELECT 1 FROM c)`;
  const rows = await db.$queryRaw<RawOrderRow[]>`
    WITH ref AS (
      INSERT INTO "OrderReference" ("createdAt") SELECT ${now}::timestamp(3) WHERE ${productOrderId}::text IS NULL RETURNING id
    ), c AS (
      SELECT "firstName" || ' ' || "lastName" AS name,
             "houseNo" || ', ' || "areaAddress" || ', ' || city || ', ' || state || ' ' || "pinCode" AS address
      FROM "Customer" WHERE "customerId" = ${customerId}::int
    ), p AS (${takeStockSql(line.productId, line.quantity, now, customerExists)}
    ), o AS (
      INSERT INTO "ProductOrder" ("productOrderId", "customerId", "customerName", "shippingAddress", "productId", "productName",
        "productPrice", "deliveryCharge", "orderTotalPrice", quantity, "deliveryDate", "startDate", "orderAddDateTime", "updatedAt")
      SELECT COALESCE(${productOrderId}::text, ${orderReferencePrefix(now)}::text || lpad((SELECT id FROM ref)::text, 6, '0')),
        ${customerId}::int, c.name, c.address, p."productId", p."productName", p."productPrice", p."deliveryCharge",
        p."productPrice" * ${line.quantity}::int + p."deliveryCharge", ${line.quantity}::int,
        ${expectedDelivery(now)}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
      FROM p, c
      RETURNING *
    )
    SELECT o."orderId", o."productOrderId", o."customerId", o."customerName", o."shippingAddress", o."productId", o."productName",
      o."productPrice", o."deliveryCharge", o."orderTotalPrice", o.quantity, o."paymentStatus", o."returnStatus", o."returnReason",
      o."returnRequestedAt", o."orderStatus", o."deliveryDate", o."startDate", o."endDate", o."orderAddDateTime", o."updatedAt",
      p."packSize", p."imageHash"
    FROM o, p`;
  const [row] = rows;
  if (row) return fromRaw(row);
  throw await whyNotPlaced(db, customerId, line);
}

/** The order could not be written: say why, in words a shopper understands. */
async function whyNotPlaced(db: Queryable, customerId: number, line: OrderLine): Promise<TRPCError> {
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

/** One product ordered on its own: a single statement (run in the caller's transaction, see orders.ts). */
export async function placeOrder(db: Queryable, customerId: number, line: OrderLine): Promise<{ productOrderId: string; order: OrderRow }> {
  const order = await insertOrderLine(db, customerId, line, null, new Date());
  return { productOrderId: order.productOrderId, order };
}

/** Places the lines as orders of one checkout, in the caller's transaction (all or nothing), sharing one order reference. */
export async function placeOrders(tx: Tx, customerId: number, lines: OrderLine[]): Promise<{ productOrderId: string; orders: OrderRow[] }> {
  const now = new Date();
  const [ref] = await tx.$queryRaw<{ id: number }[]>`INSERT INTO "OrderReference" ("createdAt") VALUES (${now}::timestamp(3)) RETURNING id`;
  if (!ref) throw new Error("INSERT … RETURNING gave no order reference");
  const productOrderId = orderReference(now, ref.id);
  const created: OrderRow[] = [];
  // lock rows in a fixed order so two checkouts of the same products cannot deadlock
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    created.push(await insertOrderLine(tx, customerId, line, productOrderId, now));
  }
  return { productOrderId, orders: created };
}
