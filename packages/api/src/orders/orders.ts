// Orders as the shopper and the admin read them, and ordering one product.
import type { Prisma } from "@store/db";
import { ORDER_STATUSES, PAYMENT_STATUSES, type PaymentMethod } from "@store/domain";
import { PAGE_SIZE, type Fulfilment } from "@store/validators";
import { assertOwnCustomer } from "../trpc.ts";
import { likeText } from "../catalogue/search.ts";
import { orderSelect, toOrderOutput, toOrderWithProducts } from "./serializers.ts";
import type { Context } from "../context.ts";
import { type AuthedContext, type CustomerContext, assertOwnRecord, searchedId } from "../platform/context-guards.ts";
import { idempotencyKeyOf, once } from "../platform/idempotency.ts";
import { assertMayOrder } from "./order-limits.ts";
import { payBefore } from "./pay-before.ts";
import { placeOrder, type OrderLine } from "./order-placement.ts";
import { assertOffered } from "../payments/payment-options.ts";
import { afterPlacing } from "../payments/gateway-payments.ts";
import { StoreError } from "../platform/errors.ts";
import { choosePack } from "./variant-choice.ts";
import { FULFILMENT_LINES } from "./order-desk-list.ts";
import { customerBuyer, recordCheckoutConsent } from "./order-buyer.ts";
import { startCodConfirmation } from "./cod-confirmation.ts";
import { markAddressUsed } from "../accounts/addresses/addresses.ts";

export type OrderView = "all" | "shipping" | "delivered";

const views = {
  all: {},
  shipping: { orderStatus: { notIn: ["Completed", "Cancelled"] } },
  delivered: { orderStatus: "Completed" },
} satisfies Record<OrderView, Prisma.ProductOrderWhereInput>;

/**
 * Order one product (docs/store-spec.md §7 POST /productOrder/save); a customerId sent must be the caller's
 * own. The pack is `variantId`, or the product's only active pack (variant-choice.ts).
 */
export async function orderOneProduct(
  ctx: CustomerContext,
  input: {
    productId: number;
    variantId?: number;
    quantity: number;
    customerId?: number;
    idempotencyKey?: string;
    paymentMethod: PaymentMethod;
    addressId?: number;
    whatsappOptIn?: boolean;
  },
) {
  if (input.customerId !== undefined) assertOwnCustomer(ctx.auth, input.customerId, "orders");
  const asked = { productId: input.productId, variantId: input.variantId, quantity: input.quantity };
  const method = input.paymentMethod;
  const answer = await once(ctx, idempotencyKeyOf(ctx, input.idempotencyKey), { ...asked, method, addressId: input.addressId }, async (tx) => {
    const settings = await assertMayOrder(tx, ctx.customerId);
    assertOffered(method, settings, ctx.services);
    const pack = await choosePack(tx, input.productId, input.variantId);
    const line: OrderLine = { productId: pack.productId, variantId: pack.variantId, quantity: input.quantity };
    const buyer = await customerBuyer(tx, ctx.customerId, input.addressId);
    await recordCheckoutConsent(tx, buyer, input.whatsappOptIn);
    const placed = await placeOrder(tx, buyer, [line], method, settings, ctx.services.mail);
    // issue 29: with codConfirmation "otp" a COD order waits for the buyer's SMS code
    await startCodConfirmation(
      tx,
      ctx.services,
      { productOrderId: placed.productOrderId, paymentMethod: method, phone: buyer.phone, grandTotal: placed.totals.grandTotal },
      settings,
    );
    await markAddressUsed(tx, buyer.addressId);
    const [order] = placed.lines;
    if (!order) throw new Error("an order of one line was placed without its line");
    return { success: true, message: `Order ${placed.productOrderId} placed.`, productOrderId: placed.productOrderId, order: toOrderOutput(order) };
  });
  ctx.services.productEvents.changed();
  await afterPlacing(ctx, answer.productOrderId, method);
  return answer;
}

export async function latestOrders(ctx: Context) {
  return (await ctx.db.productOrder.findMany({ select: orderSelect, orderBy: { orderId: "desc" }, take: 1000 })).map(toOrderOutput);
}

function orderSearch(q: string): Prisma.ProductOrderWhereInput {
  if (!q) return {};
  const id = searchedId(q);
  const word = q.toLowerCase();
  return {
    OR: [
      { productName: { contains: likeText(q), mode: "insensitive" } },
      { productOrderId: { contains: likeText(q), mode: "insensitive" } },
      { customerName: { contains: likeText(q), mode: "insensitive" } },
      // statuses are one of a few known words: match the word here, so the database compares
      // exactly (B-tree) instead of ILIKE over every row
      ...ORDER_STATUSES.filter((st) => st.toLowerCase() === word).map((st) => ({ orderStatus: st })),
      ...PAYMENT_STATUSES.filter((st) => st.toLowerCase() === word).map((st) => ({ paymentStatus: st })),
      ...(id !== undefined ? [{ orderId: id }, { customerId: id }, { productId: id }] : []),
    ],
  };
}

interface OrderListFilters {
  search: string;
  view: OrderView;
  customerId?: number;
  fulfilment?: Fulfilment;
}

/** The admin order list's filters (and its CSV export's). */
export const orderListWhere = (input: OrderListFilters): Prisma.ProductOrderWhereInput => ({
  AND: [
    views[input.view],
    input.customerId ? { customerId: input.customerId } : {},
    input.fulfilment ? FULFILMENT_LINES[input.fulfilment] : {},
    orderSearch(input.search),
  ],
});

export async function orderPage(ctx: Context, input: OrderListFilters & { page: number }) {
  const where = orderListWhere(input);
  // Counting every order is a scan of the whole table (slow at 100,000 orders, above all on
  // PGlite). Orders are only ever created together with a stock change, which empties the product
  // cache on every instance, and never deleted: so the count of all orders can be kept in that
  // cache and stays exact.
  const all = !input.search && input.view === "all" && !input.customerId && !input.fulfilment;
  const [rows, total] = await Promise.all([
    ctx.db.productOrder.findMany({ where, select: orderSelect, orderBy: { orderId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    all ? ctx.services.productCache.get("orders:count:all", () => ctx.db.productOrder.count()) : ctx.db.productOrder.count({ where }),
  ]);
  return { items: rows.map(toOrderOutput), total, page: input.page, pageSize: PAGE_SIZE };
}

/** One order line, for its owner or an admin. */
export async function orderById(ctx: AuthedContext, orderId: number) {
  const order = await ctx.db.productOrder.findUnique({ where: { orderId }, select: orderSelect });
  const notFound = `Order ${orderId} was not found.`;
  if (!order) throw new StoreError(404, "NOT_FOUND", notFound);
  assertOwnRecord(ctx.auth, order.customerId, notFound);
  return toOrderOutput(order);
}

async function ordersOf(ctx: AuthedContext, customerId: number) {
  assertOwnCustomer(ctx.auth, customerId, "orders");
  return ctx.db.productOrder.findMany({ where: { customerId }, select: orderSelect, orderBy: { orderId: "desc" }, take: 500 });
}

export const customerOrders = async (ctx: AuthedContext, customerId: number) => (await ordersOf(ctx, customerId)).map(toOrderOutput);

/** My Orders: the lines with their products, and on the lines of an unpaid UPI order the time to pay it by. */
export async function customerOrderProducts(ctx: AuthedContext, customerId: number) {
  const lines = await ordersOf(ctx, customerId);
  const unpaidUpi = await ctx.db.order.findMany({
    where: { customerId, paymentMethod: "UPI", paymentStatus: "Pending" },
    select: { productOrderId: true, paymentMethod: true, paymentStatus: true, expiresAt: true },
  });
  const statusesOf = (productOrderId: string) => lines.filter((l) => l.productOrderId === productOrderId).map((l) => l.orderStatus);
  const deadlines = new Map(unpaidUpi.map((o) => [o.productOrderId, payBefore(o, statusesOf(o.productOrderId))]));
  return { orderProducts: lines.map((l) => toOrderWithProducts(l, deadlines.get(l.productOrderId) ?? null)) };
}
