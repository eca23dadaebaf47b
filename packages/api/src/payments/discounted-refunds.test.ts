// Refunds of an order placed with a coupon (issue 26, contracts/offers.md "Refunds"): a cancelled or
// returned line gives back its value less its discount, plus its delivery as before (and the COD fee
// with the last line); the order's refunds add up to its grand total and never pass it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { discountOrder } from "../invoices/discount-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 30 });
});
afterAll(() => env.close());

const db = () => env.handle.db;

/** A paid COD order (the owner recorded the cash) of one line per price, the first with ₹40 delivery. */
async function paidOrder(prices: number[]) {
  const c = await env.newCustomer();
  for (const [i, price] of prices.entries()) {
    const productId = await env.newProduct({ productPrice: price, deliveryCharge: i === 0 ? 40 : "Free", quantity: 20 });
    await c.caller.cart.save({ productId, quantity: 2 });
  }
  const { productOrderId, orders } = await c.caller.cart.checkout({ paymentMethod: "COD" });
  const lines = await db().productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
  return { c, productOrderId, orders, lines };
}
const markPaid = (orderId: number) => env.admin.orders.updateStatus({ orderId, paymentStatus: "Paid" });
const refundRow = (orderId: number) => db().refund.findUniqueOrThrow({ where: { orderId } });
const header = (productOrderId: string) => db().order.findUniqueOrThrow({ where: { productOrderId } });

describe("a discounted line's refund", () => {
  it("a cancelled line refunds its amount less its discount plus its delivery; the returned last line the rest with the COD fee; together the grand total", async () => {
    const o = await paidOrder([199, 89.5]);
    const [first, second] = o.lines;
    if (!first || !second) throw new Error("two lines");
    const shares = await discountOrder(db(), o.productOrderId, { total: 7_777 });
    await markPaid(first.orderId);

    const cancelled = await env.admin.orders.updateStatus({ orderId: first.orderId, orderStatus: "Cancelled" });
    const firstAmount = first.productPrice * first.quantity - (shares[0] ?? 0) + first.deliveryCharge;
    expect(first.deliveryCharge).toBe(4_000);
    expect(await refundRow(first.orderId)).toMatchObject({ amount: firstAmount, status: "Pending" });
    expect(cancelled.message).toContain("Cancelled");
    const view = await env.admin.orders.order({ productOrderId: o.productOrderId });
    expect(view.refunds[0]).toMatchObject({ orderId: first.orderId, amount: firstAmount / 100 });
    await env.admin.payments.recordRefund({ productOrderId: o.productOrderId, refundId: view.refunds[0]?.refundId ?? 0, reference: "NEFT-CPN-1" });

    await env.admin.orders.updateStatus({ orderId: second.orderId, orderStatus: "Completed" });
    await o.c.caller.orders.requestReturn({ orderId: second.orderId, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: second.orderId, returnStatus: "Approved" });
    const secondAmount = second.productPrice * second.quantity - (shares[1] ?? 0) + 3_000;
    const refund = await refundRow(second.orderId);
    expect(refund.amount).toBe(secondAmount);
    await env.admin.payments.recordRefund({ productOrderId: o.productOrderId, refundId: refund.refundId, reference: "NEFT-CPN-2" });

    const after = await header(o.productOrderId);
    expect(firstAmount + secondAmount).toBe(after.grandTotal);
    expect(after).toMatchObject({ refundedTotal: after.grandTotal, paymentStatus: "Refunded" });
  });

  it("the refunds never pass the grand total, even when the lines' discounts were mended to less than the order's", async () => {
    const o = await paidOrder([120, 60]);
    const [first, second] = o.lines;
    if (!first || !second) throw new Error("two lines");
    await discountOrder(db(), o.productOrderId, [1_200, 600]);
    // a hand-mended row: the lines now claim less discount than the order was given
    await db().productOrder.update({ where: { orderId: second.orderId }, data: { discount: 0 } });
    await markPaid(first.orderId);
    await env.admin.orders.updateStatus({ orderId: first.orderId, orderStatus: "Cancelled" });
    await env.admin.orders.updateStatus({ orderId: second.orderId, orderStatus: "Cancelled" });
    const refunds = await db().refund.findMany({ where: { productOrderId: o.productOrderId } });
    const { grandTotal } = await header(o.productOrderId);
    expect(refunds.map((r) => r.amount)).toEqual([24_000 - 1_200 + 4_000, grandTotal - (24_000 - 1_200 + 4_000)]);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(grandTotal);
  });

  it("an order without a coupon refunds as before: the line's total", async () => {
    const o = await paidOrder([75, 50]);
    const [first] = o.lines;
    if (!first) throw new Error("a line");
    await markPaid(first.orderId);
    await env.admin.orders.updateStatus({ orderId: first.orderId, orderStatus: "Cancelled" });
    expect((await refundRow(first.orderId)).amount).toBe(first.orderTotalPrice);
  });
});
