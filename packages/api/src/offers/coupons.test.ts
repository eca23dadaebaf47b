// The owner's coupons (issue 26, contracts/offers.md "Admin endpoints") at procedure depth: create
// with every refusal, list by status as of now, a coupon's orders, the code frozen once used, the
// audit trail, and who may call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const base = { type: "PERCENT" as const, value: 10, startsAt: at(-1), endsAt: at(30) };
let seq = 0;
const code = (prefix = "T") => `${prefix}${++seq}-${Date.now() % 100_000}`;

/** an order and its use of the coupon, as the checkout writes them */
async function orderWith(couponId: number, opts: { released?: boolean; customerName?: string } = {}) {
  const productOrderId = `ORD-CPN-${++seq}`;
  await env.handle.db.order.create({
    data: {
      productOrderId,
      customerId: 4242,
      customerName: opts.customerName ?? "Meera Iyer",
      shippingAddress: "1 Lake Road, Pune",
      pinCode: "411001",
      state: "Maharashtra",
      itemsTotal: 50_000,
      deliveryTotal: 0,
      discountTotal: 5_000,
      grandTotal: 45_000,
      couponCode: "X",
    },
  });
  await env.handle.db.couponUse.create({
    data: { couponId, customerId: 4242, productOrderId, discount: 5_000, releasedAt: opts.released ? new Date() : null },
  });
  if (!opts.released) await env.handle.db.coupon.update({ where: { couponId }, data: { usedCount: { increment: 1 } } });
  return productOrderId;
}

describe("creating a coupon", () => {
  it("stores the code upper-case, money in paise, and answers in rupees with its status", async () => {
    const productId = await env.newProduct({ productName: "Zz Coupon Mop" });
    const coupon = await env.admin.coupons.create({
      code: "  diwali-10 ",
      description: "Diwali: 10% off, up to ₹150",
      type: "PERCENT",
      value: 10,
      maxDiscount: 150,
      minOrderValue: 499.5,
      startsAt: at(-1),
      endsAt: at(10),
      usageLimit: 100,
      perCustomerLimit: 2,
      firstOrderOnly: true,
      paymentMethods: ["ONLINE", "UPI"],
      productIds: [productId],
      categories: ["Kitchen", "Kitchen"],
      showAtCheckout: true,
    });
    expect(coupon).toMatchObject({
      code: "DIWALI-10",
      type: "PERCENT",
      value: 10,
      maxDiscount: 150,
      minOrderValue: 499.5,
      usageLimit: 100,
      perCustomerLimit: 2,
      firstOrderOnly: true,
      paymentMethods: ["UPI", "ONLINE"],
      productIds: [productId],
      categories: ["Kitchen"],
      showAtCheckout: true,
      active: true,
      usedCount: 0,
      status: "active",
    });
    const row = await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } });
    expect(row).toMatchObject({
      maxDiscount: 15_000,
      minOrderValue: 49_950,
      paymentMethods: "UPI,ONLINE",
      productIds: String(productId),
      categories: "Kitchen",
    });
  });

  it("defaults: every payment method, one use per customer, not shown at checkout; FLAT in paise; FREE_SHIPPING without a value", async () => {
    const flat = await env.admin.coupons.create({ ...base, code: code("FLAT"), type: "FLAT", value: 75.25 });
    expect(flat).toMatchObject({ value: 75.25, maxDiscount: null, minOrderValue: 0, usageLimit: null, perCustomerLimit: 1, showAtCheckout: false });
    expect(flat.paymentMethods).toEqual(["COD", "UPI", "ONLINE"]);
    expect((await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: flat.couponId } })).value).toBe(7_525);
    const ship = await env.admin.coupons.create({ ...base, code: code("SHIP"), type: "FREE_SHIPPING", value: undefined });
    expect(ship).toMatchObject({ type: "FREE_SHIPPING", value: 0 });
  });

  it("a time without an offset is Indian Standard Time", async () => {
    const c = await env.admin.coupons.create({ ...base, code: code("IST"), startsAt: "2026-12-01T00:00", endsAt: "2026-12-31T23:59" });
    expect(c.startsAt.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(c.endsAt.toISOString()).toBe("2026-12-31T18:29:00.000Z");
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["a missing code", { code: "" }, "code", "Code is required"],
    ["a short code", { code: "AB" }, "code", "Code must be at least 3 characters"],
    ["a long code", { code: "A".repeat(21) }, "code", "Code must be at most 20 characters"],
    ["a code with other characters", { code: "SAVE 10!" }, "code", "Code may contain only letters, digits and hyphens"],
    ["a long description", { description: "x".repeat(121) }, "description", "Description must be at most 120 characters"],
    ["an unknown type", { type: "BOGO" }, "type", "Type must be PERCENT, FLAT or FREE_SHIPPING"],
    ["a percentage above 90", { value: 91 }, "value", "A percentage off must be a whole number from 1 to 90"],
    ["a percentage of 0", { value: 0 }, "value", "A percentage off must be a whole number from 1 to 90"],
    ["a fractional percentage", { value: 12.5 }, "value", "A percentage off must be a whole number from 1 to 90"],
    ["a percentage without a value", { value: undefined }, "value", "Value is required: the percentage off, 1 to 90"],
    ["a flat discount of 0", { type: "FLAT", value: 0 }, "value", "A flat discount must be more than ₹0"],
    ["a flat discount with 3 decimals", { type: "FLAT", value: 10.005 }, "value", "A flat discount can have at most 2 decimals"],
    ["a flat discount without a value", { type: "FLAT", value: undefined }, "value", "Value is required: the rupees off"],
    ["a cap on a flat discount", { type: "FLAT", value: 50, maxDiscount: 20 }, "maxDiscount", "Max discount applies to percentage coupons only"],
    ["a cap of 0", { maxDiscount: 0 }, "maxDiscount", "Max discount must be at least ₹0.01"],
    ["a negative minimum order", { minOrderValue: -1 }, "minOrderValue", "Minimum order value must be at least ₹0"],
    ["a missing start", { startsAt: undefined }, "startsAt", "Starts at is required"],
    ["a start that is not a date", { startsAt: "next week" }, "startsAt", "Starts at must be a date and time like 2026-12-01T00:00:00+05:30 (ISO 8601)"],
    ["an impossible date", { endsAt: "2026-02-30T10:00:00Z" }, "endsAt", "Ends at is not a real date"],
    ["an end before the start", { startsAt: at(5), endsAt: at(4) }, "endsAt", "Ends at must be after Starts at"],
    ["an end equal to the start", { startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-12-01T05:30:00+05:30" }, "endsAt", "Ends at must be after Starts at"],
    ["a usage limit of 0", { usageLimit: 0 }, "usageLimit", "Usage limit must be at least 1"],
    ["a fractional usage limit", { usageLimit: 1.5 }, "usageLimit", "Usage limit must be a whole number"],
    ["a per-customer limit of 0", { perCustomerLimit: 0 }, "perCustomerLimit", "Uses per customer must be at least 1"],
    ["first order only as text", { firstOrderOnly: "maybe" }, "firstOrderOnly", "First order only must be true or false"],
    ["no payment method", { paymentMethods: [] }, "paymentMethods", "Choose at least one payment method"],
    ["an unknown payment method", { paymentMethods: ["CASH"] }, "paymentMethods.0", "Each payment method must be COD, UPI or ONLINE"],
    ["a product id that is not a number", { productIds: ["mop"] }, "productIds.0", "Product id must be a number"],
    ["an unknown category", { categories: ["Garden"] }, "categories.0", "Each category must be one of"],
    ["show at checkout as a number", { showAtCheckout: 3 }, "showAtCheckout", "Show at checkout must be true or false"],
  ];
  it.each(refusals)("refuses %s with a clear message on its field", async (_what, change, field, message) => {
    const input = { ...base, code: code("BAD"), ...change } as Parameters<typeof env.admin.coupons.create>[0];
    const error = await env.admin.coupons.create(input).then(
      () => null,
      (e: unknown) => e as { code: string; message: string; cause?: { issues?: { path: (string | number)[]; message: string }[] } },
    );
    expect(error?.code).toBe("BAD_REQUEST");
    const issue = error?.cause?.issues?.find((i) => i.path.join(".") === field);
    expect(issue?.message).toContain(message);
  });

  it("refuses a code already taken, in any case (409 COUPON_CODE_TAKEN)", async () => {
    const taken = code("DUP");
    await env.admin.coupons.create({ ...base, code: taken });
    await expect(env.admin.coupons.create({ ...base, code: taken.toLowerCase() })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Another coupon already has the code ${taken}.`,
    });
  });

  it("refuses a scope naming a product that does not exist", async () => {
    await expect(env.admin.coupons.create({ ...base, code: code("SCOPE"), productIds: [987_654] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "No product with id 987654. Remove it from the coupon's products.",
    });
  });
});

describe("the list", () => {
  it("filters by status as of now and searches the code and description", async () => {
    const tag = `LST${Date.now() % 100_000}`;
    const active = await env.admin.coupons.create({ ...base, code: `${tag}-A`, description: "Running now" });
    const scheduled = await env.admin.coupons.create({ ...base, code: `${tag}-S`, startsAt: at(2), endsAt: at(9) });
    const expired = await env.admin.coupons.create({ ...base, code: `${tag}-E`, startsAt: at(-9), endsAt: at(-2) });
    const disabled = await env.admin.coupons.create({ ...base, code: `${tag}-D`, active: false, startsAt: at(-9), endsAt: at(-2) });
    const ids = async (status?: "active" | "scheduled" | "expired" | "disabled") =>
      (await env.admin.coupons.list({ page: 1, search: tag.toLowerCase(), status })).items.map((c) => c.couponId);
    expect(await ids()).toEqual([disabled.couponId, expired.couponId, scheduled.couponId, active.couponId]);
    expect(await ids("active")).toEqual([active.couponId]);
    expect(await ids("scheduled")).toEqual([scheduled.couponId]);
    expect(await ids("expired")).toEqual([expired.couponId]);
    expect(await ids("disabled")).toEqual([disabled.couponId]);
    const page = await env.admin.coupons.list({ page: 1, search: tag });
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(page.items.map((c) => c.status)).toEqual(["disabled", "expired", "scheduled", "active"]);
    expect((await env.admin.coupons.list({ page: 1, search: "running NOW" })).items.map((c) => c.couponId)).toContain(active.couponId);
  });

  it("refuses an unknown status", async () => {
    await expect(env.admin.coupons.list({ page: 1, search: "", status: "paused" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "status must be one of: active, scheduled, expired, disabled",
    });
  });
});

describe("a coupon and the orders that used it", () => {
  it("shows usedCount and each order, released or not, newest first", async () => {
    const coupon = await env.admin.coupons.create({ ...base, code: code("USED"), usageLimit: 100 });
    const first = await orderWith(coupon.couponId, { customerName: "Meera Iyer" });
    const second = await orderWith(coupon.couponId, { released: true, customerName: "Arjun Rao" });
    const detail = await env.admin.coupons.get({ couponId: coupon.couponId });
    expect(detail.usedCount).toBe(1);
    expect(detail.uses).toEqual([
      expect.objectContaining({ productOrderId: second, customerName: "Arjun Rao", discount: 50, grandTotal: 450, released: true }),
      expect.objectContaining({ productOrderId: first, customerName: "Meera Iyer", discount: 50, grandTotal: 450, released: false, releasedAt: null }),
    ]);
  });

  it("answers 404 for an unknown coupon", async () => {
    await expect(env.admin.coupons.get({ couponId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND", message: "No coupon with this id." });
    await expect(env.admin.coupons.update({ couponId: 999_999, description: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.coupons.disable({ couponId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("changing a coupon", () => {
  it("changes only what is sent; a lone value is judged by the stored type", async () => {
    const coupon = await env.admin.coupons.create({ ...base, code: code("UPD"), maxDiscount: 100, description: "Before" });
    const changed = await env.admin.coupons.update({ couponId: coupon.couponId, value: 20, code: coupon.code.toLowerCase() + "x" });
    expect(changed).toMatchObject({ value: 20, maxDiscount: 100, description: "Before", code: `${coupon.code}X` });
    await expect(env.admin.coupons.update({ couponId: coupon.couponId, value: 95 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "A percentage off must be a whole number from 1 to 90",
    });
    await expect(env.admin.coupons.update({ couponId: coupon.couponId, endsAt: at(-5) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Ends at must be after Starts at",
    });
    // to FLAT: the percentage cap goes, the value is rupees now
    const flat = await env.admin.coupons.update({ couponId: coupon.couponId, type: "FLAT", value: 40 });
    expect(flat).toMatchObject({ type: "FLAT", value: 40, maxDiscount: null });
    expect((await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).value).toBe(4_000);
    const cleared = await env.admin.coupons.update({ couponId: coupon.couponId, usageLimit: null, paymentMethods: ["UPI", "ONLINE"] });
    expect(cleared).toMatchObject({ usageLimit: null, paymentMethods: ["UPI", "ONLINE"] });
  });

  it("keeps a used code (409 COUPON_USED) but lets the rest change; a taken code is 409 COUPON_CODE_TAKEN", async () => {
    const coupon = await env.admin.coupons.create({ ...base, code: code("KEEP") });
    const other = await env.admin.coupons.create({ ...base, code: code("OTHER") });
    await expect(env.admin.coupons.update({ couponId: coupon.couponId, code: other.code })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Another coupon already has the code ${other.code}.`,
    });
    await orderWith(coupon.couponId, { released: true });
    const refused = await env.admin.coupons
      .update({ couponId: coupon.couponId, code: "RENAMED-1" })
      .catch((e: { code: string; message: string; cause?: { code?: string } }) => e);
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: `The code ${coupon.code} is on orders already, so it cannot change. Disable it and create a new coupon instead.`,
    });
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe("COUPON_USED");
    // the same code, any case, is no change
    await expect(env.admin.coupons.update({ couponId: coupon.couponId, code: coupon.code.toLowerCase(), usageLimit: 5 })).resolves.toMatchObject({
      code: coupon.code,
      usageLimit: 5,
    });
  });

  it("disables (twice is harmless) and re-enables by an update", async () => {
    const coupon = await env.admin.coupons.create({ ...base, code: code("OFF") });
    expect(await env.admin.coupons.disable({ couponId: coupon.couponId })).toMatchObject({ active: false, status: "disabled" });
    expect(await env.admin.coupons.disable({ couponId: coupon.couponId })).toMatchObject({ active: false, status: "disabled" });
    expect(await env.admin.coupons.update({ couponId: coupon.couponId, active: true })).toMatchObject({ active: true, status: "active" });
  });
});

describe("the audit trail and who may call", () => {
  it("records create, update and disable with the changed fields", async () => {
    const coupon = await env.admin.coupons.create({ ...base, code: code("AUD"), description: "First" });
    await env.admin.coupons.update({ couponId: coupon.couponId, description: "Second" });
    await env.admin.coupons.disable({ couponId: coupon.couponId });
    const entries = await env.handle.db.auditEntry.findMany({ where: { entity: "coupon", entityId: String(coupon.couponId) }, orderBy: { auditId: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["coupons.create", "coupons.update", "coupons.disable"]);
    expect(entries[0]!.summary).toBe(`Test Admin created the coupon ${coupon.couponId}`);
    expect(JSON.parse(entries[1]!.changes)).toEqual({ description: ["First", "Second"] });
    expect(JSON.parse(entries[2]!.changes)).toEqual({ active: [true, false] });
  });

  it("staff may manage coupons; customers and visitors may not", async () => {
    const staff = await env.handle.db.admin.create({
      data: { name: "Coupon Staff", email: `cs${Date.now()}@cleanstore.test`, passwordHash: "x", role: "staff" },
    });
    const asStaff = env.as({ role: "admin", adminId: staff.adminId });
    const made = await asStaff.coupons.create({ ...base, code: code("STAFF") });
    await expect(asStaff.coupons.list({ page: 1, search: made.code })).resolves.toMatchObject({ total: 1 });
    await expect(asStaff.coupons.disable({ couponId: made.couponId })).resolves.toMatchObject({ active: false });
    const { caller } = await env.newCustomer();
    const forbidden = { code: "FORBIDDEN", message: "Only the store's admin can do this." };
    await expect(caller.coupons.list({ page: 1, search: "" })).rejects.toMatchObject(forbidden);
    await expect(caller.coupons.create({ ...base, code: code("CUST") })).rejects.toMatchObject(forbidden);
    await expect(caller.coupons.get({ couponId: made.couponId })).rejects.toMatchObject(forbidden);
    await expect(caller.coupons.update({ couponId: made.couponId, active: true })).rejects.toMatchObject(forbidden);
    await expect(caller.coupons.disable({ couponId: made.couponId })).rejects.toMatchObject(forbidden);
    await expect(env.anonymous.coupons.list({ page: 1, search: "" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
