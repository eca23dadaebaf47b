// The Payments screen's history (issue 24): every decision on a UPI payment — confirmed, rejected,
// a confirmation undone — with who made it and when, newest first. Read from the payment's own
// history (PaymentEvent), which every payment change writes in its transaction.
import type { Prisma } from "@store/db";
import { toRupees } from "@store/domain";
import { PAGE_SIZE } from "@store/validators";
import type { Context } from "../context.ts";
import { CONFIRM_UNDO_MINUTES, confirmationUndoUntil } from "./payments.ts";

const DECISIONS = {
  OR: [
    { fromStatus: "Awaiting verification", toStatus: { in: ["Paid", "Pending"] } },
    { fromStatus: "Paid", toStatus: "Awaiting verification" },
  ],
} satisfies Prisma.PaymentEventWhereInput;

const decisionOf = (e: { fromStatus: string; toStatus: string }) => (e.fromStatus === "Paid" ? "undone" : e.toStatus === "Paid" ? "confirmed" : "rejected");

/** "admin 3" → the account's name (or "admin 3" for an account that is gone); "system" as it is. */
async function actorNames(db: Context["db"], actors: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.flatMap((a) => (/^admin \d+$/.test(a) ? [Number(a.slice(6))] : [])))];
  const admins = await db.admin.findMany({ where: { adminId: { in: ids } }, select: { adminId: true, name: true } });
  return new Map(admins.map((a) => [`admin ${a.adminId}`, a.name]));
}

export async function paymentVerifications(ctx: Pick<Context, "db">, input: { page: number }) {
  const [events, total] = await Promise.all([
    ctx.db.paymentEvent.findMany({ where: DECISIONS, orderBy: { id: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.paymentEvent.count({ where: DECISIONS }),
  ]);
  const refs = [...new Set(events.map((e) => e.productOrderId))];
  const [orders, sent, names] = await Promise.all([
    ctx.db.order.findMany({ where: { productOrderId: { in: refs } }, select: { productOrderId: true, customerName: true, grandTotal: true } }),
    // the UTR a decision was about: the one the customer sent last before it (submitUtr writes "UTR …")
    ctx.db.paymentEvent.findMany({
      where: { productOrderId: { in: refs }, toStatus: "Awaiting verification", reason: { startsWith: "UTR " } },
      orderBy: { id: "desc" },
      select: { id: true, productOrderId: true, reason: true },
    }),
    actorNames(
      ctx.db,
      events.map((e) => e.actor),
    ),
  ]);
  const orderOf = new Map(orders.map((o) => [o.productOrderId, o]));
  const items = events.map((e) => {
    const order = orderOf.get(e.productOrderId);
    const utrSent = sent.find((s) => s.productOrderId === e.productOrderId && s.id < e.id);
    const decision = decisionOf(e);
    return {
      at: e.at,
      productOrderId: e.productOrderId,
      customerName: order?.customerName ?? "",
      amount: toRupees(order?.grandTotal ?? 0),
      utr: utrSent?.reason?.slice(4) ?? null,
      decision,
      by: names.get(e.actor) ?? e.actor,
      reason: e.reason,
    } as const;
  });
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}

/**
 * The UPI confirmations that may still be undone (POST /payments/{id}/confirm/undo): confirmed less
 * than CONFIRM_UNDO_MINUTES ago, still Paid and with no refund, newest first. The Payments screen
 * shows their Undo from this, so a reload does not lose it.
 */
export async function undoableConfirmations(ctx: Pick<Context, "db">) {
  const now = new Date();
  const orders = await ctx.db.order.findMany({
    where: {
      paymentMethod: "UPI",
      paymentStatus: "Paid",
      utrConfirmedAt: { gt: new Date(now.getTime() - CONFIRM_UNDO_MINUTES * 60_000) },
      refunds: { none: {} },
    },
    orderBy: { utrConfirmedAt: "desc" },
    take: 100,
    select: { productOrderId: true, customerName: true, grandTotal: true, utrConfirmedAt: true },
  });
  return {
    items: orders.map((o) => ({
      productOrderId: o.productOrderId,
      customerName: o.customerName,
      amount: toRupees(o.grandTotal),
      undoUntil: confirmationUndoUntil(o.utrConfirmedAt!),
    })),
  };
}
