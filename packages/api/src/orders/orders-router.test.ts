import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@store/db";
import { createTestEnv, createTestServices, type TestEnv } from "../testing.ts";
import { appRouter } from "../root.ts";
import { createCallerFactory } from "../trpc.ts";
import { createInnerContext } from "../context.ts";
import { expireUnpaidUpiOrders } from "../payments/payments.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const DAY = 24 * 3600 * 1000;
const stockOf = async (productId: number) => (await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity;

async function placed(opts: { quantity?: number; stock?: number } = {}) {
  const c = await env.newCustomer();
  const productId = await env.newProduct({ quantity: opts.stock ?? 20 });
  const { order } = await c.caller.orders.save({ productId, quantity: opts.quantity ?? 1 });
  return { c, productId, order };
}

describe("orders.save", () => {
  it("sets name, price, total, statuses and dates on the server, whatever the client sent", async () => {
    const c = await env.newCustomer({
      firstName: "Meera",
      lastName: "Iyer",
      houseNo: "7",
      areaAddress: "Anna Nagar",
      city: "Chennai",
      state: "Tamil Nadu",
      pinCode: "600040",
    });
    const productId = await env.newProduct({ productName: "Dish Gel", productPrice: 89.5, deliveryCharge: 40, quantity: 10 });
    const before = Date.now();
    const res = await c.caller.orders.save({
      productId,
      quantity: 3,
      customerId: c.customerId,
      orderTotalPrice: 1,
      productPrice: 0.01,
      productName: "Hacked",
      paymentStatus: "Paid",
      orderStatus: "Completed",
      returnStatus: "Refunded",
      deliveryDate: "2000-01-01",
      productOrderId: "ORD-FAKE",
    });
    const after = Date.now();
    expect(res).toMatchObject({ success: true, message: `Order ${res.productOrderId} placed.` });
    expect(res.productOrderId).toMatch(/^ORD-\d{8}-\d{6}$/);
    const o = res.order;
    expect(o).toMatchObject({
      productOrderId: res.productOrderId,
      customerId: c.customerId,
      customerName: "Meera Iyer",
      shippingAddress: "7, Anna Nagar, Chennai, Tamil Nadu 600040",
      productId,
      productName: "Dish Gel",
      productPrice: 89.5,
      deliveryCharge: 40,
      orderTotalPrice: 89.5 * 3 + 40,
      quantity: 3,
      paymentStatus: "Pending",
      returnStatus: "Pending",
      orderStatus: "Shipped",
      endDate: null,
      confirmOrder: true,
      onTheWay: false,
      pickUp: false,
      canRequestReturn: false,
    });
    expect(o.orderAddDateTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(o.orderAddDateTime.getTime()).toBeLessThanOrEqual(after + 1000);
    expect(o.deliveryDate.getTime() - o.orderAddDateTime.getTime()).toBe(3 * DAY);
    expect(o.ProductOrderDate).toEqual(o.orderAddDateTime);
    const row = await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: o.orderId } });
    expect(row).toMatchObject({ productPrice: 8950, orderTotalPrice: 30850, deliveryCharge: 4000, orderStatus: "Shipped", paymentStatus: "Pending" });
    expect(await stockOf(productId)).toBe(7);
  });

  it("adds no delivery charge when delivery is Free, and gives every order its own increasing reference", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productPrice: 39, deliveryCharge: "Free", quantity: 10 });
    const r1 = await c.caller.orders.save({ productId, quantity: 2 });
    const r2 = await c.caller.orders.save({ productId, quantity: 1 });
    expect(r1.order).toMatchObject({ orderTotalPrice: 78, deliveryCharge: 0 });
    expect(r1.productOrderId).not.toBe(r2.productOrderId);
    const n = (ref: string) => Number(ref.slice(-6));
    expect(n(r2.productOrderId)).toBeGreaterThan(n(r1.productOrderId));
    // the date part is today's date in India
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()).replaceAll("-", "");
    expect(r1.productOrderId.slice(4, 12)).toBe(today);
  });

  it("answers 409 'Only N left' when asking for more than the stock, and leaves the stock alone", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productName: "Bleach", quantity: 4 });
    // the refusal names the pack and its SKU (issue 25)
    const { sku } = await env.handle.db.productVariant.findFirstOrThrow({ where: { productId } });
    await expect(c.caller.orders.save({ productId, quantity: 5 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Only 4 left of Bleach – 500ml (SKU ${sku}). Please lower the quantity.`,
    });
    expect(await stockOf(productId)).toBe(4);
    await c.caller.orders.save({ productId, quantity: 4 });
    expect(await stockOf(productId)).toBe(0);
    await expect(c.caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Bleach – 500ml (SKU ${sku}) is out of stock.`,
    });
    expect(await stockOf(productId)).toBe(0);
  });

  it("validates the quantity and product", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct();
    await expect(c.caller.orders.save({ productId, quantity: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Quantity must be at least 1" });
    await expect(c.caller.orders.save({ productId, quantity: 101 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Quantity must be at most 100" });
    await expect(c.caller.orders.save({ productId, quantity: 2.5 })).rejects.toMatchObject({ message: "Quantity must be a whole number" });
    await expect(c.caller.orders.save({ productId } as never)).rejects.toMatchObject({ message: "Quantity is required" });
    await expect(c.caller.orders.save({ productId: 999999, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("access: anonymous 401, admin 403, inactive 403, another customer's id 403", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const productId = await env.newProduct();
    await expect(env.anonymous.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(b.caller.orders.save({ productId, quantity: 1, customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await env.admin.customers.setStatus({ customerId: b.customerId, customerStatus: false });
    await expect(b.caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await env.handle.db.productOrder.count({ where: { productId } })).toBe(0);
    expect(await stockOf(productId)).toBe(50);
  });
});

describe("stock under concurrency", () => {
  it("30 simultaneous orders for the last 5 units: exactly 5 succeed, stock ends at 0", async () => {
    const productId = await env.newProduct({ productName: "Last Units", quantity: 5 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => env.newCustomer()));
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => customers)
        .flat()
        .map((customer) => customer.caller.orders.save({ productId, quantity: 1 })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(5);
    for (const f of failed) {
      expect(f.reason).toMatchObject({ code: "CONFLICT" });
      expect(f.reason.message).toMatch(
        /^(Last Units – 500ml \(SKU P\d+-500ML\) is out of stock\.|Only \d left of Last Units – 500ml \(SKU P\d+-500ML\)\. Please lower the quantity\.)$/,
      );
    }
    expect(await stockOf(productId)).toBe(0);
    expect(await env.handle.db.productOrder.count({ where: { productId } })).toBe(5);
    const refs = new Set((await env.handle.db.productOrder.findMany({ where: { productId } })).map((o) => o.productOrderId));
    expect(refs.size).toBe(5);
  });

  it("simultaneous multi-unit orders and checkouts never take more than the stock", async () => {
    const productId = await env.newProduct({ productName: "Bulk", quantity: 7 });
    const customers = await Promise.all(Array.from({ length: 12 }, () => env.newCustomer()));
    for (const c of customers.slice(6)) await c.caller.cart.save({ productId, quantity: 2 });
    const results = await Promise.allSettled([
      ...customers.slice(0, 6).map((c) => c.caller.orders.save({ productId, quantity: 2 })),
      ...customers.slice(6).map((c) => c.caller.cart.checkout()),
    ]);
    const okCount = results.filter((r) => r.status === "fulfilled").length;
    expect(okCount).toBe(3);
    expect(await stockOf(productId)).toBe(1);
    const sold = await env.handle.db.productOrder.aggregate({ where: { productId }, _sum: { quantity: true } });
    expect(sold._sum.quantity).toBe(6);
  });
});

describe("an overloaded database", () => {
  it("answers 503 (not 500) when a checkout transaction cannot start in time", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 5 });
    await c.caller.cart.save({ productId, quantity: 1 });
    const busyDb = new Proxy(env.handle.db, {
      get(target, key) {
        if (key === "$transaction") {
          return () =>
            Promise.reject(
              new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction in the given time.", {
                code: "P2028",
                clientVersion: Prisma.prismaVersion.client,
              }),
            );
        }
        return Reflect.get(target, key);
      },
    });
    const caller = createCallerFactory(appRouter)(
      createInnerContext({ db: busyDb, services: createTestServices(), auth: { role: "customer", customerId: c.customerId }, clientIp: "127.0.0.1" }),
    );
    await expect(caller.cart.checkout()).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The store is very busy right now. Please try again in a moment.",
    });
    expect(await stockOf(productId)).toBe(5);
  });
});

describe("a database that goes away", () => {
  it("answers 503 (not 500) when the connection closes while a cart line is saved", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 5 });
    // the shape of @prisma/driver-adapter-utils' DriverAdapterError, as @prisma/adapter-pg throws it
    const closed = Object.assign(new Error("ConnectionClosed"), { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } });
    const goneDb = new Proxy(env.handle.db, {
      get(target, key) {
        if (key === "$transaction") {
          return () => Promise.reject(closed);
        }
        return Reflect.get(target, key);
      },
    });
    const caller = createCallerFactory(appRouter)(
      createInnerContext({ db: goneDb, services: createTestServices(), auth: { role: "customer", customerId: c.customerId }, clientIp: "127.0.0.1" }),
    );
    await expect(caller.cart.save({ productId, quantity: 1 })).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The store's database is not reachable right now. Please try again in a moment.",
    });
  });

  it("answers 503 (not 500) when a raw query inside the checkout finds the connection closed", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 5 });
    await c.caller.cart.save({ productId, quantity: 1 });
    // what Prisma threw from $queryRaw when PostgreSQL stopped mid-checkout (resilience suite, CI log)
    const closed = new Prisma.PrismaClientKnownRequestError("Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`", {
      code: "P2010",
      clientVersion: Prisma.prismaVersion.client,
      meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } } },
    });
    const gone = <T extends object>(client: T) =>
      new Proxy(client, { get: (target, key) => (key === "$queryRaw" ? () => Promise.reject(closed) : Reflect.get(target, key)) });
    const goneDb = new Proxy(env.handle.db, {
      get(target, key) {
        // the checkout's own transaction client finds the connection closed
        if (key === "$transaction")
          return (run: (tx: Prisma.TransactionClient) => Promise<unknown>, options?: object) => target.$transaction((tx) => run(gone(tx)), options);
        return Reflect.get(target, key);
      },
    });
    const caller = createCallerFactory(appRouter)(
      createInnerContext({ db: goneDb, services: createTestServices(), auth: { role: "customer", customerId: c.customerId }, clientIp: "127.0.0.1" }),
    );
    await expect(caller.cart.checkout()).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The store's database is not reachable right now. Please try again in a moment.",
    });
  });
});

describe("order reads", () => {
  it("byId for the owner or admin; another customer's order 404 as a missing one (issue 13); anonymous 401; missing 404", async () => {
    const { c, order } = await placed();
    const other = await env.newCustomer();
    await expect(c.caller.orders.byId({ orderId: order.orderId })).resolves.toMatchObject({ orderId: order.orderId });
    await expect(env.admin.orders.byId({ orderId: order.orderId })).resolves.toMatchObject({ customerId: c.customerId });
    await expect(other.caller.orders.byId({ orderId: order.orderId })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: `Order ${order.orderId} was not found.`,
    });
    await expect(env.anonymous.orders.byId({ orderId: order.orderId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.orders.byId({ orderId: 999999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("byCustomer and orderProducts for the owner or admin, newest first", async () => {
    const c = await env.newCustomer();
    const other = await env.newCustomer();
    const p1 = await env.newProduct({ productName: "OP One", packSize: "1000ml" });
    const p2 = await env.newProduct({ productName: "OP Two" });
    const o1 = (await c.caller.orders.save({ productId: p1, quantity: 1 })).order;
    const o2 = (await c.caller.orders.save({ productId: p2, quantity: 2 })).order;
    const mine = await c.caller.orders.byCustomer({ customerId: c.customerId });
    expect(mine.map((o) => o.orderId)).toEqual([o2.orderId, o1.orderId]);
    await expect(env.admin.orders.byCustomer({ customerId: c.customerId })).resolves.toHaveLength(2);
    await expect(other.caller.orders.byCustomer({ customerId: c.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(other.caller.orders.byCustomer({ customerId: other.customerId })).resolves.toEqual([]);
    const op = await c.caller.orders.orderProducts({ customerId: c.customerId });
    expect(op.orderProducts).toHaveLength(2);
    expect(op.orderProducts[1]).toMatchObject({
      orderId: o1.orderId,
      productImg: null,
      products: [{ productId: p1, productName: "OP One", packSize: "1000ml" }],
    });
    await expect(other.caller.orders.orderProducts({ customerId: c.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.orders.orderProducts({ customerId: c.customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("list and page are admin only; page filters by view and search", async () => {
    const { c, order } = await placed();
    const list = await env.admin.orders.list();
    expect(list.map((o) => o.orderId)).toContain(order.orderId);
    expect(list[0]?.orderId).toBeGreaterThanOrEqual(list.at(-1)?.orderId ?? Infinity);
    await expect(c.caller.orders.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.orders.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(c.caller.orders.page({ page: 1, search: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const byRef = await env.admin.orders.page({ page: 1, search: order.productOrderId.toLowerCase() });
    expect(byRef.items.map((o) => o.orderId)).toEqual([order.orderId]);
    const shipping = await env.admin.orders.page({ page: 1, search: "", view: "shipping", customerId: c.customerId });
    expect(shipping.items.map((o) => o.orderId)).toEqual([order.orderId]);
    const pct = await env.newProduct({ productName: "Ammonia 5% Spray" });
    const decoy = await env.newProduct({ productName: "Ammonia 5x Spray" });
    const mine = (await c.caller.orders.save({ productId: pct, quantity: 1 })).order;
    await c.caller.orders.save({ productId: decoy, quantity: 1 });
    expect((await env.admin.orders.page({ page: 1, search: "ammonia 5%" })).items.map((o) => o.orderId)).toEqual([mine.orderId]);
    const delivered = await env.admin.orders.page({ page: 1, search: "", view: "delivered", customerId: c.customerId });
    expect(delivered.total).toBe(0);
  });
});

describe("order lifecycle (admin)", () => {
  it("moves forward Shipped → On the way → Ready for pickup → Completed; Completed sets Paid and endDate", async () => {
    const { order } = await placed();
    const r1 = await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "On the way" });
    expect(r1.order).toMatchObject({ orderStatus: "On the way", onTheWay: true, pickUp: false, endDate: null });
    const r2 = await env.admin.orders.update({ orderId: order.orderId, orderStatus: "Ready for pickup" });
    expect(r2.order).toMatchObject({ orderStatus: "Ready for pickup", pickUp: true });
    const before = Date.now();
    const r3 = await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" });
    expect(r3).toMatchObject({ success: true, message: `Order ${order.orderId} is Completed, payment Paid.` });
    expect(r3.order).toMatchObject({ orderStatus: "Completed", paymentStatus: "Paid", canRequestReturn: true });
    expect(r3.order.endDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: order.orderId } });
    expect(row).toMatchObject({ orderStatus: "Completed", paymentStatus: "Paid" });
  });

  it("may skip steps; refuses going back, changing a Completed/Cancelled order, or no change (409)", async () => {
    const { order } = await placed();
    await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Ready for pickup" });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "On the way" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${order.orderId} cannot go back from Ready for pickup to On the way.`,
    });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Ready for pickup" })).rejects.toMatchObject({ code: "CONFLICT" });
    await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${order.orderId} is Completed and can no longer change.`,
    });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, paymentStatus: "Pending" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("Cancelled puts the stock back once and is final", async () => {
    const { productId, order } = await placed({ quantity: 3, stock: 10 });
    expect(await stockOf(productId)).toBe(7);
    await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "On the way" });
    const res = await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" });
    expect(res.order).toMatchObject({ orderStatus: "Cancelled", confirmOrder: false, onTheWay: false });
    expect(res.order.endDate).toBeInstanceOf(Date);
    expect(await stockOf(productId)).toBe(10);
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Shipped" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await stockOf(productId)).toBe(10);
  });

  it("two admins cancelling at once restock only once", async () => {
    const { productId, order } = await placed({ quantity: 4, stock: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stockOf(productId)).toBe(10);
  });

  it("payment Pending → Paid on its own, not back", async () => {
    const { order } = await placed();
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, paymentStatus: "Paid" })).resolves.toMatchObject({
      order: { paymentStatus: "Paid", orderStatus: "Shipped" },
    });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, paymentStatus: "Pending" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${order.orderId} is already Paid.`,
    });
  });

  it("a payment status set by hand is the owner's: staff get 403 OWNER_ONLY on both update paths and nothing changes; staff still move the order", async () => {
    const account = await env.handle.db.admin.create({
      data: { name: "Order Staff", email: "order.staff@cleanstore.test", passwordHash: "unused", role: "staff" },
    });
    const staff = env.as({ role: "admin", adminId: account.adminId });
    const { order } = await placed();
    const ownerOnly = { code: "FORBIDDEN", cause: expect.objectContaining({ code: "OWNER_ONLY" }) };
    await expect(staff.orders.updateStatus({ orderId: order.orderId, paymentStatus: "Paid" })).rejects.toMatchObject(ownerOnly);
    await expect(staff.orders.update({ orderId: order.orderId, paymentStatus: "Paid" })).rejects.toMatchObject(ownerOnly);
    await expect(staff.orders.updateStatus({ orderId: order.orderId, orderStatus: "On the way", paymentStatus: "Paid" })).rejects.toMatchObject(ownerOnly);
    const line = await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: order.orderId } });
    expect(line).toMatchObject({ paymentStatus: "Pending", orderStatus: "Shipped" });
    expect(await env.handle.db.paymentEvent.count({ where: { productOrderId: line.productOrderId, toStatus: "Paid" } })).toBe(0);
    // the same payment status as now is no change of it
    await expect(staff.orders.updateStatus({ orderId: order.orderId, orderStatus: "On the way", paymentStatus: "Pending" })).resolves.toMatchObject({
      order: { orderStatus: "On the way", paymentStatus: "Pending" },
    });
    await expect(env.admin.orders.update({ orderId: order.orderId, paymentStatus: "Paid" })).resolves.toMatchObject({ order: { paymentStatus: "Paid" } });
  });

  it("validates statuses and needs one of them; admin only", async () => {
    const { c, order } = await placed();
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Send orderStatus or paymentStatus.",
    });
    await expect(env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Lost" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Order status must be one of: Shipped, On the way, Ready for pickup, Completed, Cancelled",
    });
    await expect(env.admin.orders.update({ orderId: order.orderId, paymentStatus: "Free" as never })).rejects.toMatchObject({
      message: "Payment status must be Pending or Paid",
    });
    await expect(env.admin.orders.updateStatus({ orderId: 999999, orderStatus: "Completed" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.caller.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(c.caller.orders.update({ orderId: order.orderId, orderStatus: "Completed" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.orders.update({ orderId: order.orderId, orderStatus: "Completed" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: order.orderId } })).orderStatus).toBe("Shipped");
  });
});

describe("returns (refund policy: 7 days after delivery)", () => {
  async function delivered(daysAgo = 0) {
    const p = await placed();
    await env.admin.orders.updateStatus({ orderId: p.order.orderId, orderStatus: "Completed" });
    if (daysAgo) {
      await env.handle.db.productOrder.update({ where: { orderId: p.order.orderId }, data: { endDate: new Date(Date.now() - daysAgo * DAY) } });
    }
    return p;
  }

  it("Requested → Approved → Refunded", async () => {
    const { c, order } = await delivered(6);
    const r = await c.caller.orders.requestReturn({ orderId: order.orderId, reason: "Damaged product" });
    expect(r).toMatchObject({
      message: "Return requested. We will review it in 2-3 business days.",
      order: { returnStatus: "Requested", returnReason: "Damaged product" },
    });
    expect(r.order.returnRequestedAt).toBeInstanceOf(Date);
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Refunded" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Approved" })).resolves.toMatchObject({
      order: { returnStatus: "Approved" },
    });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Rejected" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Refunded" })).resolves.toMatchObject({
      message: "Return Refunded.",
      order: { returnStatus: "Refunded" },
    });
    expect((await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: order.orderId } })).returnStatus).toBe("Refunded");
  });

  it("Requested → Rejected is final", async () => {
    const { c, order } = await delivered();
    await c.caller.orders.requestReturn({ orderId: order.orderId, reason: "Wrong product" });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Rejected" })).resolves.toMatchObject({
      order: { returnStatus: "Rejected" },
    });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Refunded" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(c.caller.orders.requestReturn({ orderId: order.orderId, reason: "Wrong product" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A return for this order is already Rejected.",
    });
  });

  it("refuses a return before delivery, after 7 days, or twice (409)", async () => {
    const early = await placed();
    await expect(early.c.caller.orders.requestReturn({ orderId: early.order.orderId, reason: "Damaged product" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A return can be asked for once the order is delivered.",
    });
    const late = await delivered(8);
    await expect(late.c.caller.orders.requestReturn({ orderId: late.order.orderId, reason: "Expired product" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The 7-day return window for this order has closed.",
    });
    expect((await late.c.caller.orders.byId({ orderId: late.order.orderId })).canRequestReturn).toBe(false);
    const twice = await delivered();
    await twice.c.caller.orders.requestReturn({ orderId: twice.order.orderId, reason: "Incomplete product" });
    await expect(twice.c.caller.orders.requestReturn({ orderId: twice.order.orderId, reason: "Incomplete product" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const cancelled = await placed();
    await env.admin.orders.updateStatus({ orderId: cancelled.order.orderId, orderStatus: "Cancelled" });
    await expect(cancelled.c.caller.orders.requestReturn({ orderId: cancelled.order.orderId, reason: "Damaged product" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("validates the reason; access: only the owner asks, only the admin decides", async () => {
    const { c, order } = await delivered();
    const other = await env.newCustomer();
    await expect(c.caller.orders.requestReturn({ orderId: order.orderId, reason: "Changed my mind" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Reason must be one of: Damaged product, Incomplete product, Expired product, Wrong product",
    });
    await expect(other.caller.orders.requestReturn({ orderId: order.orderId, reason: "Damaged product" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.orders.requestReturn({ orderId: order.orderId, reason: "Damaged product" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.orders.requestReturn({ orderId: order.orderId, reason: "Damaged product" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(c.caller.orders.requestReturn({ orderId: 999999, reason: "Damaged product" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await c.caller.orders.requestReturn({ orderId: order.orderId, reason: "Damaged product" });
    await expect(c.caller.orders.decideReturn({ orderId: order.orderId, returnStatus: "Approved" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.orders.decideReturn({ orderId: order.orderId, returnStatus: "Approved" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.orders.decideReturn({ orderId: order.orderId, returnStatus: "Pending" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Return status must be Approved, Rejected or Refunded",
    });
    await expect(env.admin.orders.decideReturn({ orderId: 999999, returnStatus: "Approved" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: order.orderId } })).returnStatus).toBe("Requested");
  });
});

describe("the time to pay an unpaid UPI order (issue 23)", () => {
  const HOUR = 3600 * 1000;
  beforeAll(() => env.admin.settings.update({ upiVpa: "clean.store@okicici", upiPayeeName: "Clean Store", upiExpiryHours: 3 }));
  afterAll(() => env.admin.settings.update({ upiVpa: "", upiExpiryHours: 24 }));

  const myOrderLines = async (c: Awaited<ReturnType<typeof env.newCustomer>>, productOrderId: string) =>
    (await c.caller.orders.orderProducts({ customerId: c.customerId })).orderProducts.filter((l) => l.productOrderId === productOrderId);

  it("is placement + upiExpiryHours on every line of the order in My Orders and on the order view, while it waits to be paid", async () => {
    const c = await env.newCustomer();
    const [soap, mop] = [await env.newProduct({ quantity: 5 }), await env.newProduct({ quantity: 5 })];
    await c.caller.cart.save({ customerId: c.customerId, productId: soap, quantity: 1 });
    await c.caller.cart.save({ customerId: c.customerId, productId: mop, quantity: 2 });
    const { productOrderId, orders } = await c.caller.cart.checkout({ paymentMethod: "UPI" });
    const placedAt = orders[0]?.orderAddDateTime.getTime() ?? 0;
    const lines = await myOrderLines(c, productOrderId);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.payBefore?.getTime()).toBe(placedAt + 3 * HOUR);
    const view = await c.caller.orders.order({ productOrderId });
    expect(view.payment.expiresAt?.getTime()).toBe(placedAt + 3 * HOUR);
    // the admin reads the same answer for the customer
    expect((await env.admin.orders.orderProducts({ customerId: c.customerId })).orderProducts.map((l) => l.payBefore?.getTime())).toEqual([
      placedAt + 3 * HOUR,
      placedAt + 3 * HOUR,
    ]);
  });

  it("is null for cash on delivery, once a UTR is sent, when every line is cancelled, and after the order expired", async () => {
    const cod = await placed();
    expect((await myOrderLines(cod.c, cod.order.productOrderId)).map((l) => l.payBefore)).toEqual([null]);

    const sent = await env.newCustomer();
    const bought = await sent.caller.orders.save({ productId: await env.newProduct({ quantity: 5 }), quantity: 1, paymentMethod: "UPI" });
    expect((await myOrderLines(sent, bought.productOrderId))[0]?.payBefore).toBeInstanceOf(Date);
    await sent.caller.payments.submitUtr({ productOrderId: bought.productOrderId, utr: "623400000001" });
    expect((await myOrderLines(sent, bought.productOrderId)).map((l) => l.payBefore)).toEqual([null]);
    expect((await sent.caller.orders.order({ productOrderId: bought.productOrderId })).payment.expiresAt).toBeNull();

    const dropped = await env.newCustomer();
    const gone = await dropped.caller.orders.save({ productId: await env.newProduct({ quantity: 5 }), quantity: 1, paymentMethod: "UPI" });
    await env.admin.orders.updateStatus({ orderId: gone.order.orderId, orderStatus: "Cancelled" });
    expect((await myOrderLines(dropped, gone.productOrderId)).map((l) => l.payBefore)).toEqual([null]);
    expect((await dropped.caller.orders.order({ productOrderId: gone.productOrderId })).payment).toMatchObject({ status: "Pending", expiresAt: null });

    const late = await env.newCustomer();
    const unpaid = await late.caller.orders.save({ productId: await env.newProduct({ quantity: 5 }), quantity: 1, paymentMethod: "UPI" });
    await env.handle.db.order.update({ where: { productOrderId: unpaid.productOrderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await expireUnpaidUpiOrders(env.handle.db, env.services.mail);
    expect((await myOrderLines(late, unpaid.productOrderId)).map((l) => [l.orderStatus, l.paymentStatus, l.payBefore])).toEqual([
      ["Cancelled", "Failed", null],
    ]);
  });
});
