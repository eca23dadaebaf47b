// Filing a complaint at procedure depth (issue 31, contracts/grievances.md): a customer's account or a
// guest's fields, an admin refused, the order named only by its buyer, numbers without gaps under
// parallel creates, the acknowledgement queued in the ticket's transaction, the rule-4 clocks, and text
// kept as typed but escaped in the mail. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TICKET_NUMBER_PATTERN } from "@store/domain";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { appRouter } from "../../root.ts";
import { createCallerFactory } from "../../trpc.ts";
import { createInnerContext } from "../../context.ts";
import { clockAt, complaint, guestComplaint, orderOf } from "./grievance-testing.ts";

const createCaller = createCallerFactory(appRouter);
let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());
afterEach(() => vi.useRealTimers());

const serialOf = (ticketNumber: string) => Number(ticketNumber.split("-")[2]);
const outboxFor = (recipient: string) => db().outboxMessage.findMany({ where: { recipient }, orderBy: { messageId: "asc" } });

describe("POST /grievances", () => {
  it("a customer files with the account's name, email and phone; Acknowledged at once with the two clocks", async () => {
    const c = await env.newCustomer();
    const filed = await c.caller.grievances.create(complaint({ name: "Someone Else", email: "else@example.in" }));
    expect(filed.ticketNumber).toMatch(TICKET_NUMBER_PATTERN);
    expect(filed.status).toBe("Acknowledged");
    expect(filed.acknowledgedAt).toEqual(filed.createdAt);
    expect(filed.acknowledgeBy.getTime() - filed.createdAt.getTime()).toBe(48 * 3_600_000);
    const row = await db().grievance.findUniqueOrThrow({ where: { ticketNumber: filed.ticketNumber } });
    expect(row).toMatchObject({
      customerId: c.customerId,
      name: `${c.fields.firstName} ${c.fields.lastName}`,
      email: c.fields.email,
      phone: c.fields.number,
      status: "Acknowledged",
    });
  });

  it("a guest must give name, email and phone (400 naming the field); with them the ticket is theirs", async () => {
    const { name: _n, ...noName } = guestComplaint();
    await expect(env.anonymous.grievances.create(noName)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^Name is required/) });
    const { phone: _p, ...noPhone } = guestComplaint();
    await expect(env.anonymous.grievances.create(noPhone)).rejects.toMatchObject({ message: expect.stringMatching(/^Phone Number is required/) });
    const input = guestComplaint();
    const filed = await env.anonymous.grievances.create(input);
    expect(await db().grievance.findUniqueOrThrow({ where: { ticketNumber: filed.ticketNumber } })).toMatchObject({
      customerId: null,
      name: input.name,
      email: input.email,
      phone: input.phone,
    });
  });

  it("an admin token is 403 and files nothing", async () => {
    const before = await db().grievance.count();
    await expect(env.admin.grievances.create(guestComplaint())).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().grievance.count()).toBe(before);
  });

  it("the order: a customer's own only (another's is 404); a guest's only with its X-Order-Token", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const own = await orderOf(env, a.customerId);
    expect((await a.caller.grievances.create(complaint({ productOrderId: own }))).status).toBe("Acknowledged");
    await expect(b.caller.grievances.create(complaint({ productOrderId: own }))).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(a.caller.grievances.create(complaint({ productOrderId: "ORD-NOPE" }))).rejects.toMatchObject({ code: "NOT_FOUND" });

    const guestOrder = await orderOf(env, 0, "the-guest-order-token");
    await expect(env.anonymous.grievances.create(guestComplaint({ productOrderId: guestOrder }))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const withToken = (orderToken: string) =>
      createCaller(createInnerContext({ db: db(), services: env.services, auth: null, clientIp: "127.0.0.1", orderToken }));
    await expect(withToken("not-the-token").grievances.create(guestComplaint({ productOrderId: guestOrder }))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const filed = await withToken("the-guest-order-token").grievances.create(guestComplaint({ productOrderId: guestOrder }));
    expect((await db().grievance.findUniqueOrThrow({ where: { ticketNumber: filed.ticketNumber } })).productOrderId).toBe(guestOrder);
  });

  it("10 creates at once take 10 consecutive numbers: no gap, no duplicate", async () => {
    const filed = await Promise.all(Array.from({ length: 10 }, () => env.anonymous.grievances.create(guestComplaint())));
    const serials = filed.map((f) => serialOf(f.ticketNumber)).sort((x, y) => x - y);
    expect(new Set(serials).size).toBe(10);
    expect(serials.at(-1)! - serials[0]!).toBe(9);
  });

  it("queues the acknowledgement mail and the SMS in the ticket's transaction; a create that fails queues nothing and uses no number", async () => {
    await env.admin.messagingTemplates.create({
      channel: "sms",
      kind: "grievance_update",
      dltTemplateId: "1107161234567890123",
      senderId: "CLNSTR",
      text: "Your Clean Store complaint {#var#} is {#var#}; we resolve it by {#var#}.",
    });
    const input = guestComplaint();
    const filed = await env.anonymous.grievances.create(input);
    const [mail] = await outboxFor(input.email);
    expect(mail).toMatchObject({ channel: "email", kind: "grievance-acknowledged" });
    expect(mail!.html).toContain(filed.ticketNumber);
    expect(mail!.html).toContain("Priya Deshmukh, Grievance Officer");
    expect(mail!.html).toContain(`/my-complaints/${filed.ticketNumber}?email=`);
    const [sms] = await outboxFor(input.phone);
    expect(sms).toMatchObject({ channel: "sms", kind: "grievance_update", status: "queued" });
    expect(sms!.text).toContain(`${filed.ticketNumber} is Acknowledged`);

    // the SMS's insert fails after the mail's: the whole create is undone
    const doomed = guestComplaint();
    await db().$executeRawUnsafe(`CREATE OR REPLACE FUNCTION grv_refuse() RETURNS trigger AS $$ BEGIN
      IF NEW.recipient = '${doomed.phone}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(`CREATE TRIGGER grv_refuse BEFORE INSERT ON "OutboxMessage" FOR EACH ROW EXECUTE FUNCTION grv_refuse()`);
    try {
      await expect(env.anonymous.grievances.create(doomed)).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER grv_refuse ON "OutboxMessage"`);
    }
    expect(await outboxFor(doomed.email)).toEqual([]);
    expect(await db().grievance.count({ where: { email: doomed.email } })).toBe(0);
    const next = await env.anonymous.grievances.create(guestComplaint());
    expect(serialOf(next.ticketNumber)).toBe(serialOf(filed.ticketNumber) + 1);
    await db().messageTemplate.deleteMany({});
  });

  it("the clocks: acknowledgeBy 48 h later; filed on 31 January (IST) it is resolved by 28 February", async () => {
    clockAt("2027-01-31T23:30:00+05:30");
    const filed = await env.anonymous.grievances.create(guestComplaint());
    expect(filed.ticketNumber).toMatch(/^GRV-20270131-/);
    expect(filed.acknowledgeBy.toISOString()).toBe(new Date("2027-02-02T23:30:00+05:30").toISOString());
    expect(filed.resolveBy.toISOString()).toBe(new Date("2027-02-28T23:30:00+05:30").toISOString());
  });

  it("text is stored as typed and escaped in the mail's HTML", async () => {
    const input = guestComplaint({ subject: "<script>alert(1)</script>" });
    const filed = await env.anonymous.grievances.create(input);
    expect((await db().grievance.findUniqueOrThrow({ where: { ticketNumber: filed.ticketNumber } })).subject).toBe("<script>alert(1)</script>");
    const [mail] = await outboxFor(input.email);
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(mail!.html).not.toContain("<script>alert");
  });
});
