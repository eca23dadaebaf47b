// The job review-requests (contracts/reviews.md "Prompting"): REVIEW_REQUEST_AFTER_DAYS after a line
// was delivered (but not past REVIEW_REQUEST_WITHIN_DAYS, so that a first run does not write to every
// past buyer) its buyer gets one "Rate your purchase" mail. Every due line is marked reviewRequestedAt,
// mailed or not, so it is never looked at again: a guest's (no account to review with), a returned one,
// one whose product the buyer already reviewed, and a second line of the same product in one order
// (one mail per order and product is enough).
//
// Orders are claimed by locking their header FOR UPDATE SKIP LOCKED, so two servers (or a run on
// demand beside the schedule) never handle one order's lines twice, siblings included.
import type { Db } from "@store/db";
import { isVerifiedPurchaseLine, REVIEW_REQUEST_AFTER_DAYS, REVIEW_REQUEST_WITHIN_DAYS } from "@store/domain";
import type { Services } from "../../context.ts";
import { customerAddressee, orderUrl, queueMail } from "../../messaging/outbox.ts";

const DAY_MS = 86_400_000;
/** orders claimed per transaction */
const ROUND = 20;

/** One run: answers how many review requests it queued. `now` is movable for tests. */
export async function sendReviewRequests(db: Db, services: Pick<Services, "mail">, now = new Date()): Promise<number> {
  const deliveredBy = new Date(now.getTime() - REVIEW_REQUEST_AFTER_DAYS * DAY_MS);
  const deliveredSince = new Date(now.getTime() - REVIEW_REQUEST_WITHIN_DAYS * DAY_MS);
  let queued = 0;
  for (;;) {
    const round = await db.$transaction(async (tx) => {
      const orders = await tx.$queryRaw<{ productOrderId: string }[]>`
        SELECT o."productOrderId" FROM "Order" o
        WHERE o."productOrderId" IN (
          SELECT l."productOrderId" FROM "ProductOrder" l
          WHERE l."orderStatus" = 'Completed' AND l."reviewRequestedAt" IS NULL
            AND l."endDate" <= ${deliveredBy}::timestamp(3) AND l."endDate" >= ${deliveredSince}::timestamp(3))
        ORDER BY o."productOrderId" LIMIT ${ROUND}::int
        FOR UPDATE OF o SKIP LOCKED`;
      if (orders.length === 0) return null;
      const productOrderIds = orders.map((o) => o.productOrderId);
      const lines = await tx.productOrder.findMany({
        where: {
          productOrderId: { in: productOrderIds },
          orderStatus: "Completed",
          reviewRequestedAt: null,
          endDate: { lte: deliveredBy, gte: deliveredSince },
        },
        select: { orderId: true, productOrderId: true, customerId: true, productId: true, productName: true, orderStatus: true, returnStatus: true },
        orderBy: { orderId: "asc" },
      });
      const askedBefore = await tx.productOrder.findMany({
        where: { productOrderId: { in: productOrderIds }, reviewRequestedAt: { not: null } },
        select: { productOrderId: true, productId: true },
      });
      const asked = new Set(askedBefore.map((l) => `${l.productOrderId} ${l.productId}`));
      const buyers = lines.filter((l) => l.customerId > 0);
      const reviews = buyers.length
        ? await tx.review.findMany({
            where: { OR: buyers.map((l) => ({ customerId: l.customerId, productId: l.productId })) },
            select: { customerId: true, productId: true },
          })
        : [];
      const reviewed = new Set(reviews.map((r) => `${r.customerId} ${r.productId}`));
      let mails = 0;
      for (const line of lines) {
        const key = `${line.productOrderId} ${line.productId}`;
        if (line.customerId <= 0 || !isVerifiedPurchaseLine(line) || reviewed.has(`${line.customerId} ${line.productId}`) || asked.has(key)) continue;
        asked.add(key);
        const who = await customerAddressee(tx, line.customerId);
        if (!who) continue;
        await queueMail(tx, services.mail, who.to, {
          kind: "review-request",
          name: who.name,
          productOrderId: line.productOrderId,
          orderUrl: orderUrl(services.mail, line.customerId, line.orderId),
          productName: line.productName,
          reviewUrl: `${services.mail.publicUrl}/rate/${line.productId}`,
        });
        mails++;
      }
      await tx.productOrder.updateMany({ where: { orderId: { in: lines.map((l) => l.orderId) } }, data: { reviewRequestedAt: now } });
      return mails;
    });
    if (round === null) return queued;
    queued += round;
  }
}
