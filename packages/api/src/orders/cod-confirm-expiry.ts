// The job cod-confirm-expiry (issue 29, contracts/otp-and-sms.md): a cash-on-delivery order still
// Pending confirmation past its codConfirmBy is cancelled as the back office cancels one (moveLine:
// stock back, credit note, coupon use released), marked Expired, and its buyer is told by mail.
import type { Db } from "@store/db";
import { checkStatusChange } from "@store/domain";
import type { Services } from "../context.ts";
import type { RoleAwareContext } from "../payments/money-owner.ts";
import { putBackStock, STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { loadSettings } from "../back-office/settings.ts";
import { queueOrderMail } from "../messaging/outbox.ts";
import { moveLine } from "./order-status.ts";
import { COD_CONFIRMATION } from "./cod-confirmation.ts";

export const COD_EXPIRED_REASON = "Cash-on-delivery order not confirmed in time";

/** The job acts as the store: a nobody-confirmed order is cancelled exactly as the owner's cancel would. */
const systemContext = (db: Db, services: Services): RoleAwareContext => ({
  db,
  services,
  auth: { role: "admin", adminId: 0 },
  adminRole: "owner",
  clientIp: "cod-confirm-expiry",
});

/**
 * One round: every order Pending past its time, one transaction each. Each order is claimed with
 * FOR UPDATE SKIP LOCKED and re-checked under the lock, so two instances (or a run on demand beside
 * the schedule) never cancel one twice, and a buyer's confirmation that got the lock first wins.
 * Answers how many orders were cancelled.
 */
export async function expireUnconfirmedCodOrders(db: Db, services: Services, now = new Date()): Promise<number> {
  const ctx = systemContext(db, services);
  let expired = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      const [next] = await tx.$queryRaw<{ productOrderId: string }[]>`
        SELECT "productOrderId" FROM "Order"
        WHERE "codConfirmation" = ${COD_CONFIRMATION.pending} AND "codConfirmBy" < ${now}::timestamp(3)
        ORDER BY "codConfirmBy" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!next) return true;
      const { productOrderId } = next;
      let header = await tx.order.findUniqueOrThrow({ where: { productOrderId } });
      const lines = await tx.productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
      const open = lines.filter((l) => checkStatusChange(l.orderStatus, "Cancelled").ok);
      // the packs first, in variantId order (as a checkout takes them), then each line's documents
      await putBackStock(tx, open);
      for (const line of open) {
        ({ header } = await moveLine(ctx, tx, header, line, "Cancelled", { tell: false, stockPutBack: true, reason: COD_EXPIRED_REASON, actor: "system" }));
      }
      await tx.order.update({ where: { productOrderId }, data: { codConfirmation: COD_CONFIRMATION.expired } });
      if (open.length > 0) {
        const { codConfirmHours } = await loadSettings(tx);
        await queueOrderMail(tx, services, productOrderId, (o) => ({ kind: "cod-confirm-expired", ...o, hours: codConfirmHours }));
      }
      expired++;
      return false;
    }, STOCK_TX_OPTIONS);
    if (done) return expired;
  }
}
