import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createContext } from "../context.ts";
import { createTestEnv, customerFields, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe("customers.save (sign-up)", () => {
  it("registers a customer and never returns the password", async () => {
    const fields = customerFields();
    const res = await env.anonymous.customers.save(fields);
    expect(res).toMatchObject({ success: true, message: "Registration successful. Please log in." });
    const row = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: res.customerId } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.agreeToTerms).toBe(true);
    expect(row.customerStatus).toBe(true);
  });

  it("answers 409 naming the duplicate phone or email", async () => {
    const { fields } = await env.newCustomer();
    await expect(env.anonymous.customers.save(customerFields({ number: fields.number }))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A customer with this phone number is already registered.",
    });
    await expect(env.anonymous.customers.save(customerFields({ email: fields.email.toUpperCase() }))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A customer with this email is already registered.",
    });
  });

  it("lets only one of many simultaneous sign-ups with the same phone or email through, the others get a named 409", async () => {
    const number = customerFields().number;
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => env.anonymous.customers.save(customerFields({ number }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "CONFLICT", message: "A customer with this phone number is already registered." });
    }
    expect(await env.handle.db.customer.count({ where: { number } })).toBe(1);
    const email = customerFields().email;
    const byEmail = await Promise.allSettled(Array.from({ length: 6 }, () => env.anonymous.customers.save(customerFields({ email }))));
    expect(byEmail.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of byEmail.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "CONFLICT", message: "A customer with this email is already registered." });
    }
  });

  it("validates with the spec's messages", async () => {
    await expect(env.anonymous.customers.save(customerFields({ number: "98765abc12" }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Phone Number must contain digits only",
    });
    await expect(env.anonymous.customers.save(customerFields({ email: "not-an-email" }))).rejects.toMatchObject({
      message: "Enter a valid email address",
    });
    await expect(env.anonymous.customers.save(customerFields({ agreeToTerms: false }))).rejects.toMatchObject({
      message: "Please accept the terms and conditions",
    });
  });
});

describe("customers.details", () => {
  it("lets a customer read itself and an admin read anyone, but not another customer", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    await expect(a.caller.customers.details({ customerId: a.customerId })).resolves.toMatchObject({ customerId: a.customerId });
    await expect(env.admin.customers.details({ customerId: a.customerId })).resolves.not.toHaveProperty("passwordHash");
    await expect(b.caller.customers.details({ customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.customers.details({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("customers.save validation", () => {
  it.each([
    [{ firstName: "" }, "First Name is required"],
    [{ lastName: "   " }, "Last Name is required"],
    [{ number: "" }, "Phone Number is required"],
    [{ number: "98765432101" }, "Phone Number must be at most 10 digits"],
    [{ number: "98765" }, "Phone Number must be 10 digits"],
    [{ email: "" }, "Email is required"],
    [{ houseNo: "" }, "House Number is required"],
    [{ city: "" }, "City is required"],
    [{ pinCode: "4110" }, "Pin Code must be 6 digits"],
    [{ state: "" }, "State is required"],
    [{ areaAddress: "" }, "Area Address is required"],
    [{ password: "" }, "Password is required"],
    [{ password: "short" }, "Password must be at least 10 characters"],
    [{ firstName: "x".repeat(61) }, "First Name must be at most 60 characters"],
  ])("rejects %j with %s and stores nothing", async (override, message) => {
    const before = await env.handle.db.customer.count();
    await expect(env.anonymous.customers.save(customerFields(override))).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    expect(await env.handle.db.customer.count()).toBe(before);
  });

  it("stores the email in lower case and trims fields", async () => {
    const fields = customerFields({ email: "  Mixed.Case@Example.IN ", firstName: "  Ravi " });
    const { customerId } = await env.anonymous.customers.save(fields);
    const row = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } });
    expect(row.email).toBe("mixed.case@example.in");
    expect(row.firstName).toBe("Ravi");
  });

  it("ignores a customerStatus sent at sign-up (always Active)", async () => {
    const { customerId } = await env.anonymous.customers.save({ ...customerFields(), customerStatus: false } as never);
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } })).customerStatus).toBe(true);
  });
});

describe("customers.list and customers.page (admin)", () => {
  it("lists every customer for the admin, without password or hash", async () => {
    const a = await env.newCustomer();
    const list = await env.admin.customers.list();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c) => c.customerId)).toContain(a.customerId);
    expect(list.length).toBe(await env.handle.db.customer.count());
    const text = JSON.stringify(list);
    expect(text).not.toMatch(/passwordHash|argon2|"password"/);
  });

  it("refuses the list to anonymous (401) and customers (403)", async () => {
    const a = await env.newCustomer();
    await expect(env.anonymous.customers.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(a.caller.customers.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(a.caller.customers.page({ page: 1, search: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("pages and searches case-insensitively", async () => {
    const c = await env.newCustomer({ firstName: "Zebediah", city: "Nagpur" });
    const res = await env.admin.customers.page({ page: 1, search: "zebed" });
    expect(res.items.map((i) => i.customerId)).toEqual([c.customerId]);
    expect(res.total).toBe(1);
    expect(res.pageSize).toBe(20);
    const byId = await env.admin.customers.page({ page: 1, search: String(c.customerId) });
    expect(byId.items.map((i) => i.customerId)).toContain(c.customerId);
    await expect(env.admin.customers.page({ page: 0, search: "" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "page starts at 1" });
    const literal = await env.newCustomer({ areaAddress: "Plot_7 Road" });
    await env.newCustomer({ areaAddress: "Lot97 Lane" });
    expect((await env.admin.customers.page({ page: 1, search: "t_7" })).items.map((i) => i.customerId)).toEqual([literal.customerId]);
  });
});

describe("the customer lists' order figures (issue 24)", () => {
  /** a checkout of one line per price (₹, free delivery), paid `method` */
  async function checkout(c: Awaited<ReturnType<TestEnv["newCustomer"]>>, prices: number[], method: "COD" | "UPI") {
    for (const price of prices) {
      const productId = await env.newProduct({ productPrice: price, deliveryCharge: "Free", quantity: 20 });
      await c.caller.cart.save({ customerId: c.customerId, productId, quantity: 1 });
    }
    const placed = await c.caller.cart.checkout({ paymentMethod: method });
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } });
    return {
      productOrderId: placed.productOrderId,
      lines: placed.orders.map((o) => o.orderId),
      grandTotal: order.grandTotal / 100,
      createdAt: order.createdAt,
    };
  }

  it("counts orders, sums the money received and kept, and dates the last order, for the page's customers in one grouped query", async () => {
    await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
    const c = await env.newCustomer({ lastName: "Ledgerwood" });
    const idle = await env.newCustomer({ lastName: "Ledgerwood" });

    // delivered cash on delivery: the cash was collected (Paid), all of it counts
    const delivered = await checkout(c, [150], "COD");
    await env.admin.orderDesk.setStatus({ productOrderId: delivered.productOrderId, orderStatus: "Completed" });
    // UPI confirmed, then one of its two lines cancelled and refunded: the grand total less the refund
    const refunded = await checkout(c, [100, 40], "UPI");
    await c.caller.payments.submitUtr({ productOrderId: refunded.productOrderId, utr: "700000002401" });
    await env.admin.payments.confirm({ productOrderId: refunded.productOrderId });
    await env.admin.orders.updateStatus({ orderId: refunded.lines[1]!, orderStatus: "Cancelled" });
    const [refund] = (await env.admin.orders.order({ productOrderId: refunded.productOrderId })).refunds;
    await env.admin.payments.recordRefund({ productOrderId: refunded.productOrderId, refundId: refund!.refundId, reference: "NEFT2401" });
    // cash on delivery cancelled before delivery, and a UPI order never paid: orders, but no money
    const cancelled = await checkout(c, [70], "COD");
    await env.admin.orderDesk.setStatus({ productOrderId: cancelled.productOrderId, orderStatus: "Cancelled" });
    const unpaid = await checkout(c, [90], "UPI");

    const refundedOrder = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: refunded.productOrderId } });
    expect(refundedOrder.refundedTotal).toBe(4000);
    const page = await env.admin.customers.page({ page: 1, search: "Ledgerwood" });
    const byId = new Map(page.items.map((i) => [i.customerId, i]));
    expect(byId.get(c.customerId)).toMatchObject({
      ordersCount: 4,
      totalSpent: delivered.grandTotal + refunded.grandTotal - 40,
      lastOrderAt: unpaid.createdAt,
    });
    expect(delivered.grandTotal).toBeGreaterThanOrEqual(150);
    expect(byId.get(idle.customerId)).toMatchObject({ ordersCount: 0, totalSpent: 0, lastOrderAt: null });

    // the spec's whole list answers the same figures
    const listed = (await env.admin.customers.list()).find((i) => i.customerId === c.customerId);
    expect(listed).toMatchObject({ ordersCount: 4, totalSpent: delivered.grandTotal + refunded.grandTotal - 40, lastOrderAt: unpaid.createdAt });
  });

  it("asks the database once for a whole page's figures, not once per customer", async () => {
    for (let i = 0; i < 3; i++) await env.newCustomer({ lastName: "Onequery" });
    const queryRaw = vi.spyOn(env.handle.db, "$queryRaw");
    try {
      const page = await env.admin.customers.page({ page: 1, search: "Onequery" });
      expect(page.items).toHaveLength(3);
      expect(queryRaw).toHaveBeenCalledTimes(1);
    } finally {
      queryRaw.mockRestore();
    }
  });
});

describe("customers.details more cases", () => {
  it("answers 404 for an admin asking for a missing customer and 400 for a bad id", async () => {
    await expect(env.admin.customers.details({ customerId: 999999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.customers.details({ customerId: -1 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Customer id must be a positive number",
    });
  });

  it("refuses an inactive customer and a deleted one", async () => {
    const a = await env.newCustomer();
    await env.handle.db.customer.update({ where: { customerId: a.customerId }, data: { customerStatus: false } });
    await expect(a.caller.customers.details({ customerId: a.customerId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Your account is inactive. Please contact the store.",
    });
    const b = await env.newCustomer();
    await env.admin.customers.delete({ customerId: b.customerId });
    await expect(b.caller.customers.details({ customerId: b.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("customers.update", () => {
  it("lets a customer update itself; customerStatus from a customer is ignored", async () => {
    const a = await env.newCustomer();
    const res = await a.caller.customers.update({ ...a.fields, customerId: a.customerId, city: "Mumbai", password: "", customerStatus: false });
    expect(res).toMatchObject({ success: true, customer: { city: "Mumbai", customerStatus: true } });
    expect(res.customer).not.toHaveProperty("passwordHash");
    const row = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } });
    expect(row.city).toBe("Mumbai");
    expect(row.customerStatus).toBe(true);
  });

  it("keeps the old password when the password is blank, and changes it when given", async () => {
    const a = await env.newCustomer();
    const before = (await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).passwordHash;
    await a.caller.customers.update({ ...a.fields, customerId: a.customerId, password: "" });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).passwordHash).toBe(before);
    await expect(env.anonymous.auth.customerLogin({ number: a.fields.number, password: a.fields.password })).resolves.toMatchObject({
      customerId: a.customerId,
    });
    const { password: _omit, ...noPassword } = a.fields;
    await a.caller.customers.update({ ...noPassword, customerId: a.customerId });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).passwordHash).toBe(before);
    await a.caller.customers.update({ ...a.fields, customerId: a.customerId, password: "Brand@New123", currentPassword: a.fields.password });
    await expect(env.anonymous.auth.customerLogin({ number: a.fields.number, password: "Brand@New123" })).resolves.toMatchObject({
      customerId: a.customerId,
    });
    await expect(env.anonymous.auth.customerLogin({ number: a.fields.number, password: a.fields.password })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("refuses another customer (403), anonymous (401); lets the admin switch status, which locks the customer out", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    await expect(b.caller.customers.update({ ...a.fields, customerId: a.customerId, city: "Hacked" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.customers.update({ ...a.fields, customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).city).toBe("Pune");

    const res = await env.admin.customers.update({ ...a.fields, customerId: a.customerId, password: "", customerStatus: false });
    expect(res.customer.customerStatus).toBe(false);
    await expect(a.caller.customers.details({ customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.auth.customerLogin({ number: a.fields.number, password: a.fields.password })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await env.admin.customers.update({ ...a.fields, customerId: a.customerId, customerStatus: true });
    await expect(a.caller.customers.details({ customerId: a.customerId })).resolves.toMatchObject({ customerStatus: true });
  });

  it("answers a customer 409 on a phone or email taken by someone else without saying which (issue 22), but accepts its own", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const unusable = {
      code: "CONFLICT",
      message: "This phone number or email cannot be used. Please enter another.",
      cause: expect.objectContaining({ code: "PHONE_OR_EMAIL_UNAVAILABLE" }),
    };
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, number: b.fields.number })).rejects.toMatchObject(unusable);
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, email: b.fields.email })).rejects.toMatchObject(unusable);
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId })).resolves.toMatchObject({ success: true });
  });

  it("names the taken phone or email to the back office, which sees every customer anyway", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    await expect(env.admin.customers.update({ ...a.fields, customerId: a.customerId, number: b.fields.number })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A customer with this phone number is already registered.",
    });
    await expect(env.admin.customers.update({ ...a.fields, customerId: a.customerId, email: b.fields.email })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A customer with this email is already registered.",
    });
  });

  it("refuses line breaks and control characters in names at sign-up and in the profile (issue 22)", async () => {
    await expect(env.anonymous.customers.save({ ...customerFields(), firstName: "Asha\nBcc: someone@example.in" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "First Name may not contain line breaks or control characters",
    });
    await expect(env.anonymous.customers.save({ ...customerFields(), lastName: "Verma\r\nClick here" })).rejects.toMatchObject({
      message: "Last Name may not contain line breaks or control characters",
    });
    await expect(env.anonymous.customers.save({ ...customerFields(), firstName: "Asha\u202eevil" })).rejects.toMatchObject({
      message: "First Name may not contain line breaks or control characters",
    });
    const a = await env.newCustomer();
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, firstName: "A\tB" })).rejects.toMatchObject({
      message: "First Name may not contain line breaks or control characters",
    });
    // names in Indian scripts keep their joiners
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, firstName: "क्\u200dष" })).resolves.toMatchObject({ success: true });
  });

  it("validates like sign-up and answers 404 for a missing customer", async () => {
    const a = await env.newCustomer();
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, email: "bad" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Enter a valid email address",
    });
    await expect(a.caller.customers.update({ ...a.fields, customerId: a.customerId, password: "short" })).rejects.toMatchObject({
      message: "Password must be at least 10 characters",
    });
    await expect(env.admin.customers.update({ ...customerFields(), customerId: 987654 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("customers.setStatus (admin)", () => {
  it("switches Active/Inactive; customers and anonymous are refused", async () => {
    const a = await env.newCustomer();
    await expect(a.caller.customers.setStatus({ customerId: a.customerId, customerStatus: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.customers.setStatus({ customerId: a.customerId, customerStatus: false })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.customers.setStatus({ customerId: a.customerId, customerStatus: false })).resolves.toMatchObject({
      message: "Customer is now Inactive.",
      customer: { customerStatus: false },
    });
    expect((await env.handle.db.customer.findUniqueOrThrow({ where: { customerId: a.customerId } })).customerStatus).toBe(false);
    await expect(env.admin.customers.setStatus({ customerId: 999999, customerStatus: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("customers.delete and deleteLegacy (admin)", () => {
  it("deletes a customer (and its cart) but keeps its orders", async () => {
    const a = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 10 });
    await a.caller.cart.save({ productId, quantity: 1 });
    await a.caller.orders.save({ productId, quantity: 2 });
    await expect(a.caller.customers.delete({ customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.customers.delete({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.customers.delete({ customerId: a.customerId })).resolves.toEqual({ success: true, message: "Customer deleted." });
    expect(await env.handle.db.customer.findUnique({ where: { customerId: a.customerId } })).toBeNull();
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(0);
    expect(await env.handle.db.productOrder.count({ where: { customerId: a.customerId } })).toBe(1);
    await expect(env.admin.customers.delete({ customerId: a.customerId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers the legacy delete the same way", async () => {
    const a = await env.newCustomer();
    await expect(a.caller.customers.deleteLegacy({ id: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.admin.customers.deleteLegacy({ id: a.customerId })).resolves.toMatchObject({ success: true });
    expect(await env.handle.db.customer.findUnique({ where: { customerId: a.customerId } })).toBeNull();
    await expect(env.admin.customers.deleteLegacy({ id: a.customerId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("sessions end with a password change (issue 13, 8)", () => {
  const login = async (number: string, password: string) => {
    const { token } = await env.anonymous.auth.customerLogin({ number, password });
    return createCallerFactory(appRouter)(
      await createContext({ db: env.handle.db, services: env.services, authorization: `Bearer ${token}`, clientIp: "127.0.0.1" }),
    );
  };

  it("asks customers for the current password before setting a new one", async () => {
    const a = await env.newCustomer();
    const change = { ...a.fields, customerId: a.customerId, password: "Brand@New123" };
    await expect(a.caller.customers.update(change)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Enter your current password to set a new one." });
    await expect(a.caller.customers.update({ ...change, currentPassword: "Wrong@Pass123" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The current password is not correct.",
    });
    await expect(env.anonymous.auth.customerLogin({ number: a.fields.number, password: a.fields.password })).resolves.toMatchObject({
      customerId: a.customerId,
    });
  });

  it("ends every earlier token of the account and hands this session a fresh one", async () => {
    const a = await env.newCustomer();
    const phone = await login(a.fields.number, a.fields.password);
    const laptop = await login(a.fields.number, a.fields.password);
    await expect(laptop.customers.details({ customerId: a.customerId })).resolves.toMatchObject({ customerId: a.customerId });
    const res = await phone.customers.update({ ...a.fields, customerId: a.customerId, password: "Brand@New123", currentPassword: a.fields.password });
    expect(res.token).toEqual(expect.any(String));
    for (const old of [phone, laptop]) {
      await expect(old.customers.details({ customerId: a.customerId })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        message: "Your session has ended (the password was changed or you logged out everywhere). Please log in again.",
      });
    }
    const fresh = createCallerFactory(appRouter)(
      await createContext({ db: env.handle.db, services: env.services, authorization: `Bearer ${res.token}`, clientIp: "127.0.0.1" }),
    );
    await expect(fresh.customers.details({ customerId: a.customerId })).resolves.toMatchObject({ customerId: a.customerId });
  });

  it("keeps sessions when the profile is saved with the same password, and when an admin edits other fields", async () => {
    const a = await env.newCustomer();
    const phone = await login(a.fields.number, a.fields.password);
    await phone.customers.update({ ...a.fields, customerId: a.customerId, city: "Nagpur" });
    await env.admin.customers.update({ ...a.fields, customerId: a.customerId, password: "", city: "Nashik" });
    await expect(phone.customers.details({ customerId: a.customerId })).resolves.toMatchObject({ city: "Nashik" });
  });

  it("lets an admin reset a customer's password without the current one, which ends the customer's sessions", async () => {
    const a = await env.newCustomer();
    const phone = await login(a.fields.number, a.fields.password);
    await env.admin.customers.update({ ...a.fields, customerId: a.customerId, password: "Reset@Pass123" });
    await expect(phone.customers.details({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(login(a.fields.number, "Reset@Pass123")).resolves.toBeDefined();
  });

  it("tells the customer by email when an admin (owner or staff) sets its password, in the same write, and ends its sessions (issue 22)", async () => {
    const { staff } = await env.admin.staff.create({ name: "Counter Staff", email: "counter.staff@test.in", password: "Counter-Staff-Password-26" });
    const staffCaller = env.as({ role: "admin", adminId: staff.adminId });
    for (const [who, admin] of [
      ["owner", env.admin],
      ["staff", staffCaller],
    ] as const) {
      const a = await env.newCustomer();
      const phone = await login(a.fields.number, a.fields.password);
      const mails = () => env.handle.db.outboxMessage.findMany({ where: { recipient: a.fields.email, kind: "password-set-by-store" } });
      // other fields, or the same password again, change nothing about the password: no mail
      await admin.customers.update({ ...a.fields, customerId: a.customerId, city: "Thane" });
      expect(await mails(), who).toHaveLength(0);
      await admin.customers.update({ ...a.fields, customerId: a.customerId, password: "Reset@Pass123", email: customerFields().email });
      const [mail, ...more] = await mails();
      expect(more, who).toHaveLength(0);
      expect(mail?.subject).toBe("Your Clean Store password was changed");
      expect(mail?.text).toContain("logged out on every device");
      expect(mail?.text).toContain("http://localhost:8080/forgotPassword");
      await expect(phone.customers.details({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("sends no such mail when a customer changes its own password, nor when the admin's save is refused", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    await a.caller.customers.update({ ...a.fields, customerId: a.customerId, password: "Brand@New123", currentPassword: a.fields.password });
    await expect(
      env.admin.customers.update({ ...b.fields, customerId: b.customerId, password: "Reset@Pass123", number: a.fields.number }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await env.handle.db.outboxMessage.count({ where: { recipient: { in: [a.fields.email, b.fields.email] }, kind: "password-set-by-store" } })).toBe(0);
  });

  it("limits a customer's tries of its current password like logins: 429 TOO_MANY_ATTEMPTS, the 'same password' check counting too (issue 22)", async () => {
    const a = await env.newCustomer();
    const me = env.as({ role: "customer", customerId: a.customerId }, "10.22.3.1");
    const change = { ...a.fields, customerId: a.customerId, password: "Brand@New123" };
    for (let i = 0; i < 5; i++) {
      await expect(me.customers.update({ ...change, currentPassword: `Wrong@Guess${i}` })).rejects.toMatchObject({
        message: "The current password is not correct.",
      });
    }
    const limited = { code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Too many wrong passwords\. Please wait \d+ seconds and try again\.$/) };
    await expect(me.customers.update({ ...change, currentPassword: a.fields.password })).rejects.toMatchObject({
      ...limited,
      cause: expect.objectContaining({ code: "TOO_MANY_ATTEMPTS" }),
    });
    // a profile save guessing through the password field alone is a try too: from another address, the account's budget is spent as well
    const elsewhere = env.as({ role: "customer", customerId: a.customerId }, "10.22.3.2");
    await expect(elsewhere.customers.update({ ...a.fields, customerId: a.customerId, password: "Another@Guess1" })).rejects.toMatchObject(limited);
    const other = await env.newCustomer();
    const probe = env.as({ role: "customer", customerId: other.customerId }, "10.22.3.3");
    for (let i = 0; i < 10; i++) {
      await expect(probe.customers.update({ ...other.fields, customerId: other.customerId, password: `Guess-Number-${i}x` })).rejects.toMatchObject({
        message: "Enter your current password to set a new one.",
      });
    }
    await expect(probe.customers.update({ ...other.fields, customerId: other.customerId, password: other.fields.password })).rejects.toMatchObject(limited);
  });

  it("logs out everywhere on POST /customers/logout-all", async () => {
    const a = await env.newCustomer();
    const phone = await login(a.fields.number, a.fields.password);
    const laptop = await login(a.fields.number, a.fields.password);
    await expect(laptop.auth.logoutAll()).resolves.toEqual({ success: true, message: "You are logged out on every device." });
    await expect(phone.cart.byCustomer({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(laptop.cart.byCustomer({ customerId: a.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const again = await login(a.fields.number, a.fields.password);
    await expect(again.cart.byCustomer({ customerId: a.customerId })).resolves.toEqual([]);
  });
});
