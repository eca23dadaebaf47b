// A coupon's uses (issue 26, contracts/offers.md "Usage accounting"): taken in the order's own
// transaction, given back when the order comes to nothing (every line cancelled, an unpaid UPI order
// expired, a failed gateway payment). Coupon.usedCount counts the uses not given back.
import type { Prisma } from "@store/db";
import { StoreError } from "../platform/errors.ts";
import { customerUses } from "./quote.ts";

type Tx = Prisma.TransactionClient;

export interface CouponUseInput {
  couponId: number;
  /** 0: a guest (issue 29), whose uses are counted by phone */
  customerId: number;
  /** the buyer's phone, kept on every use */
  phone?: string | null;
  productOrderId: string;
  /** paise the coupon took off (a free-shipping coupon: the delivery it saved) */
  discount: number;
}

/**
 * Counts the use. The limit check and the increment are ONE statement: of many checkouts at once,
 * each waits for the coupon's row lock and re-checks `usedCount < usageLimit` on the row as the
 * previous one left it, so no more orders get the coupon than its limit. The row lock then also
 * makes one customer's checkouts with this coupon take turns, so their own count is exact too.
 */
export async function takeCouponUse(tx: Tx, use: CouponUseInput): Promise<void> {
  const [taken] = await tx.$queryRaw<{ code: string; perCustomerLimit: number }[]>`
    UPDATE "Coupon" SET "usedCount" = "usedCount" + 1
    WHERE "couponId" = ${use.couponId}::int AND active AND ("usageLimit" IS NULL OR "usedCount" < "usageLimit")
    RETURNING code, "perCustomerLimit"`;
  if (!taken) {
    const coupon = await tx.coupon.findUniqueOrThrow({ where: { couponId: use.couponId }, select: { code: true, active: true } });
    if (!coupon.active) throw new StoreError(400, "COUPON_INACTIVE", `The code ${coupon.code} is no longer active.`);
    throw new StoreError(409, "USAGE_LIMIT_REACHED", `The code ${coupon.code} has been used as many times as it can be.`);
  }
  if ((await customerUses(tx, use.couponId, use.customerId, use.phone)) >= taken.perCustomerLimit) {
    const times = taken.perCustomerLimit === 1 ? "once" : `${taken.perCustomerLimit} times`;
    throw new StoreError(400, "CUSTOMER_LIMIT_REACHED", `You have already used the code ${taken.code} (it can be used ${times} per customer).`);
  }
  await tx.couponUse.create({ data: use });
}

/** Gives the order's use back, once: releasedAt is set only while empty, and only then does the count go down. */
export async function releaseCouponUse(tx: Tx, productOrderId: string, now = new Date()): Promise<boolean> {
  const [released] = await tx.$queryRaw<{ couponId: number }[]>`
    UPDATE "CouponUse" SET "releasedAt" = ${now}::timestamp(3)
    WHERE "productOrderId" = ${productOrderId} AND "releasedAt" IS NULL
    RETURNING "couponId"`;
  if (!released) return false;
  await tx.$executeRaw`UPDATE "Coupon" SET "usedCount" = "usedCount" - 1 WHERE "couponId" = ${released.couponId}::int AND "usedCount" > 0`;
  return true;
}

/** After a line was cancelled: the use goes back when every line of the order is cancelled (a partial cancellation keeps it). */
export async function releaseIfWholeOrderCancelled(tx: Tx, order: { productOrderId: string; couponCode: string | null }): Promise<void> {
  if (!order.couponCode) return;
  const live = await tx.productOrder.count({ where: { productOrderId: order.productOrderId, orderStatus: { not: "Cancelled" } } });
  if (live === 0) await releaseCouponUse(tx, order.productOrderId);
}

/**
 * A payment status change and the coupon: a failed payment (a gateway failure, an expired UPI order)
 * gives the use back; a payment that arrives after a failure (a retry in the gateway's window) counts
 * it again if the coupon still has room, while the order has a live line. The discount stays either way:
 * the order was placed with it.
 */
export async function couponFollowsPayment(tx: Tx, productOrderId: string, from: string, to: string): Promise<void> {
  if (to === "Failed" && from !== "Failed") {
    await releaseCouponUse(tx, productOrderId);
    return;
  }
  if (from !== "Failed" || to === "Failed") return;
  const use = await tx.couponUse.findUnique({ where: { productOrderId }, select: { id: true, couponId: true, releasedAt: true } });
  if (!use?.releasedAt) return;
  if ((await tx.productOrder.count({ where: { productOrderId, orderStatus: { not: "Cancelled" } } })) === 0) return;
  const retaken = await tx.$executeRaw`
    UPDATE "Coupon" SET "usedCount" = "usedCount" + 1
    WHERE "couponId" = ${use.couponId}::int AND ("usageLimit" IS NULL OR "usedCount" < "usageLimit")`;
  if (retaken > 0) await tx.couponUse.update({ where: { id: use.id }, data: { releasedAt: null } });
}
