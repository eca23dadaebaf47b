// The owner's WhatsApp inbox (contracts/whatsapp.md "Webhook"): what buyers wrote to the shop's number,
// newest first, each with the customer whose mobile it is and the end of the 24-hour window it opened
// (inside it the shop may answer freely; outside it only approved templates go).
import type { Prisma } from "@store/db";
import { PAGE_SIZE } from "@store/validators";
import type { Context } from "../context.ts";

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function inboxPage(ctx: Pick<Context, "db">, input: { page: number; search: string }) {
  const where: Prisma.InboundMessageWhereInput = input.search
    ? { OR: [{ fromPhone: { contains: input.search } }, { text: { contains: input.search, mode: "insensitive" } }] }
    : {};
  const [rows, total] = await Promise.all([
    ctx.db.inboundMessage.findMany({
      where,
      orderBy: [{ receivedAt: "desc" }, { inboundId: "desc" }],
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: { inboundId: true, channel: true, fromPhone: true, customerId: true, text: true, kind: true, receivedAt: true },
    }),
    ctx.db.inboundMessage.count({ where }),
  ]);
  const customerIds = [...new Set(rows.flatMap((r) => (r.customerId === null ? [] : [r.customerId])))];
  const customers = customerIds.length
    ? await ctx.db.customer.findMany({ where: { customerId: { in: customerIds } }, select: { customerId: true, firstName: true, lastName: true } })
    : [];
  const names = new Map(customers.map((c) => [c.customerId, `${c.firstName} ${c.lastName}`.trim()]));
  const items = rows.map((r) => ({
    ...r,
    customerName: r.customerId === null ? null : (names.get(r.customerId) ?? null),
    windowOpenUntil: new Date(r.receivedAt.getTime() + SERVICE_WINDOW_MS),
  }));
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}
