// Staff accounts and roles (issue 17) at procedure depth: the owner adds, disables and re-enables
// staff; staff work products, orders, carts and customers, never the owner's business.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const STAFF = { name: "Ravi Kumar", email: "ravi@cleanstore.test", phone: "9000000077", password: "Bucket-And-Mop-2026" };

describe("staff accounts", () => {
  it("the owner adds a staff login; it logs in as staff and works the catalogue and orders", async () => {
    const { staff } = await env.admin.staff.create(STAFF);
    expect(staff).toMatchObject({ name: STAFF.name, email: STAFF.email, role: "staff", active: true });
    expect(JSON.stringify(staff)).not.toMatch(/passwordHash|argon2/);
    const login = await env.anonymous.auth.adminLogin({ email: STAFF.email, password: STAFF.password });
    expect(login.role).toBe("staff");
    const verified = await env.services.tokens.verify(login.token);
    if (!verified.ok) throw new Error(verified.problem);
    const asStaff = env.as(verified.user);
    expect((await asStaff.auth.adminMe()).role).toBe("staff");
    const { product } = await asStaff.products.save({
      productName: "Staff Mop",
      productPrice: 150,
      mainPrice: 200,
      packSize: "1 pc",
      productInfo: "A mop.",
      deliveryCharge: "Free",
      quantity: 5,
    });
    expect(product.productName).toBe("Staff Mop");
    await expect(asStaff.orders.page({ page: 1, search: "", view: "shipping" })).resolves.toMatchObject({ page: 1 });
    await expect(asStaff.customers.page({ page: 1, search: "" })).resolves.toMatchObject({ page: 1 });
    await expect(asStaff.reports.sales({ from: "2026-11-01", to: "2026-11-30" })).resolves.toMatchObject({ interval: "day" });
  });

  it("staff may not change settings, confirm payments, manage staff or read the audit trail", async () => {
    const staffId = (await env.handle.db.admin.findUniqueOrThrow({ where: { email: STAFF.email } })).adminId;
    const asStaff = env.as({ role: "admin", adminId: staffId });
    const forbidden = { code: "FORBIDDEN", message: "Only the store's owner can do this." };
    await expect(asStaff.settings.update({ codFee: 0 })).rejects.toMatchObject(forbidden);
    await expect(asStaff.payments.confirm({ productOrderId: "ORD-NONE" })).rejects.toMatchObject(forbidden);
    await expect(asStaff.staff.list()).rejects.toMatchObject(forbidden);
    await expect(asStaff.staff.create({ ...STAFF, email: "other@cleanstore.test", phone: undefined })).rejects.toMatchObject(forbidden);
    await expect(asStaff.audit.page({ page: 1, search: "" })).rejects.toMatchObject(forbidden);
    await expect(asStaff.emails.page({ page: 1, search: "" })).rejects.toMatchObject(forbidden);
  });

  it("disabling ends the staff's sessions and logins; enabling lets it in again", async () => {
    const { adminId } = await env.handle.db.admin.findUniqueOrThrow({ where: { email: STAFF.email } });
    const { token } = await env.anonymous.auth.adminLogin({ email: STAFF.phone, password: STAFF.password });
    const before = await env.services.tokens.verify(token);
    if (!before.ok) throw new Error(before.problem);
    await env.admin.staff.disable({ adminId });
    await expect(env.as(before.user).products.page({ page: 1, search: "" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.anonymous.auth.adminLogin({ email: STAFF.email, password: STAFF.password })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This staff account has been disabled. Please ask the store's owner.",
    });
    // a wrong password is answered as always: nothing tells a guesser the account is disabled
    await expect(env.anonymous.auth.adminLogin({ email: STAFF.email, password: "not-the-password" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const listed = await env.admin.staff.list();
    expect(listed.find((s) => s.adminId === adminId)?.active).toBe(false);
    await env.admin.staff.enable({ adminId });
    const again = await env.anonymous.auth.adminLogin({ email: STAFF.email, password: STAFF.password });
    const verified = await env.services.tokens.verify(again.token);
    if (!verified.ok) throw new Error(verified.problem);
    await expect(env.as(verified.user).products.page({ page: 1, search: "" })).resolves.toMatchObject({ page: 1 });
  });

  it("refuses a second account with the same email or phone, and disabling the owner", async () => {
    await expect(env.admin.staff.create({ ...STAFF, phone: undefined })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Another back-office account already uses this email.",
    });
    await expect(env.admin.staff.create({ ...STAFF, email: "new@cleanstore.test" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Another back-office account already uses this phone number.",
    });
    await expect(env.admin.staff.disable({ adminId: env.adminId })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.staff.disable({ adminId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.staff.create({ ...STAFF, email: "weak@cleanstore.test", phone: undefined, password: "short" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
