// The order desk at procedure depth (issue 24): one row per order with the tabs' filters, dates in
// IST, search and paging; one status move for a whole order with the per-line effects, the unpaid
// refusal and its audited force, and moves of one order sent at the same moment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@store/validators";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, upiVpa: "cleanstore@okicici" });
});
afterAll(() => env.close());

const db = () => env.handle.db;
const stockOf = async (productId: number) => (await db().product.findUniqueOrThrow({ where: { productId } })).quantity;
const linesOf = (productOrderId: string) => db().productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
const mailsOf = (email: string, kind: string) => db().outboxMessage.findMany({ where: { recipient: email, kind } });

/** a customer's checkout of `quantities.length` lines (a product each), paid `method` */
async function checkout(quantities: number[] = [1, 2], method: "COD" | "UPI" = "COD", customer: Record<string, unknown> = {}) {
  const c = await env.newCustomer(customer);
  const products: number[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const productId = await env.newProduct({ productName: `Desk Cleaner ${i + 1}`, productPrice: 100, quantity: 50 });
    products.push(productId);
    await c.caller.cart.save({ customerId: c.customerId, productId, quantity });
  }
  const placed = await c.caller.cart.checkout({ paymentMethod: method });
  return { ...c, products, productOrderId: placed.productOrderId, orderIds: placed.orders.map((o) => o.orderId) };
}

describe("GET /orders: one row per order", () => {
  it("answers each checkout once, with its lines, units, total, payment and the customer's phone", async () => {
    const o = await checkout([2, 3], "COD", { firstName: "Rowena" });
    const page = await env.admin.orderDesk.list({ search: o.productOrderId });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: PAGE_SIZE });
    expect(page.items).toEqual([
      {
        productOrderId: o.productOrderId,
        createdAt: expect.any(Date),
        customerName: "Rowena Verma",
        phone: o.fields.number,
        itemCount: 5,
        grandTotal: 500,
        couponCode: null,
        discountTotal: 0,
        paymentMethod: "COD",
        paymentStatus: "Pending",
        lineStatuses: [
          {
            orderId: o.orderIds[0],
            productName: "Desk Cleaner 1",
            quantity: 2,
            orderStatus: "Shipped",
            returnStatus: "Pending",
            fulfilment: "Awaiting shipment",
            shipmentId: null,
          },
          {
            orderId: o.orderIds[1],
            productName: "Desk Cleaner 2",
            quantity: 3,
            orderStatus: "Shipped",
            returnStatus: "Pending",
            fulfilment: "Awaiting shipment",
            shipmentId: null,
          },
        ],
        awaitingShipment: 2,
        // issue 29: no COD confirmation asked (Setting codConfirmation off)
        codConfirmation: null,
        codConfirmBy: null,
      },
    ]);
  });

  it("filters by the tabs: unfulfilled, to ship, returns, cancelled; unpaid, awaiting verification, paid", async () => {
    const who = { firstName: "Tabitha", lastName: "Filterwell" };
    const open = await checkout([1], "COD", who);
    const done = await checkout([1], "COD", who);
    await env.admin.orderDesk.setStatus({ productOrderId: done.productOrderId, orderStatus: "Completed" });
    const returned = await checkout([1, 1], "COD", who);
    await env.admin.orderDesk.setStatus({ productOrderId: returned.productOrderId, orderStatus: "Completed" });
    await returned.caller.orders.requestReturn({ orderId: returned.orderIds[0]!, reason: "Damaged product" });
    const cancelled = await checkout([1, 1], "COD", who);
    await env.admin.orderDesk.setStatus({ productOrderId: cancelled.productOrderId, orderStatus: "Cancelled" });
    const partlyCancelled = await checkout([1, 1], "COD", who);
    await env.admin.orders.updateStatus({ orderId: partlyCancelled.orderIds[0]!, orderStatus: "Cancelled" });
    const unpaid = await checkout([1], "UPI", who);
    const awaiting = await checkout([1], "UPI", who);
    await awaiting.caller.payments.submitUtr({ productOrderId: awaiting.productOrderId, utr: "700000000001" });
    const paid = await checkout([1], "UPI", who);
    await paid.caller.payments.submitUtr({ productOrderId: paid.productOrderId, utr: "700000000002" });
    await env.admin.payments.confirm({ productOrderId: paid.productOrderId });
    const onItsWay = await checkout([1], "COD", who);
    await env.admin.orderDesk.setStatus({ productOrderId: onItsWay.productOrderId, orderStatus: "On the way" });

    const refs = async (filters: Partial<Parameters<typeof env.admin.orderDesk.list>[0]>) =>
      (await env.admin.orderDesk.list({ search: "Filterwell", ...filters })).items.map((i) => i.productOrderId).sort();
    const sorted = (...orders: { productOrderId: string }[]) => orders.map((o) => o.productOrderId).sort();
    expect(await refs({})).toEqual(sorted(open, done, returned, cancelled, partlyCancelled, unpaid, awaiting, paid, onItsWay));
    expect(await refs({ status: "all", payment: "all" })).toHaveLength(9);
    // a line still open: the partly cancelled order too, and the returned one has none
    expect(await refs({ status: "unfulfilled" })).toEqual(sorted(open, partlyCancelled, unpaid, awaiting, paid, onItsWay));
    // to ship: cash on delivery or paid, a line not yet sent out (not the unpaid UPI orders, nor one on its way)
    expect(await refs({ status: "to-ship" })).toEqual(sorted(open, partlyCancelled, paid));
    expect(await refs({ status: "returns" })).toEqual(sorted(returned));
    expect(await refs({ status: "cancelled" })).toEqual(sorted(cancelled));
    // cash on delivery is never "unpaid": it is paid at the door
    expect(await refs({ payment: "unpaid" })).toEqual(sorted(unpaid));
    expect(await refs({ payment: "awaiting-verification" })).toEqual(sorted(awaiting));
    expect(await refs({ payment: "paid" })).toEqual(sorted(done, returned, paid));
    expect(await refs({ status: "unfulfilled", payment: "paid" })).toEqual(sorted(paid));
    // empty query parameters count as not sent
    expect(await refs({ status: "", payment: "" })).toHaveLength(9);
  });

  it("the To ship tab holds exactly the orders today's work counts to ship", async () => {
    const who = { lastName: "Shipcount" };
    await checkout([1, 1], "COD", who);
    await checkout([1], "UPI", who);
    const paid = await checkout([1], "UPI", who);
    await paid.caller.payments.submitUtr({ productOrderId: paid.productOrderId, utr: "700000000031" });
    await env.admin.payments.confirm({ productOrderId: paid.productOrderId });
    const sent = await checkout([1], "COD", who);
    await env.admin.orderDesk.setStatus({ productOrderId: sent.productOrderId, orderStatus: "On the way" });
    expect((await env.admin.orderDesk.list({ search: "Shipcount", status: "to-ship" })).total).toBe(2);
    // over the whole database (every order the other tests placed too): the same number
    const { ordersToShip } = await env.admin.reports.todo();
    expect(ordersToShip).toBeGreaterThanOrEqual(2);
    expect((await env.admin.orderDesk.list({ status: "to-ship" })).total).toBe(ordersToShip);
  });

  it("takes from/to as IST days, both included", async () => {
    const who = { lastName: "Datewise" };
    const at = ["2026-10-31T18:29:59.000Z", "2026-10-31T18:30:00.000Z", "2026-11-02T18:29:59.999Z", "2026-11-02T18:30:00.000Z"];
    const orders = [];
    for (const instant of at) {
      const o = await checkout([1], "COD", who);
      await db().order.update({ where: { productOrderId: o.productOrderId }, data: { createdAt: new Date(instant) } });
      orders.push(o.productOrderId);
    }
    const refs = async (from?: string, to?: string) =>
      (await env.admin.orderDesk.list({ search: "Datewise", ...(from ? { from } : {}), ...(to ? { to } : {}) })).items.map((i) => i.productOrderId);
    // newest first
    expect(await refs()).toEqual([...orders].reverse());
    expect(await refs("2026-11-01", "2026-11-02")).toEqual([orders[2], orders[1]]);
    expect(await refs("2026-11-01")).toEqual([orders[3], orders[2], orders[1]]);
    expect(await refs(undefined, "2026-10-31")).toEqual([orders[0]]);
    await expect(env.admin.orderDesk.list({ from: "2026-11-03", to: "2026-11-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "from must be on or before to",
    });
    await expect(env.admin.orderDesk.list({ from: "2026-02-30" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "from is not a real date" });
  });

  it("searches the reference, the customer's name and phone; pages 20 at a time from page 1", async () => {
    const first = await checkout([1], "COD", { firstName: "Pagina", lastName: "Searchmore" });
    for (let i = 0; i < 21; i++) {
      await first.caller.cart.save({ customerId: first.customerId, productId: first.products[0]!, quantity: 1 });
      await first.caller.cart.checkout();
    }
    const one = await env.admin.orderDesk.list({ search: "searchMORE" });
    expect(one).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(one.items).toHaveLength(20);
    const two = await env.admin.orderDesk.list({ search: "Searchmore", page: 2 });
    expect(two.items).toHaveLength(2);
    expect(two.items.at(-1)?.productOrderId).toBe(first.productOrderId);
    expect(new Set([...one.items, ...two.items].map((i) => i.productOrderId)).size).toBe(22);
    expect((await env.admin.orderDesk.list({ search: first.fields.number })).total).toBe(22);
    expect((await env.admin.orderDesk.list({ search: first.fields.number.slice(-6) })).total).toBeGreaterThanOrEqual(22);
    expect((await env.admin.orderDesk.list({ search: first.productOrderId.toLowerCase() })).items.map((i) => i.productOrderId)).toEqual([first.productOrderId]);
    // a wildcard is a character, not a pattern
    expect((await env.admin.orderDesk.list({ search: "%" })).total).toBe(0);
    await expect(env.admin.orderDesk.list({ page: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "page starts at 1" });
  });

  it("refuses an unknown tab with a readable message; only the back office may list", async () => {
    await expect(env.admin.orderDesk.list({ status: "open" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "status must be one of: all, unfulfilled, to-ship, returns, cancelled",
    });
    await expect(env.admin.orderDesk.list({ payment: "cash" })).rejects.toMatchObject({
      message: "payment must be one of: all, unpaid, awaiting-verification, paid, refunded",
    });
    const c = await env.newCustomer();
    await expect(c.caller.orderDesk.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("GET /orders/{productOrderId}: the order the desk opens", () => {
  it("answers the customer's phone and address in full, every line together and the payment's history", async () => {
    const o = await checkout([2, 1], "UPI", { firstName: "Vimala", houseNo: "Flat 7, Sai Residency", areaAddress: "Baner Road", city: "Pune" });
    await o.caller.payments.submitUtr({ productOrderId: o.productOrderId, utr: "700000000041" });
    await env.admin.orders.updateStatus({ orderId: o.orderIds[1]!, orderStatus: "Cancelled" });
    const view = await env.admin.orders.order({ productOrderId: o.productOrderId });
    expect(view).toMatchObject({
      productOrderId: o.productOrderId,
      customerName: "Vimala Verma",
      phone: o.fields.number,
      pinCode: "411001",
      state: "Maharashtra",
      payment: { method: "UPI", status: "Awaiting verification", utr: "700000000041" },
    });
    expect(view.shippingAddress).toContain("Flat 7, Sai Residency");
    expect(view.shippingAddress).toContain("Baner Road");
    expect(view.lines.map((l) => [l.orderId, l.productName, l.quantity, l.productPrice, l.orderStatus, l.returnStatus])).toEqual([
      [o.orderIds[0], "Desk Cleaner 1", 2, 100, "Shipped", "Pending"],
      [o.orderIds[1], "Desk Cleaner 2", 1, 100, "Cancelled", "Pending"],
    ]);
    expect(view.payment.history.map((h) => [h.from, h.to, h.reason])).toEqual([
      ["", "Pending", "order placed, UPI"],
      ["Pending", "Awaiting verification", "UTR 700000000041"],
    ]);
    // the customer reads their own order with their own phone; the payment's history is the back office's
    const own = await o.caller.orders.order({ productOrderId: o.productOrderId });
    expect(own).toMatchObject({ phone: o.fields.number, payment: { history: [] } });
  });
});

describe("POST /orders/{productOrderId}/status: one order, one move", () => {
  it("moves every line together, tells the customer once, and is on the audit trail; a COD order delivered is Paid", async () => {
    const o = await checkout([1, 2]);
    const moved = await env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "On the way" });
    expect(moved).toMatchObject({
      success: true,
      productOrderId: o.productOrderId,
      orderStatus: "On the way",
      moved: o.orderIds,
      forced: false,
      paymentStatus: "Pending",
      lines: [
        { orderId: o.orderIds[0], orderStatus: "On the way" },
        { orderId: o.orderIds[1], orderStatus: "On the way" },
      ],
    });
    const mails = await mailsOf(o.fields.email, "order-status");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Desk Cleaner 1 and Desk Cleaner 2 of order");
    const [entry] = await db().auditEntry.findMany({ where: { action: "orderDesk.setStatus", entityId: o.productOrderId } });
    expect(entry).toMatchObject({ entity: "order", summary: `Test Admin moved the order ${o.productOrderId} to On the way` });
    expect(JSON.parse(entry!.changes)).toEqual({
      [`line ${o.orderIds[0]}`]: ["Shipped", "On the way"],
      [`line ${o.orderIds[1]}`]: ["Shipped", "On the way"],
    });

    const delivered = await env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Completed" });
    expect(delivered.paymentStatus).toBe("Paid");
    expect((await linesOf(o.productOrderId)).map((l) => [l.orderStatus, l.paymentStatus, l.endDate !== null])).toEqual([
      ["Completed", "Paid", true],
      ["Completed", "Paid", true],
    ]);
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Cancelled" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${o.productOrderId} has no open line: every line is Completed or Cancelled.`,
    });
  });

  it("moves only the open lines; a line that cannot move stops the whole move", async () => {
    const o = await checkout([1, 1, 1]);
    await env.admin.orders.updateStatus({ orderId: o.orderIds[0]!, orderStatus: "Cancelled" });
    await env.admin.orders.updateStatus({ orderId: o.orderIds[1]!, orderStatus: "Ready for pickup" });
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "On the way" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${o.productOrderId}: line ${o.orderIds[1]} (Desk Cleaner 2) cannot go back from Ready for pickup to On the way.`,
    });
    expect((await linesOf(o.productOrderId)).map((l) => l.orderStatus)).toEqual(["Cancelled", "Ready for pickup", "Shipped"]);
    const moved = await env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Ready for pickup" });
    expect(moved.moved).toEqual([o.orderIds[2]]);
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Ready for pickup" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${o.productOrderId} is already Ready for pickup.`,
    });
  });

  it("cancelling puts every line's stock back and issues their credit notes; a paid order's lines are refunded", async () => {
    const o = await checkout([2, 3]);
    const before = await Promise.all(o.products.map(stockOf));
    await env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Cancelled" });
    expect(await Promise.all(o.products.map(stockOf))).toEqual([before[0]! + 2, before[1]! + 3]);
    const notes = await db().invoice.findMany({ where: { productOrderId: o.productOrderId, kind: "CREDIT_NOTE" } });
    expect(notes.map((n) => n.creditFor).sort()).toEqual([...o.orderIds].sort());

    const paid = await checkout([1, 2], "UPI");
    await paid.caller.payments.submitUtr({ productOrderId: paid.productOrderId, utr: "700000000101" });
    await env.admin.payments.confirm({ productOrderId: paid.productOrderId });
    await env.admin.orderDesk.setStatus({ productOrderId: paid.productOrderId, orderStatus: "Cancelled" });
    const refunds = await db().refund.findMany({ where: { productOrderId: paid.productOrderId }, orderBy: { orderId: "asc" } });
    expect(refunds.map((r) => [r.orderId, r.amount, r.status])).toEqual([
      [paid.orderIds[0], 10_000, "Pending"],
      [paid.orderIds[1], 20_000, "Pending"],
    ]);
  });

  it("an unpaid UPI order does not go forward: 409 ORDER_UNPAID, unless forced (on the audit trail); cancelling needs no force", async () => {
    const o = await checkout([1, 1], "UPI");
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "On the way" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Order ${o.productOrderId} is paid by UPI and its payment is Pending: ship it once it is paid, or send force: true to move it anyway.`,
      cause: expect.objectContaining({ code: "ORDER_UNPAID" }),
    });
    await o.caller.payments.submitUtr({ productOrderId: o.productOrderId, utr: "700000000201" });
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Completed" })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "ORDER_UNPAID" }),
    });
    expect((await linesOf(o.productOrderId)).map((l) => l.orderStatus)).toEqual(["Shipped", "Shipped"]);
    expect(await db().auditEntry.count({ where: { action: "orderDesk.setStatus", entityId: o.productOrderId } })).toBe(0);

    const staffId = (await env.admin.staff.create({ name: "Desk Staff", email: "desk.staff@cleanstore.test", password: "Lavender-Mop-Bucket-2026" })).staff
      .adminId;
    const forced = await env
      .as({ role: "admin", adminId: staffId })
      .orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "On the way", force: true });
    expect(forced).toMatchObject({ forced: true, paymentStatus: "Awaiting verification", message: expect.stringContaining("moved although unpaid") });
    const [entry] = await db().auditEntry.findMany({ where: { action: "orderDesk.setStatus", entityId: o.productOrderId } });
    expect(entry).toMatchObject({
      actorName: "Desk Staff",
      actorRole: "staff",
      summary: `Desk Staff moved the order ${o.productOrderId} to On the way, forced although its payment is Awaiting verification`,
    });

    const other = await checkout([1], "UPI");
    const cancelled = await env.admin.orderDesk.setStatus({ productOrderId: other.productOrderId, orderStatus: "Cancelled" });
    expect(cancelled).toMatchObject({ forced: false, lines: [{ orderStatus: "Cancelled" }] });
    // force on a paid or cash order changes nothing about the move
    const cod = await checkout([1]);
    expect((await env.admin.orderDesk.setStatus({ productOrderId: cod.productOrderId, orderStatus: "On the way", force: true })).forced).toBe(false);
  });

  it("an unknown order is 404; a customer may not move orders; a status must be one of the lifecycle's", async () => {
    await expect(env.admin.orderDesk.setStatus({ productOrderId: "ORD-20260101-999999", orderStatus: "On the way" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Order ORD-20260101-999999 was not found.",
    });
    const o = await checkout([1]);
    await expect(o.caller.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Cancelled" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "Lost" as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Order status must be one of: Shipped, On the way, Ready for pickup, Completed, Cancelled",
    });
  });

  it("moves of one order sent at the same moment take turns: one moves it, the others are told it already is", async () => {
    const o = await checkout([1, 1]);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => env.admin.orderDesk.setStatus({ productOrderId: o.productOrderId, orderStatus: "On the way" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(r.reason).toMatchObject({ code: "CONFLICT", message: `Order ${o.productOrderId} is already On the way.` });
    expect(await mailsOf(o.fields.email, "order-status")).toHaveLength(1);

    // cancels at once, with per-line cancels mixed in: the stock comes back exactly once per line
    const c = await checkout([2, 3]);
    const before = await Promise.all(c.products.map(stockOf));
    const cancels = await Promise.allSettled([
      env.admin.orderDesk.setStatus({ productOrderId: c.productOrderId, orderStatus: "Cancelled" }),
      env.admin.orders.updateStatus({ orderId: c.orderIds[0]!, orderStatus: "Cancelled" }),
      env.admin.orderDesk.setStatus({ productOrderId: c.productOrderId, orderStatus: "Cancelled" }),
      env.admin.orders.updateStatus({ orderId: c.orderIds[1]!, orderStatus: "Cancelled" }),
    ]);
    expect(cancels.some((r) => r.status === "fulfilled")).toBe(true);
    expect(await Promise.all(c.products.map(stockOf))).toEqual([before[0]! + 2, before[1]! + 3]);
    expect(await db().invoice.count({ where: { productOrderId: c.productOrderId, kind: "CREDIT_NOTE", creditFor: { not: null } } })).toBe(2);
  });
});
