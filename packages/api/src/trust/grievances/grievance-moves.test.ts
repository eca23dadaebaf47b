// A ticket's life at procedure depth (issue 31, contracts/grievances.md): who may read and write it,
// the officers' moves and their order, the complainant's reply reopening a resolved ticket within 14
// days and closing it after (moved clock), the grievance-close job, the overdue list and the owner's
// monthly report. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { createGrievanceLookupLimiter } from "./lookup-limiter.ts";
import { closeAnsweredGrievances } from "./grievance-close.ts";
import { clockAt, complaint, guestComplaint } from "./grievance-testing.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const mailsTo = (recipient: string) => db().outboxMessage.findMany({ where: { recipient, channel: "email" }, orderBy: { messageId: "asc" } });

describe("reading a ticket", () => {
  it("the customer's own; another customer 404; a guest by the complaint's e-mail, only for a guest's ticket", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const { ticketNumber } = await a.caller.grievances.create(complaint());
    const mine = await a.caller.grievances.byTicket({ ticketNumber });
    expect(mine).toMatchObject({ ticketNumber, status: "Acknowledged", email: a.fields.email, messages: [], canReply: true, moves: [], overdue: false });
    await expect(b.caller.grievances.byTicket({ ticketNumber })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // the right e-mail, but filed from an account: its owner logs in
    await expect(env.anonymous.grievances.byTicket({ ticketNumber, email: a.fields.email })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await env.admin.grievances.byTicket({ ticketNumber })).moves).toEqual(["In progress"]);

    const guest = guestComplaint();
    const filed = await env.anonymous.grievances.create(guest);
    expect(await env.anonymous.grievances.byTicket({ ticketNumber: filed.ticketNumber, email: guest.email.toUpperCase() })).toMatchObject({ name: guest.name });
    await expect(env.anonymous.grievances.byTicket({ ticketNumber: filed.ticketNumber, email: "not.me@example.in" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(env.anonymous.grievances.byTicket({ ticketNumber: filed.ticketNumber })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // the list is for accounts: a customer sees only their own
    expect((await a.caller.grievances.list({})).items.map((i) => i.ticketNumber)).toEqual([ticketNumber]);
  });

  it("failed guest lookups are counted per address: past the limit 429, even with the right e-mail", async () => {
    const saved = env.services.grievanceLookupLimiter;
    env.services.grievanceLookupLimiter = createGrievanceLookupLimiter({ missesPerHour: 3 });
    try {
      const guest = guestComplaint();
      const { ticketNumber } = await env.anonymous.grievances.create(guest);
      const prober = env.as(null, "203.0.113.9");
      for (let i = 0; i < 3; i++) {
        await expect(prober.grievances.byTicket({ ticketNumber, email: `guess${i}@example.in` })).rejects.toMatchObject({ code: "NOT_FOUND" });
      }
      await expect(prober.grievances.byTicket({ ticketNumber, email: guest.email })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
      // another address is not held back
      expect((await env.anonymous.grievances.byTicket({ ticketNumber, email: guest.email })).ticketNumber).toBe(ticketNumber);
    } finally {
      env.services.grievanceLookupLimiter = saved;
    }
  });
});

describe("the officers' moves", () => {
  it("Acknowledged → In progress → Resolved; each a message, a mail and an audit entry; other moves 409 STATUS_ORDER", async () => {
    const guest = guestComplaint();
    const { ticketNumber } = await env.anonymous.grievances.create(guest);
    await expect(env.admin.grievances.setStatus({ ticketNumber, status: "Resolved", resolution: "Refunded the full amount." })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: expect.objectContaining({ code: "STATUS_ORDER" }) as unknown,
    });
    await expect(env.admin.grievances.setStatus({ ticketNumber, status: "Resolved", resolution: "Done" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("at least 10 characters") as unknown,
    });
    await expect(env.admin.grievances.setStatus({ ticketNumber, status: "Rejected", reason: "No" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const working = await env.admin.grievances.setStatus({ ticketNumber, status: "In progress" });
    expect(working).toMatchObject({ status: "In progress", moves: ["Resolved", "Rejected"] });
    const resolved = await env.admin.grievances.setStatus({ ticketNumber, status: "Resolved", resolution: "Refunded the full amount <b>today</b>." });
    expect(resolved).toMatchObject({ status: "Resolved", resolution: "Refunded the full amount <b>today</b>.", moves: ["In progress"] });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.messages.map((m) => m.from)).toEqual(["officer", "officer"]);
    expect(resolved.messages[1]!.text).toBe("Refunded the full amount <b>today</b>.");
    const mails = await mailsTo(guest.email);
    expect(mails.map((m) => m.kind)).toEqual(["grievance-acknowledged", "grievance-update", "grievance-update"]);
    expect(mails[2]!.html).toContain("&lt;b&gt;today&lt;/b&gt;");
    expect(await db().outboxMessage.count({ where: { recipient: guest.phone, kind: "grievance_update" } })).toBe(3);
    const audit = await db().auditEntry.findMany({ where: { action: "grievances.setStatus", entityId: ticketNumber }, orderBy: { auditId: "asc" } });
    expect(audit.map((e) => e.summary)).toEqual([
      `Test Admin moved the complaint ${ticketNumber} to In progress`,
      `Test Admin moved the complaint ${ticketNumber} to Resolved`,
    ]);
    expect(JSON.parse(audit[1]!.changes)).toMatchObject({ status: ["In progress", "Resolved"] });
  });

  it("a customer cannot move a ticket; an officer's message is mailed to the complainant", async () => {
    const c = await env.newCustomer();
    const { ticketNumber } = await c.caller.grievances.create(complaint());
    await expect(c.caller.grievances.setStatus({ ticketNumber, status: "In progress" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const detail = await env.admin.grievances.addMessage({ ticketNumber, text: "<script>alert(1)</script> We called the courier." });
    expect(detail.messages).toEqual([expect.objectContaining({ from: "officer", text: "<script>alert(1)</script> We called the courier." })]);
    const update = (await mailsTo(c.fields.email)).find((m) => m.kind === "grievance-update");
    expect(update).toMatchObject({ kind: "grievance-update" });
    expect(update!.html).toContain("&lt;script&gt;");
    expect(update!.html).not.toContain("<script>alert");
  });
});

describe("the complainant's reply after the answer (moved clock)", () => {
  async function resolvedAt(at: string) {
    clockAt(at);
    const c = await env.newCustomer();
    const { ticketNumber } = await c.caller.grievances.create(complaint());
    await env.admin.grievances.setStatus({ ticketNumber, status: "In progress" });
    await env.admin.grievances.setStatus({ ticketNumber, status: "Resolved", resolution: "We sent a replacement parcel." });
    return { c, ticketNumber };
  }

  it("within 14 days it reopens the ticket: In progress, resolvedAt cleared, resolveBy kept", async () => {
    const { c, ticketNumber } = await resolvedAt("2026-11-02T10:00:00+05:30");
    const before = await c.caller.grievances.byTicket({ ticketNumber });
    clockAt(new Date(before.resolvedAt!.getTime() + 14 * DAY - 60_000));
    const reopened = await c.caller.grievances.addMessage({ ticketNumber, text: "The replacement is broken too." });
    expect(reopened).toMatchObject({ status: "In progress", resolvedAt: null, resolveBy: before.resolveBy, canReply: true });
    expect(reopened.messages.at(-1)).toMatchObject({ from: "customer", text: "The replacement is broken too." });
  });

  it("after 14 days: 409 TICKET_CLOSED and the ticket is Closed; the job closes the others, twice = once", async () => {
    const { c, ticketNumber } = await resolvedAt("2026-11-03T10:00:00+05:30");
    const other = await resolvedAt("2026-11-03T10:00:00+05:30");
    clockAt("2026-11-17T10:01:00+05:30");
    expect((await c.caller.grievances.byTicket({ ticketNumber })).canReply).toBe(false);
    await expect(c.caller.grievances.addMessage({ ticketNumber, text: "Hello?" })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: expect.objectContaining({ code: "TICKET_CLOSED" }) as unknown,
    });
    const closed = await db().grievance.findUniqueOrThrow({ where: { ticketNumber }, include: { messages: true } });
    expect(closed).toMatchObject({ status: "Closed" });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.messages.filter((m) => m.author === "customer")).toEqual([]);
    await expect(env.admin.grievances.addMessage({ ticketNumber, text: "One more thing." })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(env.admin.grievances.setStatus({ ticketNumber, status: "In progress" })).rejects.toMatchObject({ code: "CONFLICT" });

    const now = new Date();
    expect(await closeAnsweredGrievances(db(), now)).toBeGreaterThanOrEqual(1);
    expect(await closeAnsweredGrievances(db(), now)).toBe(0);
    expect(await db().grievance.findUniqueOrThrow({ where: { ticketNumber: other.ticketNumber } })).toMatchObject({ status: "Closed" });
  });

  it("a rejected ticket counts its 14 days from the rejection too; the officer may reopen it", async () => {
    clockAt("2026-11-04T10:00:00+05:30");
    const c = await env.newCustomer();
    const { ticketNumber } = await c.caller.grievances.create(complaint());
    await env.admin.grievances.setStatus({ ticketNumber, status: "In progress" });
    const rejected = await env.admin.grievances.setStatus({ ticketNumber, status: "Rejected", reason: "The order was never placed with us." });
    expect(rejected).toMatchObject({ status: "Rejected", rejectReason: "The order was never placed with us.", canReply: true });
    expect(rejected.resolvedAt).not.toBeNull();
    const reopened = await env.admin.grievances.setStatus({ ticketNumber, status: "In progress" });
    expect(reopened).toMatchObject({ status: "In progress", resolvedAt: null });
  });
});

describe("the overdue list and the monthly report (moved clock)", () => {
  it("overdue: open past resolveBy, first in the officers' list; the report counts the month's tickets", async () => {
    await db().grievance.deleteMany({});
    clockAt("2026-09-10T10:00:00+05:30");
    const late = await env.anonymous.grievances.create(guestComplaint({ category: "REFUND" }));
    clockAt("2026-09-12T10:00:00+05:30");
    const answered = await env.anonymous.grievances.create(guestComplaint());
    await env.admin.grievances.setStatus({ ticketNumber: answered.ticketNumber, status: "In progress" });
    await env.admin.grievances.setStatus({ ticketNumber: answered.ticketNumber, status: "Resolved", resolution: "Delivered again by hand." });
    clockAt("2026-10-05T10:00:00+05:30");
    const october = await env.anonymous.grievances.create(guestComplaint());

    clockAt("2026-10-11T10:00:00+05:30");
    const all = await env.admin.grievances.list({});
    expect(all.items.map((i) => i.ticketNumber)).toEqual([late.ticketNumber, answered.ticketNumber, october.ticketNumber]);
    expect(all.items[0]!.overdue).toBe(true);
    const overdue = await env.admin.grievances.list({ overdue: true });
    expect(overdue).toMatchObject({ total: 1, items: [{ ticketNumber: late.ticketNumber, overdue: true }] });
    expect((await env.admin.grievances.list({ category: "REFUND", search: late.ticketNumber.slice(-6) })).total).toBe(1);

    const report = await env.admin.grievances.report({ month: "2026-09" });
    expect(report).toEqual({
      month: "2026-09",
      received: 2,
      acknowledgedWithin48h: 2,
      resolvedWithinMonth: 1,
      open: 1,
      overdue: [late.ticketNumber],
      byCategory: { ORDER: 0, PAYMENT: 0, REFUND: 1, DELIVERY: 1, PRODUCT_QUALITY: 0, RETURN: 0, OTHER: 0 },
    });
    expect((await env.admin.grievances.report({ month: "2026-10" })).received).toBe(1);
  });
});
