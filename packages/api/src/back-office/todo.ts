// Today's work first (issue 24): what waits for the shop, as numbers for the back office's first
// screen. Each count is the list the shop would open to do that work.
import type { Context } from "../context.ts";
import { live } from "../catalogue/products.ts";
import { toShip } from "../orders/order-desk-rules.ts";
import { loadSettings } from "./settings.ts";

export async function todoCounts(ctx: Pick<Context, "db">) {
  const { lowStockThreshold } = await loadSettings(ctx.db);
  const [paymentsToVerify, returnsToDecide, ordersToShip, lowStock, failedMessages] = await Promise.all([
    ctx.db.order.count({ where: { paymentStatus: "Awaiting verification" } }),
    ctx.db.productOrder.count({ where: { returnStatus: "Requested" } }),
    ctx.db.order.count({ where: toShip }),
    // low stock is per pack (issue 25): the active packs of products on sale at or under the threshold
    ctx.db.productVariant.count({ where: { active: true, stock: { lte: lowStockThreshold }, product: live } }),
    ctx.db.outboxMessage.count({ where: { status: "failed" } }),
  ]);
  return { paymentsToVerify, returnsToDecide, ordersToShip, lowStock, lowStockThreshold, failedMessages };
}
