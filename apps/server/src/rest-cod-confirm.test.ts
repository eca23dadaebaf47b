// COD confirmation over HTTP (issue 29, contracts/otp-and-sms.md "COD confirmation"): the four Settings,
// a COD order placed Pending, POST /api/v1/orders/{productOrderId}/cod-confirm by the buyer's code, by a
// guest's X-Order-Token and by an admin's note, the REST error shape of every refusal, GET /orders?
// codConfirmation=Pending, shipping refused until confirmed, and the job cod-confirm-expiry run on demand.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
  // a registered cod_confirm template: the SMS is queued with its variables, the first one the code
  await env.handle.db.messageTemplate.create({
    data: {
      channel: "sms",
      kind: "cod_confirm",
      dltTemplateId: "1107160000000000002",
      senderId: "CLNSTR",
      text: "{#var#} confirms order {#var#} of {#var#} - Clean Store",
    },
  });
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: object, headers: Record<string, string> = {}) => env.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, token: string) => env.app.inject({ method: "GET", url, headers: bearer(token) });
const confirmUrl = (productOrderId: string) => `/api/v1/orders/${encodeURIComponent(productOrderId)}/cod-confirm`;
const header = (productOrderId: string) => env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });

/** a customer's COD checkout of 2 × ₹150 */
async function codOrder() {
  const c = await env.newCustomer();
  const token = await env.tokenFor(c.customerId);
  const productId = await env.newProduct({ productName: "Zz REST COD Gel", productPrice: 150, quantity: 20 });
  expect(
    (await env.app.inject({ method: "POST", url: "/api/v1/addToCart/save", headers: bearer(token), payload: { productId, quantity: 2 } })).statusCode,
  ).toBe(200);
  const res = await env.app.inject({ method: "POST", url: "/api/v1/addToCart/checkout", headers: bearer(token), payload: { paymentMethod: "COD" } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...c, token, productOrderId: res.json<{ productOrderId: string }>().productOrderId };
}

async function codeOf(productOrderId: string): Promise<string> {
  const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", kind: "cod_confirm", text: { contains: productOrderId } } });
  return (JSON.parse(sms.variables ?? "[]") as string[])[0]!;
}

describe("the Settings over REST", () => {
  it("GET /settings shows the four; POST /settings checks them", async () => {
    const got = await get("/api/v1/settings", env.adminToken);
    expect(got.json()).toMatchObject({ codConfirmation: "off", codConfirmHours: 24, guestCheckoutEnabled: true, guestCodNeedsOtp: true });
    const bad = await post("/api/v1/settings", { codConfirmHours: 200 }, bearer(env.adminToken));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const saved = await post("/api/v1/settings", { codConfirmation: "otp", codConfirmHours: 12 }, bearer(env.adminToken));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ codConfirmation: "otp", codConfirmHours: 12 });
  });
});

describe("POST /api/v1/orders/{productOrderId}/cod-confirm", () => {
  beforeAll(async () => {
    await env.admin.settings.update({ codConfirmation: "otp" });
  });

  it("the buyer's code: wrong is 400 OTP_INVALID, right confirms; again 409; the order page and the desk show where it stands", async () => {
    const o = await codOrder();
    const order = await get(`/api/v1/orders/${encodeURIComponent(o.productOrderId)}`, o.token);
    expect(order.json()).toMatchObject({ codConfirmation: "Pending", codConfirmBy: expect.any(String) });
    const listed = await get(`/api/v1/orders?codConfirmation=Pending&search=${encodeURIComponent(o.productOrderId)}`, env.adminToken);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ productOrderId: o.productOrderId, codConfirmation: "Pending" }] });
    expect((await get("/api/v1/orders?codConfirmation=Maybe", env.adminToken)).statusCode).toBe(400);

    const code = await codeOf(o.productOrderId);
    const wrong = await post(confirmUrl(o.productOrderId), { code: code === "111111" ? "222222" : "111111" }, bearer(o.token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "OTP_INVALID" });
    const notDigits = await post(confirmUrl(o.productOrderId), { code: "12ab" }, bearer(o.token));
    expect(notDigits.statusCode).toBe(400);

    const ok = await post(confirmUrl(o.productOrderId), { code }, bearer(o.token));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, productOrderId: o.productOrderId, codConfirmation: "Confirmed", codConfirmedBy: "otp" });
    const again = await post(confirmUrl(o.productOrderId), { code }, bearer(o.token));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "COD_ALREADY_CONFIRMED" });
  });

  it("without a login 401; with the order's X-Order-Token a guest confirms; a wrong token is 404", async () => {
    const o = await codOrder();
    const token = "rest-guest-order-token-0123456789-abcdefghijk";
    await env.handle.db.order.update({
      where: { productOrderId: o.productOrderId },
      data: { accessTokenHash: createHash("sha256").update(token).digest("hex") },
    });
    const code = await codeOf(o.productOrderId);
    expect((await post(confirmUrl(o.productOrderId), { code })).statusCode).toBe(401);
    expect((await post(confirmUrl(o.productOrderId), { code }, { "x-order-token": "wrong-token" })).statusCode).toBe(404);
    const ok = await post(confirmUrl(o.productOrderId), { code }, { "x-order-token": token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await header(o.productOrderId)).codConfirmation).toBe("Confirmed");
  });

  it("an admin after a call: byAdmin with a note (400 without), audited; shipping is 409 COD_NOT_CONFIRMED until then", async () => {
    const o = await codOrder();
    const ship = () =>
      post(
        `/api/v1/orders/${encodeURIComponent(o.productOrderId)}/shipments`,
        { courier: "manual", courierName: "Delhivery", awb: `RC${Date.now()}` },
        bearer(env.adminToken),
      );
    const refused = await ship();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "COD_NOT_CONFIRMED" });

    expect((await post(confirmUrl(o.productOrderId), { byAdmin: true }, bearer(env.adminToken))).statusCode).toBe(400);
    expect((await post(confirmUrl(o.productOrderId), { byAdmin: true, note: "Called" }, bearer(o.token))).statusCode).toBe(403);
    const ok = await post(confirmUrl(o.productOrderId), { byAdmin: true, note: "Called the buyer at 11:05" }, bearer(env.adminToken));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ codConfirmation: "Confirmed", codConfirmedBy: "Test Admin" });
    const audit = await get("/api/v1/audit?entity=order", env.adminToken);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json())).toContain("confirmed the cash-on-delivery order");
    expect((await ship()).statusCode).toBe(201);
  });

  it("the job cod-confirm-expiry run on demand cancels an order past its time; the order page says Expired", async () => {
    const o = await codOrder();
    await env.handle.db.order.update({ where: { productOrderId: o.productOrderId }, data: { codConfirmBy: new Date(Date.now() - 60_000) } });
    const run = await post("/api/v1/admin/jobs/cod-confirm-expiry/run", {}, bearer(env.adminToken));
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ job: "cod-confirm-expiry", processed: 1 });
    const order = await get(`/api/v1/orders/${encodeURIComponent(o.productOrderId)}`, o.token);
    expect(order.json()).toMatchObject({ codConfirmation: "Expired", lines: [{ orderStatus: "Cancelled" }] });
    const late = await post(confirmUrl(o.productOrderId), { code: "123456" }, bearer(o.token));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "COD_CONFIRM_EXPIRED" });
  });
});
