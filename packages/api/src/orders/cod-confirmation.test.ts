// COD confirmation by OTP (issue 29, contracts/otp-and-sms.md "COD confirmation") at procedure depth:
// the Settings, a COD order placed Pending with its code, confirming by code or by an admin after a call
// (audited), the 409s, shipping refused until confirmed, the back office's Pending list, and the job
// cod-confirm-expiry (stock back, credit note, coupon use released, the buyer told; twice = once). On
// PGlite, and on PostgreSQL with TEST_DATABASE_URL (real parallel transactions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallerFactory } from "../trpc.ts";
import { appRouter } from "../root.ts";
import { createInnerContext } from "../context.ts";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { newCoupon } from "../offers/offers-testing.ts";
import { sha256 } from "../guest/order-access.ts";
import { expireUnconfirmedCodOrders } from "./cod-confirm-expiry.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "shop@okicici" });
});
afterAll(() => env.close());

const db = () => env.handle.db;
const HOUR = 3_600_000;
const header = (productOrderId: string) => db().order.findUniqueOrThrow({ where: { productOrderId } });
const linesOf = (productOrderId: string) => db().productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
const stockOf = async (productId: number) => (await db().productVariant.findFirstOrThrow({ where: { productId } })).stock;
const refusal = (status: string, code: string) => ({ code: status, cause: expect.objectContaining({ code }) });
const askOtp = (on: boolean) => env.admin.settings.update({ codConfirmation: on ? "otp" : "off" });

/** a customer who orders `quantity` of a fresh product (stock 50) by `paymentMethod`, through the cart */
async function placed(opts: { paymentMethod?: "COD" | "UPI"; quantity?: number; couponCode?: string } = {}) {
  const c = await env.newCustomer();
  const productId = await env.newProduct({ productName: "Zz COD Cleaner", productPrice: 200, quantity: 50 });
  await c.caller.cart.save({ productId, quantity: opts.quantity ?? 2 });
  const order = await c.caller.cart.checkout({ paymentMethod: opts.paymentMethod ?? "COD", ...(opts.couponCode ? { couponCode: opts.couponCode } : {}) });
  return { ...c, productId, productOrderId: order.productOrderId };
}

/** the code of the order's latest cod_confirm SMS (an active template keeps its variables) */
async function codeOf(productOrderId: string): Promise<string> {
  const sms = await db().outboxMessage.findFirstOrThrow({
    where: { channel: "sms", kind: "cod_confirm", text: { contains: productOrderId } },
    orderBy: { messageId: "desc" },
  });
  return (JSON.parse(sms.variables ?? "[]") as string[])[0]!;
}

async function withTemplate<T>(run: () => Promise<T>): Promise<T> {
  const template = await db().messageTemplate.create({
    data: {
      channel: "sms",
      kind: "cod_confirm",
      dltTemplateId: "1107160000000000001",
      senderId: "CLNSTR",
      text: "{#var#} is the code to confirm your order {#var#} of {#var#} - Clean Store",
    },
  });
  try {
    return await run();
  } finally {
    await db().messageTemplate.delete({ where: { templateId: template.templateId } });
  }
}

describe("the settings", () => {
  it("default to off, 24 hours, guest checkout on and guest COD by OTP; the hours are whole 1 to 168; otp needs SMS set up", async () => {
    expect(await env.admin.settings.get()).toMatchObject({ codConfirmation: "off", codConfirmHours: 24, guestCheckoutEnabled: true, guestCodNeedsOtp: true });
    for (const bad of [0, 169, 2.5]) {
      await expect(env.admin.settings.update({ codConfirmHours: bad })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(env.admin.settings.update({ codConfirmation: "sms" as "otp" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const sms = env.services.sms;
    env.services.sms = null;
    try {
      await expect(env.admin.settings.update({ codConfirmation: "otp" })).rejects.toMatchObject({
        ...refusal("BAD_REQUEST", "SMS_NOT_CONFIGURED"),
        message: "Set up SMS (SMS_PROVIDER) before asking COD buyers for an OTP",
      });
      // turning it off needs no SMS
      await expect(env.admin.settings.update({ codConfirmation: "off" })).resolves.toMatchObject({ codConfirmation: "off" });
    } finally {
      env.services.sms = sms;
    }
    const saved = await env.admin.settings.update({ codConfirmation: "otp", codConfirmHours: "48", guestCheckoutEnabled: "false", guestCodNeedsOtp: false });
    expect(saved).toMatchObject({ codConfirmation: "otp", codConfirmHours: 48, guestCheckoutEnabled: false, guestCodNeedsOtp: false });
    expect(await env.admin.settings.get()).toMatchObject({ codConfirmation: "otp", codConfirmHours: 48, guestCheckoutEnabled: false, guestCodNeedsOtp: false });
    await env.admin.settings.update({ codConfirmation: "off", codConfirmHours: 24, guestCheckoutEnabled: true, guestCodNeedsOtp: true });
  });
});

describe("placing a COD order", () => {
  it("with codConfirmation off (the default): nothing is asked, no code is sent, and the order ships", async () => {
    const o = await placed();
    expect(await header(o.productOrderId)).toMatchObject({ codConfirmation: null, codConfirmBy: null });
    expect(await db().otpRequest.count({ where: { productOrderId: o.productOrderId } })).toBe(0);
    const shipment = await env.admin.shipments.create({
      productOrderId: o.productOrderId,
      courier: "manual",
      courierName: "Delhivery",
      awb: `OFF${Date.now()}`,
    });
    expect(shipment.status).toBe("Created");
  });

  it("with otp: Pending until now + codConfirmHours, a COD_CONFIRM code for the order's phone, its SMS skipped without a template", async () => {
    await askOtp(true);
    try {
      const before = Date.now();
      const o = await placed();
      const order = await header(o.productOrderId);
      expect(order.codConfirmation).toBe("Pending");
      expect(order.codConfirmBy!.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
      expect(order.codConfirmBy!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
      const requests = await db().otpRequest.findMany({ where: { productOrderId: o.productOrderId } });
      expect(requests).toEqual([expect.objectContaining({ purpose: "COD_CONFIRM", phone: o.fields.number, clientIp: "checkout", usedAt: null })]);
      const sms = await db().outboxMessage.findMany({ where: { channel: "sms", kind: "cod_confirm", recipient: o.fields.number } });
      expect(sms).toEqual([expect.objectContaining({ status: "skipped", lastError: "skipped: no DLT template" })]);
      // the order page and the back office see it
      expect(await o.caller.orders.order({ productOrderId: o.productOrderId })).toMatchObject({
        codConfirmation: "Pending",
        codConfirmBy: order.codConfirmBy,
        codConfirmedAt: null,
      });
      const pending = await env.admin.orderDesk.list({ codConfirmation: "Pending", search: o.productOrderId });
      expect(pending.items).toEqual([
        expect.objectContaining({ productOrderId: o.productOrderId, codConfirmation: "Pending", codConfirmBy: order.codConfirmBy }),
      ]);
      expect((await env.admin.orderDesk.list({ codConfirmation: "Confirmed", search: o.productOrderId })).items).toEqual([]);
    } finally {
      await askOtp(false);
    }
  });

  it("with otp, a UPI order and a single-product order by UPI are not asked; a single-product COD order is", async () => {
    await askOtp(true);
    try {
      const upi = await placed({ paymentMethod: "UPI" });
      expect((await header(upi.productOrderId)).codConfirmation).toBeNull();
      const c = await env.newCustomer();
      const productId = await env.newProduct({ productName: "Zz COD One", quantity: 10 });
      const one = await c.caller.orders.save({ productId, quantity: 1, paymentMethod: "COD" });
      expect((await header(one.productOrderId)).codConfirmation).toBe("Pending");
      expect(await db().otpRequest.count({ where: { productOrderId: one.productOrderId, purpose: "COD_CONFIRM" } })).toBe(1);
    } finally {
      await askOtp(false);
    }
  });
});

describe("confirming", () => {
  it("by the buyer's code: a wrong code counts a try (OTP_INVALID, attemptsLeft), the right one confirms, once; shipping waits for it", async () => {
    await askOtp(true);
    const o = await withTemplate(() => placed()).finally(() => askOtp(false));
    const code = await codeOf(o.productOrderId);
    expect(code).toMatch(/^\d{6}$/);
    const ship = () => env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "manual", courierName: "Delhivery", awb: `CNF${Date.now()}` });
    await expect(ship()).rejects.toMatchObject(refusal("CONFLICT", "COD_NOT_CONFIRMED"));
    expect(await db().shipment.count({ where: { productOrderId: o.productOrderId } })).toBe(0);

    const wrong = code === "000000" ? "000001" : "000000";
    await expect(o.caller.orders.codConfirm({ productOrderId: o.productOrderId, code: wrong })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: expect.objectContaining({ code: "OTP_INVALID", details: { attemptsLeft: 4 } }),
    });
    // the wrong try stays counted although the call failed
    expect((await db().otpRequest.findFirstOrThrow({ where: { productOrderId: o.productOrderId } })).attempts).toBe(1);
    expect((await header(o.productOrderId)).codConfirmation).toBe("Pending");

    // another customer's order is answered as missing, and nothing is tried
    const other = await env.newCustomer();
    await expect(other.caller.orders.codConfirm({ productOrderId: o.productOrderId, code })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // a buyer cannot confirm "by hand"
    await expect(o.caller.orders.codConfirm({ productOrderId: o.productOrderId, byAdmin: true, note: "I am sure" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    const done = await o.caller.orders.codConfirm({ productOrderId: o.productOrderId, code });
    expect(done).toMatchObject({ success: true, productOrderId: o.productOrderId, codConfirmation: "Confirmed", codConfirmedBy: "otp" });
    expect(await header(o.productOrderId)).toMatchObject({
      codConfirmation: "Confirmed",
      codConfirmedBy: "otp",
      codConfirmNote: null,
      codConfirmedAt: expect.any(Date),
    });
    await expect(o.caller.orders.codConfirm({ productOrderId: o.productOrderId, code })).rejects.toMatchObject(refusal("CONFLICT", "COD_ALREADY_CONFIRMED"));
    await expect(env.admin.orders.codConfirm({ productOrderId: o.productOrderId, byAdmin: true, note: "Called" })).rejects.toMatchObject(
      refusal("CONFLICT", "COD_ALREADY_CONFIRMED"),
    );
    expect((await ship()).status).toBe("Created");
  });

  it("by a guest with the order's X-Order-Token; a wrong token is a missing order", async () => {
    await askOtp(true);
    const o = await withTemplate(() => placed()).finally(() => askOtp(false));
    const token = "guest-token-for-the-cod-test-0123456789abcdefg";
    await db().order.update({ where: { productOrderId: o.productOrderId }, data: { accessTokenHash: sha256(token) } });
    const guest = (orderToken: string) =>
      createCallerFactory(appRouter)(createInnerContext({ db: db(), services: env.services, auth: null, clientIp: "10.0.0.9", orderToken }));
    const code = await codeOf(o.productOrderId);
    await expect(guest("not-the-token").orders.codConfirm({ productOrderId: o.productOrderId, code })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(guest(token).orders.codConfirm({ productOrderId: o.productOrderId, code })).resolves.toMatchObject({ codConfirmation: "Confirmed" });
  });

  it("by an admin after a call: needs a note, keeps the admin's name and the note, and is on the audit trail", async () => {
    await askOtp(true);
    const o = await placed().finally(() => askOtp(false));
    await expect(env.admin.orders.codConfirm({ productOrderId: o.productOrderId, byAdmin: true })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.orders.codConfirm({ productOrderId: o.productOrderId, byAdmin: true, note: "x".repeat(301) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const done = await env.admin.orders.codConfirm({ productOrderId: o.productOrderId, byAdmin: true, note: "Called the buyer, confirmed the address" });
    expect(done).toMatchObject({ codConfirmation: "Confirmed", codConfirmedBy: "Test Admin" });
    expect(await header(o.productOrderId)).toMatchObject({ codConfirmedBy: "Test Admin", codConfirmNote: "Called the buyer, confirmed the address" });
    expect(await env.admin.orders.order({ productOrderId: o.productOrderId })).toMatchObject({
      codConfirmation: "Confirmed",
      codConfirmedBy: "Test Admin",
      codConfirmNote: "Called the buyer, confirmed the address",
    });
    // the buyer's view does not name the staff
    expect(await o.caller.orders.order({ productOrderId: o.productOrderId })).toMatchObject({
      codConfirmation: "Confirmed",
      codConfirmedBy: null,
      codConfirmNote: null,
    });
    const entry = await db().auditEntry.findFirstOrThrow({ where: { action: "orders.codConfirm", entityId: o.productOrderId } });
    expect(entry).toMatchObject({ adminId: env.adminId, entity: "order" });
    expect(entry.summary).toContain("Called the buyer");
    expect(JSON.parse(entry.changes)).toMatchObject({ codConfirmation: ["Pending", "Confirmed"] });
  });

  it("an order that never needed it, or one cancelled meanwhile, is 409 and no try is used", async () => {
    const off = await placed();
    await expect(off.caller.orders.codConfirm({ productOrderId: off.productOrderId, code: "123456" })).rejects.toMatchObject(
      refusal("CONFLICT", "COD_NOT_PENDING"),
    );
    const upi = await placed({ paymentMethod: "UPI" });
    await expect(env.admin.orders.codConfirm({ productOrderId: upi.productOrderId, byAdmin: true, note: "n" })).rejects.toMatchObject(
      refusal("CONFLICT", "COD_NOT_PENDING"),
    );
    await askOtp(true);
    const o = await placed().finally(() => askOtp(false));
    await env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Cancelled" });
    await expect(o.caller.orders.codConfirm({ productOrderId: o.productOrderId, code: "123456" })).rejects.toMatchObject(
      refusal("CONFLICT", "COD_NOT_PENDING"),
    );
    expect((await db().otpRequest.findFirstOrThrow({ where: { productOrderId: o.productOrderId } })).attempts).toBe(0);
  });
});

describe("the job cod-confirm-expiry", () => {
  it("cancels an order still Pending past its time (stock back, credit note, coupon use released, the buyer told), leaves Confirmed ones; twice = once", async () => {
    await askOtp(true);
    const coupon = await newCoupon(env, { type: "PERCENT", value: 10 });
    const late = await placed({ quantity: 3, couponCode: coupon.code });
    const confirmed = await placed();
    const inTime = await placed();
    await askOtp(false);
    await env.admin.orders.codConfirm({ productOrderId: confirmed.productOrderId, byAdmin: true, note: "Called" });
    const past = new Date(Date.now() - HOUR);
    await db().order.updateMany({ where: { productOrderId: { in: [late.productOrderId, confirmed.productOrderId] } }, data: { codConfirmBy: past } });
    expect(await stockOf(late.productId)).toBe(47);
    expect((await db().coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).usedCount).toBe(1);

    // two sweeps at once (two instances) and then another: the order is cancelled exactly once
    const runs = await Promise.all([expireUnconfirmedCodOrders(db(), env.services), expireUnconfirmedCodOrders(db(), env.services)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await expireUnconfirmedCodOrders(db(), env.services)).toBe(0);

    expect(await header(late.productOrderId)).toMatchObject({ codConfirmation: "Expired" });
    expect((await linesOf(late.productOrderId)).map((l) => l.orderStatus)).toEqual(["Cancelled"]);
    expect(await stockOf(late.productId)).toBe(50);
    const creditNotes = await db().invoice.findMany({ where: { productOrderId: late.productOrderId, kind: "CREDIT_NOTE" } });
    expect(creditNotes.length).toBeGreaterThanOrEqual(1);
    expect((await db().couponUse.findUniqueOrThrow({ where: { productOrderId: late.productOrderId } })).releasedAt).not.toBeNull();
    expect((await db().coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).usedCount).toBe(0);
    const mails = await db().outboxMessage.findMany({ where: { kind: "cod-confirm-expired", recipient: late.fields.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`cash-on-delivery order ${late.productOrderId} within 24 hours`);

    expect(await header(confirmed.productOrderId)).toMatchObject({ codConfirmation: "Confirmed" });
    expect((await linesOf(confirmed.productOrderId)).map((l) => l.orderStatus)).not.toContain("Cancelled");
    expect(await header(inTime.productOrderId)).toMatchObject({ codConfirmation: "Pending" });

    // an expired order can be neither confirmed nor shipped
    await expect(late.caller.orders.codConfirm({ productOrderId: late.productOrderId, code: "123456" })).rejects.toMatchObject(
      refusal("CONFLICT", "COD_CONFIRM_EXPIRED"),
    );
    await expect(
      env.admin.shipments.create({ productOrderId: late.productOrderId, courier: "manual", courierName: "Delhivery", awb: `EXP${Date.now()}` }),
    ).rejects.toMatchObject(refusal("CONFLICT", "COD_NOT_CONFIRMED"));
    expect((await env.admin.orderDesk.list({ codConfirmation: "Expired", search: late.productOrderId })).items).toHaveLength(1);
  });

  it("runs on demand as the job cod-confirm-expiry", async () => {
    await askOtp(true);
    const o = await placed().finally(() => askOtp(false));
    await db().order.update({ where: { productOrderId: o.productOrderId }, data: { codConfirmBy: new Date(Date.now() - 60_000) } });
    expect(await env.admin.jobs.run({ job: "cod-confirm-expiry" })).toMatchObject({ job: "cod-confirm-expiry", processed: 1 });
    expect(await env.admin.jobs.run({ job: "cod-confirm-expiry" })).toMatchObject({ processed: 0 });
    expect((await header(o.productOrderId)).codConfirmation).toBe("Expired");
  });
});
