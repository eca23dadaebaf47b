// HTTP tests of the owner's coupons (issue 26, contracts/offers.md "Admin endpoints") over the real
// Fastify app: the five endpoints, the error shape and the contract's codes, who may call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const coupon = (o: Record<string, unknown> = {}) => ({ code: "http-10", type: "PERCENT", value: 10, startsAt: at(-1), endsAt: at(30), ...o });

type Coupon = { couponId: number; code: string; status: string; usedCount: number; active: boolean };

describe("coupons over HTTP", () => {
  it("creates (201), lists by status, reads with its orders, changes and disables a coupon", async () => {
    const created = await env.app.inject({
      method: "POST",
      url: "/api/v1/coupons",
      headers: bearer(env.adminToken),
      payload: coupon({ maxDiscount: 150, minOrderValue: 499, paymentMethods: ["UPI", "ONLINE"], usageLimit: 100, showAtCheckout: true }),
    });
    expect(created.statusCode).toBe(201);
    const c = created.json<Coupon>();
    expect(c).toMatchObject({
      code: "HTTP-10",
      type: "PERCENT",
      value: 10,
      maxDiscount: 150,
      minOrderValue: 499,
      paymentMethods: ["UPI", "ONLINE"],
      usageLimit: 100,
      perCustomerLimit: 1,
      showAtCheckout: true,
      active: true,
      usedCount: 0,
      status: "active",
    });
    expect(typeof (c as unknown as { startsAt: unknown }).startsAt).toBe("string");

    await env.app.inject({ method: "POST", url: "/api/v1/coupons", headers: bearer(env.adminToken), payload: coupon({ code: "HTTP-LATER", startsAt: at(3) }) });
    const scheduled = await env.app.inject({ method: "GET", url: "/api/v1/coupons?status=scheduled&search=http", headers: bearer(env.adminToken) });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json<{ items: Coupon[]; total: number }>()).toMatchObject({ total: 1, items: [{ code: "HTTP-LATER", status: "scheduled" }] });
    const active = await env.app.inject({ method: "GET", url: "/api/v1/coupons?status=active&search=http", headers: bearer(env.adminToken) });
    expect(active.json<{ items: Coupon[] }>().items.map((i) => i.code)).toEqual(["HTTP-10"]);

    await env.handle.db.order.create({
      data: {
        productOrderId: "ORD-HTTP-CPN-1",
        customerId: 77,
        customerName: "Kavya Nair",
        shippingAddress: "4 Hill Road, Pune",
        pinCode: "411001",
        state: "Maharashtra",
        itemsTotal: 100_000,
        deliveryTotal: 0,
        discountTotal: 10_000,
        grandTotal: 90_000,
        couponCode: "HTTP-10",
      },
    });
    await env.handle.db.couponUse.create({ data: { couponId: c.couponId, customerId: 77, productOrderId: "ORD-HTTP-CPN-1", discount: 10_000 } });
    await env.handle.db.coupon.update({ where: { couponId: c.couponId }, data: { usedCount: 1 } });
    const detail = await env.app.inject({ method: "GET", url: `/api/v1/coupons/${c.couponId}`, headers: bearer(env.adminToken) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      usedCount: 1,
      uses: [{ productOrderId: "ORD-HTTP-CPN-1", customerName: "Kavya Nair", discount: 100, grandTotal: 900, released: false, releasedAt: null }],
    });

    const used = await env.app.inject({ method: "POST", url: `/api/v1/coupons/${c.couponId}`, headers: bearer(env.adminToken), payload: { code: "HTTP-20" } });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ status: 409, code: "COUPON_USED", path: `/api/v1/coupons/${c.couponId}` });

    const changed = await env.app.inject({
      method: "POST",
      url: `/api/v1/coupons/${c.couponId}`,
      headers: bearer(env.adminToken),
      payload: { value: 15, description: "15% off for prepaid orders" },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: "HTTP-10", value: 15, maxDiscount: 150, description: "15% off for prepaid orders" });

    const disabled = await env.app.inject({ method: "POST", url: `/api/v1/coupons/${c.couponId}/disable`, headers: bearer(env.adminToken) });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ active: false, status: "disabled" });

    const audit = await env.app.inject({ method: "GET", url: "/api/v1/audit?entity=coupon", headers: bearer(env.adminToken) });
    expect(audit.json<{ items: { action: string }[] }>().items.map((e) => e.action)).toEqual(
      expect.arrayContaining(["coupons.create", "coupons.update", "coupons.disable"]),
    );
  });

  it("answers bad input with 400 and errors[field], a taken code with 409 COUPON_CODE_TAKEN, an unknown coupon with 404", async () => {
    const post = (payload: unknown) => env.app.inject({ method: "POST", url: "/api/v1/coupons", headers: bearer(env.adminToken), payload: payload as object });
    const bad = await post(coupon({ code: "x!", value: 95, endsAt: at(-3), paymentMethods: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      errors: {
        code: "Code must be at least 3 characters",
        value: "A percentage off must be a whole number from 1 to 90",
        endsAt: "Ends at must be after Starts at",
        paymentMethods: "Choose at least one payment method",
      },
    });
    const flatCap = await post(coupon({ code: "HTTP-FLAT", type: "FLAT", value: 50, maxDiscount: 10 }));
    expect(flatCap.json()).toMatchObject({ status: 400, errors: { maxDiscount: "Max discount applies to percentage coupons only" } });

    expect((await post(coupon({ code: "HTTP-TAKEN" }))).statusCode).toBe(201);
    const taken = await post(coupon({ code: "http-taken" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 409, code: "COUPON_CODE_TAKEN", message: "Another coupon already has the code HTTP-TAKEN." });

    const status = await env.app.inject({ method: "GET", url: "/api/v1/coupons?status=paused", headers: bearer(env.adminToken) });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ errors: { status: "status must be one of: active, scheduled, expired, disabled" } });

    for (const [method, url] of [
      ["GET", "/api/v1/coupons/999999"],
      ["POST", "/api/v1/coupons/999999/disable"],
    ] as const) {
      const missing = await env.app.inject({ method, url, headers: bearer(env.adminToken) });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ code: "COUPON_NOT_FOUND" });
    }
    const badId = await env.app.inject({ method: "GET", url: "/api/v1/coupons/abc", headers: bearer(env.adminToken) });
    expect(badId.statusCode).toBe(400);
  });

  it("lets staff in, keeps customers (403) and visitors (401) out", async () => {
    const staff = await env.handle.db.admin.create({ data: { name: "Http Staff", email: "http.staff@cleanstore.test", passwordHash: "x", role: "staff" } });
    const staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
    const made = await env.app.inject({ method: "POST", url: "/api/v1/coupons", headers: bearer(staffToken), payload: coupon({ code: "HTTP-STAFF" }) });
    expect(made.statusCode).toBe(201);
    const { customerId } = await env.newCustomer();
    const customer = bearer(await env.tokenFor(customerId));
    expect((await env.app.inject({ method: "GET", url: "/api/v1/coupons", headers: customer })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "POST", url: "/api/v1/coupons", headers: customer, payload: coupon({ code: "HTTP-CUST" }) })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: "/api/v1/coupons" })).statusCode).toBe(401);
    expect(await env.handle.db.coupon.count({ where: { code: "HTTP-CUST" } })).toBe(0);
  });
});
