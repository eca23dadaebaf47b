// HTTP tests of guest checkout (issue 29, contracts/guest-and-addresses.md) over the real Fastify app: the
// cart by token (201, 404), the checkout (201, OTP_REQUIRED in the REST error shape), reading the order,
// its invoice PDF, shipments and payment with the X-Order-Token header, and GUEST_CHECKOUT_OFF.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
  // an OTP template, so the code's SMS is written to the outbox (the console provider sends nothing)
  await env.handle.db.messageTemplate.create({
    data: {
      channel: "sms",
      kind: "otp",
      dltTemplateId: "1107160000000000009",
      senderId: "CLNSTR",
      text: "Your Clean Store code is {#var#}, valid {#var#} minutes. - Clean Store",
    },
  });
});
afterAll(() => env.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => env.app.inject({ method: "POST", url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: "GET", url, headers });

let serial = 0;
const newPhone = () => `81${String((Date.now() + ++serial) % 100_000_000).padStart(8, "0")}`;

async function cartWithLine() {
  const created = await post("/api/v1/guest/cart", {});
  expect(created.statusCode).toBe(201);
  const { cartToken } = created.json<{ cartToken: string }>();
  const productId = await env.newProduct({ productName: "Zz Guest Gel", productPrice: 250, mainPrice: 300, deliveryCharge: 40, quantity: 20 });
  const added = await post(`/api/v1/guest/cart/${cartToken}/items`, { productId, quantity: 2 });
  expect(added.statusCode).toBe(200);
  return { cartToken, productId, itemId: added.json<{ lines: { itemId: number }[] }>().lines[0]!.itemId };
}

/** The guest's OTP, the real way: POST /auth/otp/send, the code read from the SMS in the outbox, POST /auth/otp/verify. */
async function verifiedPhone(phone: string): Promise<string> {
  const sent = await post("/api/v1/auth/otp/send", { phone, purpose: "GUEST_CHECKOUT" });
  expect(sent.statusCode).toBe(200);
  const sms = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: { contains: phone } }, orderBy: { messageId: "desc" } });
  const code = sms.text.match(/\b(\d{6})\b/)?.[1];
  const verified = await post("/api/v1/auth/otp/verify", { requestId: sent.json<{ requestId: string }>().requestId, code });
  expect(verified.statusCode).toBe(200);
  return verified.json<{ otpToken: string }>().otpToken;
}

const checkoutBody = (cartToken: string, phone: string, extra: Record<string, unknown> = {}) => ({
  cartToken,
  name: "Meera Iyer",
  phone,
  email: `meera.${phone}@example.in`,
  address: { houseNo: "7", areaAddress: "Baner Road", city: "Pune", pinCode: "411045", state: "Maharashtra" },
  paymentMethod: "UPI",
  ...extra,
});

describe("the guest cart over REST", () => {
  it("creates a cart (201, 43 characters), lists it with a quote, sets and removes a line, and an unknown token is 404", async () => {
    const { cartToken, itemId } = await cartWithLine();
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = await get(`/api/v1/guest/cart/${cartToken}?paymentMethod=UPI`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ lines: [{ itemId, quantity: 2, amount: 500 }], quote: { itemsTotal: 500, deliveryTotal: 40, grandTotal: 540 } });
    const removed = await post(`/api/v1/guest/cart/${cartToken}/items/${itemId}`, { quantity: 0 });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ lines: [] });
    const unknown = await get(`/api/v1/guest/cart/${"q".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("POST /api/v1/guest/checkout", () => {
  it("COD without otpToken is 400 OTP_REQUIRED; with one, 201 with the order and its access token", async () => {
    const { cartToken } = await cartWithLine();
    const phone = newPhone();
    const refused = await post("/api/v1/guest/checkout", checkoutBody(cartToken, phone, { paymentMethod: "COD" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "OTP_REQUIRED" });
    const otpToken = await verifiedPhone(phone);
    const placed = await post("/api/v1/guest/checkout", checkoutBody(cartToken, phone, { paymentMethod: "COD", otpToken }));
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ productOrderId: expect.any(String), orderAccessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it("reads the order, its invoice (JSON and PDF), shipments and payment with X-Order-Token; a wrong or another order's token is 404", async () => {
    const guestOrder = async () =>
      (await post("/api/v1/guest/checkout", checkoutBody((await cartWithLine()).cartToken, newPhone()))).json<{
        productOrderId: string;
        orderAccessToken: string;
      }>();
    const a = await guestOrder();
    const b = await guestOrder();
    const id = encodeURIComponent(a.productOrderId);
    const paths = [
      `/api/v1/orders/${id}`,
      `/api/v1/orders/${id}/invoice`,
      `/api/v1/orders/${id}/invoice.pdf`,
      `/api/v1/orders/${id}/shipments`,
      `/api/v1/payments/${id}`,
    ];
    for (const path of paths) {
      const ok = await get(path, { "x-order-token": a.orderAccessToken });
      expect(ok.statusCode, path).toBe(200);
      expect((await get(path, { "x-order-token": b.orderAccessToken })).statusCode, path).toBe(404);
      expect((await get(path, { "x-order-token": "n".repeat(43) })).statusCode, path).toBe(404);
      expect((await get(path)).statusCode, path).toBe(401);
    }
    expect((await get(`/api/v1/orders/${id}/invoice.pdf`, { "x-order-token": a.orderAccessToken })).headers["content-type"]).toContain("application/pdf");
    expect((await get(`/api/v1/orders/${id}`, { "x-order-token": a.orderAccessToken })).json()).toMatchObject({ customerName: "Meera Iyer", customerId: 0 });
  });

  it("a guest who paid by UPI sends the UTR with X-Order-Token: Awaiting verification; without it 401, with another order's 404", async () => {
    const placed = async () =>
      (await post("/api/v1/guest/checkout", checkoutBody((await cartWithLine()).cartToken, newPhone()))).json<{
        productOrderId: string;
        orderAccessToken: string;
      }>();
    const a = await placed();
    const b = await placed();
    const utrPath = `/api/v1/payments/${encodeURIComponent(a.productOrderId)}/utr`;
    const utr = `9${String(Date.now()).slice(-11)}`;
    expect((await post(utrPath, { utr })).statusCode).toBe(401);
    expect((await post(utrPath, { utr }, { "x-order-token": b.orderAccessToken })).statusCode).toBe(404);
    const sent = await post(utrPath, { utr }, { "x-order-token": a.orderAccessToken });
    expect(sent.statusCode).toBe(200);
    const payment = await get(`/api/v1/payments/${encodeURIComponent(a.productOrderId)}`, { "x-order-token": a.orderAccessToken });
    expect(payment.json()).toMatchObject({ status: "Awaiting verification", utr });
    const events = await env.handle.db.paymentEvent.findMany({ where: { productOrderId: a.productOrderId } });
    expect(events.map((e) => [e.actor, e.toStatus])).toContainEqual(["guest", "Awaiting verification"]);
  });

  it("turned off: 403 GUEST_CHECKOUT_OFF", async () => {
    await env.admin.settings.update({ guestCheckoutEnabled: false });
    try {
      const created = await post("/api/v1/guest/cart", {});
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({ code: "GUEST_CHECKOUT_OFF" });
    } finally {
      await env.admin.settings.update({ guestCheckoutEnabled: true });
    }
  });
});
