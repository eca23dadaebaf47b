// POST /grievances (contracts/grievances.md): a customer files with their account's name, e-mail and
// phone, a guest gives them. The ticket takes the next number of a gap-free counter and is acknowledged
// at once: the acknowledgement (mail, WhatsApp or SMS) is queued in the same transaction, so a ticket
// never exists unacknowledged and a failed create leaves neither a number used nor a message queued.
import { acknowledgeByOf, grievanceTicketNumber, resolveByOf } from "@store/domain";
import type { GrievanceCreateInput } from "@store/validators";
import type { Prisma } from "@store/db";
import type { Context } from "../../context.ts";
import { StoreError } from "../../platform/errors.ts";
import { orderReader } from "../../guest/order-access.ts";
import { queueAcknowledgement } from "./complainant-messages.ts";

type Tx = Prisma.TransactionClient;
type CreateContext = Pick<Context, "db" | "auth" | "services" | "clientIp" | "orderToken">;

interface Complainant {
  customerId: number | null;
  name: string;
  email: string;
  phone: string;
}

const GUEST_FIELDS = { name: "Name", email: "Email", phone: "Phone Number" } as const;

async function complainantOf(ctx: CreateContext, input: GrievanceCreateInput): Promise<Complainant> {
  if (ctx.auth?.role === "admin") {
    throw new StoreError(403, "FORBIDDEN", "A complaint is filed by a customer or a guest. The store's officers answer complaints; they do not file them.");
  }
  if (ctx.auth?.role === "customer") {
    const c = await ctx.db.customer.findUniqueOrThrow({
      where: { customerId: ctx.auth.customerId },
      select: { firstName: true, lastName: true, email: true, number: true },
    });
    return { customerId: ctx.auth.customerId, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email, phone: c.number };
  }
  for (const [field, label] of Object.entries(GUEST_FIELDS) as [keyof typeof GUEST_FIELDS, string][]) {
    if (!input[field]) {
      throw new StoreError(400, "VALIDATION_FAILED", `${label} is required: log in, or give your name, email and phone number so that we can answer you.`);
    }
  }
  return { customerId: null, name: input.name!, email: input.email!, phone: input.phone! };
}

/** The next serial of the complaint series, in the caller's transaction (the counter row stays locked until it commits). */
async function nextSerial(tx: Tx): Promise<number> {
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "DocumentCounter" (series, last) VALUES ('GRIEVANCE', 1)
    ON CONFLICT (series) DO UPDATE SET last = "DocumentCounter".last + 1
    RETURNING last`;
  if (!row) throw new Error("the document counter gave no number");
  return row.last;
}

export async function createGrievance(ctx: CreateContext, input: GrievanceCreateInput, now = new Date()) {
  const who = await complainantOf(ctx, input);
  if (input.productOrderId) {
    // a customer's own order; a guest's only with the order's X-Order-Token (else 404, as a missing order)
    const order = await orderReader({ db: ctx.db, auth: ctx.auth, orderToken: ctx.auth ? undefined : ctx.orderToken }, input.productOrderId);
    input = { ...input, productOrderId: order.productOrderId };
  }
  const wait = await ctx.services.grievanceLimiter.attempt({ customerId: who.customerId, phone: who.phone, ip: ctx.clientIp });
  if (wait > 0) {
    throw new StoreError(
      429,
      "TOO_MANY_REQUESTS",
      `Too many complaints in the last hour from this account, phone number or connection. Please try again in ${Math.ceil(wait / 60)} minutes, or write on a complaint you have already filed.`,
      { details: { retryAfterSeconds: wait } },
    );
  }
  return ctx.db.$transaction(async (tx) => {
    const ticket = await tx.grievance.create({
      data: {
        ticketNumber: grievanceTicketNumber(now, await nextSerial(tx)),
        ...who,
        productOrderId: input.productOrderId ?? null,
        category: input.category,
        subject: input.subject,
        description: input.description,
        status: "Acknowledged",
        createdAt: now,
        acknowledgedAt: now,
        acknowledgeBy: acknowledgeByOf(now),
        resolveBy: resolveByOf(now),
      },
    });
    await queueAcknowledgement(tx, ctx.services, ticket);
    return {
      ticketNumber: ticket.ticketNumber,
      status: "Acknowledged" as const,
      createdAt: ticket.createdAt,
      acknowledgedAt: now,
      acknowledgeBy: ticket.acknowledgeBy,
      resolveBy: ticket.resolveBy,
    };
  });
}
