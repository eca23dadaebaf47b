// Guest checkout (issue 29, contracts/guest-and-addresses.md): ordering the guest cart (COD needs a
// verified phone), reading the order with its X-Order-Token, the mail's one-time link, attaching the
// orders to an account registered later with the phone, and coupons counted by phone.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, customerFields, type TestEnv } from "../testing.ts";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createInnerContext } from "../context.ts";
import { signPhoneToken } from "../accounts/otp/phone-tokens.ts";
import { newCoupon } from "../offers/offers-testing.ts";
import { sha256 } from "./order-access.ts";
import { createGuestOrderLimiter } from "./guest-order-limiter.ts";
import { databaseLimitStore } from "../platform/limit-store.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const refusal = (code: string) => expect.objectContaining({ cause: expect.objectContaining({ code }) });
const guest = () => env.anonymous.guest;
const withOrderToken = (orderToken: string) =>
  createCallerFactory(appRouter)(createInnerContext({ db: env.handle.db, services: env.services, auth: null, clientIp: "127.0.0.1", orderToken }));

let phoneSerial = 0;
const newPhone = () => `70${String(Date.now() % 100_000_000).padStart(8, "0")}`.slice(0, 8) + String(10 + (phoneSerial++ % 90));

async function filledCart(price = 150) {
  const productId = await env.newProduct({ productPrice: price, mainPrice: price + 50, deliveryCharge: 40, quantity: 20 });
  const { cartToken } = await guest().createCart();
  await guest().addItem({ cartToken, productId, quantity: 2 });
  return { cartToken, productId };
}

const form = (cartToken: string, phone: string, extra: Record<string, unknown> = {}) => ({
  cartToken,
  name: "Ravi Kumar",
  phone,
  email: `ravi.${phone}@example.in`,
  address: { houseNo: "4A", areaAddress: "FC Road", landmark: "near the temple", city: "Pune", pinCode: "411004", state: "Maharashtra" },
  paymentMethod: "UPI" as const,
  ...extra,
});

describe("POST /guest/checkout", () => {
  it("COD without a verified phone is 400 OTP_REQUIRED and leaves the cart; with the otpToken of that phone it is placed as a guest order", async () => {
    const { cartToken } = await filledCart();
    const phone = newPhone();
    await expect(guest().checkout(form(cartToken, phone, { paymentMethod: "COD" }))).rejects.toThrow(refusal("OTP_REQUIRED"));
    const otherPhoneToken = signPhoneToken(env.services.otpSecret, "guest", newPhone());
    await expect(guest().checkout(form(cartToken, phone, { paymentMethod: "COD", otpToken: otherPhoneToken }))).rejects.toThrow(refusal("OTP_REQUIRED"));
    expect(await env.handle.db.guestCartItem.count({ where: { cartId: sha256(cartToken) } })).toBe(1);

    const otpToken = signPhoneToken(env.services.otpSecret, "guest", phone);
    const placed = await guest().checkout(form(cartToken, phone, { paymentMethod: "COD", otpToken }));
    expect(placed.orderAccessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } });
    expect(order).toMatchObject({
      customerId: 0,
      isGuest: true,
      phone,
      paymentMethod: "COD",
      customerName: "Ravi Kumar",
      accessTokenHash: sha256(placed.orderAccessToken),
    });
    expect(order.shippingAddress).toContain("FC Road");
    expect(order.grandTotal).toBe(34_000);
    expect(await env.handle.db.guestCartItem.count({ where: { cartId: sha256(cartToken) } })).toBe(0);
    // the cart was emptied: the same cart again has nothing to order
    await expect(guest().checkout(form(cartToken, phone, { paymentMethod: "COD", otpToken }))).rejects.toThrow(refusal("BAD_REQUEST"));
  });

  it("with guestCodNeedsOtp off, COD needs no otpToken", async () => {
    await env.admin.settings.update({ guestCodNeedsOtp: false });
    try {
      const { cartToken } = await filledCart();
      const placed = await guest().checkout(form(cartToken, newPhone(), { paymentMethod: "COD" }));
      expect(placed.productOrderId).toBeTruthy();
    } finally {
      await env.admin.settings.update({ guestCodNeedsOtp: true });
    }
  });

  it("UPI needs no OTP; the phone must be a mobile number; an empty or unknown cart is refused", async () => {
    const { cartToken } = await filledCart(100);
    await expect(guest().checkout(form(cartToken, "5876543210"))).rejects.toThrow(/mobile number/);
    const placed = await guest().checkout(form(cartToken, newPhone()));
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } });
    expect(order).toMatchObject({ paymentMethod: "UPI", isGuest: true, grandTotal: 24_000 });
    expect(order.expiresAt).not.toBeNull();
    await expect(guest().checkout(form("y".repeat(43), newPhone()))).rejects.toThrow(refusal("NOT_FOUND"));
  });

  it("the same Idempotency-Key replays the order (with a fresh access token) and creates nothing more", async () => {
    const { cartToken } = await filledCart();
    const phone = newPhone();
    const first = await guest().checkout(form(cartToken, phone, { idempotencyKey: "guest-key-1" }));
    const again = await guest().checkout(form(cartToken, phone, { idempotencyKey: "guest-key-1" }));
    expect(again.productOrderId).toBe(first.productOrderId);
    expect(await env.handle.db.order.count({ where: { phone } })).toBe(1);
    await expect(withOrderToken(again.orderAccessToken).orders.order({ productOrderId: first.productOrderId })).resolves.toBeTruthy();
  });
});

describe("reading a guest order with X-Order-Token", () => {
  it("the right token reads the order, its invoice, shipments and payment; a wrong one or another order's is 404; none is 401", async () => {
    const a = await guest().checkout(form((await filledCart()).cartToken, newPhone()));
    const b = await guest().checkout(form((await filledCart()).cartToken, newPhone()));
    const reader = withOrderToken(a.orderAccessToken);
    const id = { productOrderId: a.productOrderId };
    const details = await reader.orders.order(id);
    expect(details).toMatchObject({ productOrderId: a.productOrderId, customerId: 0, customerName: "Ravi Kumar" });
    expect((await reader.orders.invoice(id)).number).toBeTruthy();
    expect(await reader.shipments.forOrder(id)).toEqual({ productOrderId: a.productOrderId, shipments: [] });
    expect(await reader.payments.get(id)).toMatchObject({ productOrderId: a.productOrderId, method: "UPI" });

    for (const wrong of [withOrderToken("z".repeat(43)), withOrderToken(b.orderAccessToken)]) {
      await expect(wrong.orders.order(id)).rejects.toThrow(refusal("NOT_FOUND"));
      await expect(wrong.orders.invoice(id)).rejects.toThrow(refusal("NOT_FOUND"));
      await expect(wrong.shipments.forOrder(id)).rejects.toThrow(refusal("NOT_FOUND"));
      await expect(wrong.payments.get(id)).rejects.toThrow(refusal("NOT_FOUND"));
    }
    await expect(env.anonymous.orders.order(id)).rejects.toThrow(expect.objectContaining({ code: "UNAUTHORIZED" }));
    // a logged-in customer who is not the buyer sees nothing either; the admin sees it
    const stranger = await env.newCustomer();
    await expect(stranger.caller.orders.order(id)).rejects.toThrow(refusal("NOT_FOUND"));
    await expect(env.admin.orders.order(id)).resolves.toMatchObject({ productOrderId: a.productOrderId });
  });

  it("the mail carries a one-time link, exchanged once for a new token (the old one stops working)", async () => {
    const phone = newPhone();
    const placed = await guest().checkout(form((await filledCart()).cartToken, phone));
    const mail = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: `ravi.${phone}@example.in`, kind: "order-placed" } });
    const link = mail.html.match(/\/guest\/order\/([^?"]+)\?link=([A-Za-z0-9_-]{43})/);
    expect(link?.[1]).toBe(encodeURIComponent(placed.productOrderId));
    const token = link![2]!;
    expect(mail.attachInvoiceOf).toBe(placed.productOrderId);
    expect(await env.handle.db.orderAccessLink.findUnique({ where: { tokenHash: token } })).toBeNull();

    await expect(guest().exchangeLink({ productOrderId: placed.productOrderId, link: "w".repeat(43) })).rejects.toThrow(refusal("NOT_FOUND"));
    const exchanged = await guest().exchangeLink({ productOrderId: placed.productOrderId, link: token });
    expect(exchanged.orderAccessToken).not.toBe(placed.orderAccessToken);
    await expect(withOrderToken(exchanged.orderAccessToken).orders.order({ productOrderId: placed.productOrderId })).resolves.toBeTruthy();
    await expect(withOrderToken(placed.orderAccessToken).orders.order({ productOrderId: placed.productOrderId })).rejects.toThrow(refusal("NOT_FOUND"));
    await expect(guest().exchangeLink({ productOrderId: placed.productOrderId, link: token })).rejects.toThrow(refusal("NOT_FOUND"));
  });
});

describe("accounts later", () => {
  it("a sign-up that proves the phone by its OTP attaches the guest orders (My Orders lists them); a typed phone does not", async () => {
    const phone = newPhone();
    const mine = await guest().checkout(form((await filledCart()).cartToken, phone));
    const other = await guest().checkout(form((await filledCart()).cartToken, newPhone()));
    // someone registering with a password and this phone has proved nothing: the orders stay the guest's
    const stranger = await env.newCustomer({ number: phone });
    expect(await stranger.caller.orders.byCustomer({ customerId: stranger.customerId })).toEqual([]);
    expect(await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: mine.productOrderId } })).toMatchObject({ customerId: 0 });
    await env.handle.db.customer.delete({ where: { customerId: stranger.customerId } });

    const signupToken = signPhoneToken(env.services.otpSecret, "signup", phone);
    const { customerId } = await env.anonymous.customers.save({ ...customerFields({ number: phone }), password: undefined, signupToken });
    const owner = env.as({ role: "customer", customerId });
    const listed = await owner.orders.byCustomer({ customerId });
    expect(listed.map((l) => l.productOrderId)).toEqual([mine.productOrderId]);
    expect(await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: mine.productOrderId } })).toMatchObject({ customerId, isGuest: true });
    await expect(owner.orders.order({ productOrderId: mine.productOrderId })).resolves.toMatchObject({ customerId });
    expect(await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: other.productOrderId } })).toMatchObject({ customerId: 0 });
  });
});

describe("coupons for guests, counted by phone", () => {
  it("firstOrderOnly: a second guest order with the same phone is refused; the use records the phone", async () => {
    const coupon = await newCoupon(env, { type: "PERCENT", value: 10, firstOrderOnly: true, perCustomerLimit: 5 });
    const phone = newPhone();
    const first = await guest().checkout(form((await filledCart()).cartToken, phone, { couponCode: coupon.code }));
    expect(await env.handle.db.couponUse.findUniqueOrThrow({ where: { productOrderId: first.productOrderId } })).toMatchObject({ customerId: 0, phone });
    const { cartToken } = await filledCart();
    await expect(guest().checkout(form(cartToken, phone, { couponCode: coupon.code }))).rejects.toThrow(refusal("FIRST_ORDER_ONLY"));
    expect(await env.handle.db.guestCartItem.count({ where: { cartId: sha256(cartToken) } })).toBe(1);
    // another phone is a first order
    await expect(guest().checkout(form(cartToken, newPhone(), { couponCode: coupon.code }))).resolves.toBeTruthy();
  });

  it("perCustomerLimit counts the phone's uses", async () => {
    const coupon = await newCoupon(env, { type: "PERCENT", value: 10, perCustomerLimit: 1 });
    const phone = newPhone();
    await guest().checkout(form((await filledCart()).cartToken, phone, { couponCode: coupon.code }));
    await expect(guest().checkout(form((await filledCart()).cartToken, phone, { couponCode: coupon.code }))).rejects.toThrow(refusal("CUSTOMER_LIMIT_REACHED"));
  });
});

describe("anti-hoarding for guests", () => {
  it("counts open unpaid orders per phone", async () => {
    await env.admin.settings.update({ maxOpenUnpaidOrders: 1 });
    try {
      const phone = newPhone();
      await guest().checkout(form((await filledCart()).cartToken, phone));
      await expect(guest().checkout(form((await filledCart()).cartToken, phone))).rejects.toThrow(refusal("TOO_MANY_REQUESTS"));
      await expect(guest().checkout(form((await filledCart()).cartToken, newPhone()))).resolves.toBeTruthy();
    } finally {
      await env.admin.settings.update({ maxOpenUnpaidOrders: 1000 });
    }
  });

  it("counts the orders of one address of the request in an hour (3 × maxOrdersPerHour, many shoppers share a carrier's address)", async () => {
    await env.admin.settings.update({ maxOrdersPerHour: 1 });
    try {
      const fromIp = env.as(null, "10.9.8.7").guest;
      for (let i = 0; i < 3; i++) await fromIp.checkout(form((await filledCart()).cartToken, newPhone()));
      await expect(fromIp.checkout(form((await filledCart()).cartToken, newPhone()))).rejects.toThrow(refusal("TOO_MANY_REQUESTS"));
      await expect(env.as(null, "10.9.8.6").guest.checkout(form((await filledCart()).cartToken, newPhone()))).resolves.toBeTruthy();
    } finally {
      await env.admin.settings.update({ maxOrdersPerHour: 1000 });
    }
  });

  it("the address's count is kept in the shared limit store: two instances on one database count into one", async () => {
    const one = createGuestOrderLimiter({ store: databaseLimitStore(env.handle.db) });
    const two = createGuestOrderLimiter({ store: databaseLimitStore(env.handle.db) });
    await Promise.all([one.count("10.7.7.7"), two.count("10.7.7.7"), one.count("10.7.7.7")]);
    expect(await two.placed("10.7.7.7")).toBe(3);
    expect(await one.placed("10.7.7.8")).toBe(0);
  });
});
