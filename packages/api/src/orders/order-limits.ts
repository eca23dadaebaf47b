// Stock hoarding (issue 13: one new account placed 24 unpaid cash-on-delivery orders and took all
// 1,703 units in 0.4 s). Each customer may have at most `maxOpenUnpaidOrders` orders that are
// neither delivered, cancelled nor paid, and place at most `maxOrdersPerHour` orders an hour
// (Settings). The customer's row is locked first, so parallel orders of one customer are counted
// one after another, on PostgreSQL as on PGlite, and on any number of server instances.
import type { Prisma } from "@store/db";
import type { PaymentMethod } from "@store/domain";
import { loadSettings, type Settings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";

type Tx = Prisma.TransactionClient;

/** Checks the limits and answers the settings it read (the order being placed needs them too). */
export async function assertMayOrder(tx: Tx, customerId: number): Promise<Settings> {
  await tx.$queryRaw`SELECT 1 FROM "Customer" WHERE "customerId" = ${customerId}::int FOR UPDATE`;
  const limits = await loadSettings(tx);
  const [counts] = await tx.$queryRaw<{ open: number; lastHour: number }[]>`
    SELECT count(DISTINCT "productOrderId") FILTER (WHERE "orderStatus" NOT IN ('Completed', 'Cancelled') AND "paymentStatus" <> 'Paid')::int AS open,
           count(DISTINCT "productOrderId") FILTER (WHERE "orderAddDateTime" > ${new Date(Date.now() - 3_600_000)}::timestamp(3))::int AS "lastHour"
    FROM "ProductOrder" WHERE "customerId" = ${customerId}::int`;
  if (!counts) return limits;
  if (counts.open >= limits.maxOpenUnpaidOrders) {
    throw new StoreError(
      429,
      "TOO_MANY_REQUESTS",
      `You have ${counts.open} orders waiting for delivery or payment, the most one account may have. Please wait for one to be delivered, or cancel one, before ordering again.`,
    );
  }
  if (counts.lastHour >= limits.maxOrdersPerHour) {
    throw new StoreError(
      429,
      "TOO_MANY_REQUESTS",
      `You have placed ${counts.lastHour} orders in the last hour, the most one account may. Please try again later, or add everything to your cart and check out once.`,
    );
  }
  return limits;
}

/**
 * The same limits for a guest (issue 29), counted over the orders placed with the phone (a guest has no
 * row to lock: a transaction-scoped advisory lock on the phone makes its parallel orders take turns).
 */
export async function assertGuestMayOrder(tx: Tx, phone: string): Promise<Settings> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`guest-order:${phone}`}))`;
  const limits = await loadSettings(tx);
  const [counts] = await tx.$queryRaw<{ open: number; lastHour: number }[]>`
    SELECT count(DISTINCT po."productOrderId") FILTER (WHERE po."orderStatus" NOT IN ('Completed', 'Cancelled') AND po."paymentStatus" <> 'Paid')::int AS open,
           count(DISTINCT po."productOrderId") FILTER (WHERE po."orderAddDateTime" > ${new Date(Date.now() - 3_600_000)}::timestamp(3))::int AS "lastHour"
    FROM "Order" o JOIN "ProductOrder" po ON po."productOrderId" = o."productOrderId" WHERE o.phone = ${phone}`;
  if (counts && counts.open >= limits.maxOpenUnpaidOrders) {
    throw new StoreError(
      429,
      "TOO_MANY_REQUESTS",
      `There are ${counts.open} orders with this phone number waiting for delivery or payment, the most one phone may have. Please wait for one to be delivered before ordering again.`,
    );
  }
  if (counts && counts.lastHour >= limits.maxOrdersPerHour) {
    throw new StoreError(
      429,
      "TOO_MANY_REQUESTS",
      `${counts.lastHour} orders were placed with this phone number in the last hour, the most one phone may. Please try again later.`,
    );
  }
  return limits;
}

/**
 * Hoarding through one big unpaid order (issue 22: one new account's single cash-on-delivery
 * checkout took 1,447 of 1,744 units). An order not paid online at placement — cash on delivery,
 * or UPI not paid yet — holds stock that may never be paid for, so it takes at most
 * `maxUnitsPerProductPerOrder` units of each product (Settings). Paid online, the limit does not apply.
 */
export async function assertUnpaidQuantities(
  tx: Tx,
  lines: readonly { productId: number; quantity: number }[],
  method: PaymentMethod,
  settings: Pick<Settings, "maxUnitsPerProductPerOrder" | "customerCareEmail" | "customerCarePhone">,
): Promise<void> {
  if (method === "ONLINE") return;
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const over = [...units].filter(([, quantity]) => quantity > settings.maxUnitsPerProductPerOrder);
  const [first] = over;
  if (!first) return;
  const [productId, quantity] = first;
  const product = await tx.product.findUnique({ where: { productId }, select: { productName: true } });
  const contact = [settings.customerCarePhone, settings.customerCareEmail].filter(Boolean).join(" or ");
  const how = method === "COD" ? "with cash on delivery" : "by UPI";
  throw new StoreError(
    400,
    "QUANTITY_ABOVE_UNPAID_LIMIT",
    `An order paid ${how} may hold at most ${settings.maxUnitsPerProductPerOrder} of one product; this one has ${quantity} of ${product?.productName ?? `product ${productId}`}. ` +
      `To buy more, please pay online, or contact the shop${contact ? ` (${contact})` : ""}.`,
  );
}
