// Test helpers of the review suites: customers and reviews made straight in the database (fast: no
// password hashing), and a real delivered line made through the order procedures.
import { customerFields, type TestEnv } from "../../testing.ts";

/** a customer made straight in the database, and a caller acting as it */
export async function quickCustomer(env: TestEnv, firstName = "Asha", lastName = "Verma") {
  const { password: _p, agreeToTerms: _a, ...fields } = customerFields({ firstName, lastName });
  const { customerId } = await env.handle.db.customer.create({ data: { ...fields, passwordHash: "not-a-hash" }, select: { customerId: true } });
  return { customerId, email: fields.email, caller: env.as({ role: "customer", customerId }) };
}

/** the customer orders one unit (COD) and the store delivers it: a Completed line; its orderId */
export async function deliver(env: TestEnv, customer: { caller: ReturnType<TestEnv["as"]> }, productId: number, variantId?: number) {
  const { order } = await customer.caller.orders.save({ productId, quantity: 1, ...(variantId ? { variantId } : {}) });
  await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" });
  return order.orderId;
}

/** a review written straight in the database */
export async function reviewRow(
  env: TestEnv,
  data: { productId: number; customerId: number; rating: number; status?: string; createdAt?: Date; variantId?: number; rejectReason?: string },
) {
  const row = await env.handle.db.review.create({ data: { body: "Written for a test, long enough.", ...data }, select: { reviewId: true } });
  return row.reviewId;
}

/** the settings the order procedures need in a test database */
export const ORDER_SETTINGS = { upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 };
