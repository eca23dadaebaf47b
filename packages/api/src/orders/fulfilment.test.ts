// A line's fulfilment (issue 28, contracts/shipments.md): every order line answer says "Awaiting
// shipment" until the line is packed in a shipment, then "In shipment" with its shipmentId, while
// orderStatus keeps the spec's "Shipped"; the admin lists filter on it (the packing queue) and the
// order desk's rows count the lines left to pack. Shipments are made here directly in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

const db = () => env.handle.db;
let awbs = 0;

/** a customer's COD checkout of one line per quantity */
async function checkout(quantities: number[]) {
  const c = await env.newCustomer();
  for (const [i, quantity] of quantities.entries()) {
    const productId = await env.newProduct({ productName: `Packing Soap ${i + 1}`, productPrice: 100, quantity: 50 });
    await c.caller.cart.save({ productId, quantity });
  }
  const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
  return { ...c, placed, productOrderId: placed.productOrderId, orderIds: placed.orders.map((o) => o.orderId) };
}

/** a box holding the lines, as the create use case leaves it */
async function ship(productOrderId: string, orderIds: number[]) {
  awbs += 1;
  const shipment = await db().shipment.create({
    data: {
      productOrderId,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: `FUL${String(awbs).padStart(8, "0")}`,
      weightGrams: 500,
      paymentMethod: "COD",
    },
  });
  await db().productOrder.updateMany({ where: { orderId: { in: orderIds } }, data: { shipmentId: shipment.shipmentId } });
  return shipment.shipmentId;
}

const awaiting = { fulfilment: "Awaiting shipment", shipmentId: null, orderStatus: "Shipped" };

describe("a line's fulfilment", () => {
  it("is Awaiting shipment on every line answer until the line is in a shipment, then In shipment with its shipmentId; orderStatus stays Shipped", async () => {
    const o = await checkout([1, 2]);
    const [first, second] = o.orderIds as [number, number];
    // the checkout's own answer (lines straight from the INSERT)
    expect(o.placed.orders.map((l) => l.fulfilment)).toEqual(["Awaiting shipment", "Awaiting shipment"]);
    expect(await env.admin.orders.byId({ orderId: first })).toMatchObject(awaiting);
    expect((await env.admin.orders.order({ productOrderId: o.productOrderId })).lines).toEqual([
      expect.objectContaining({ orderId: first, ...awaiting }),
      expect.objectContaining({ orderId: second, ...awaiting }),
    ]);

    const shipmentId = await ship(o.productOrderId, [first]);
    const packed = { fulfilment: "In shipment", shipmentId, orderStatus: "Shipped" };
    expect(await o.caller.orders.byId({ orderId: first })).toMatchObject(packed);
    expect(await o.caller.orders.byId({ orderId: second })).toMatchObject(awaiting);
    expect((await o.caller.orders.order({ productOrderId: o.productOrderId })).lines).toEqual([
      expect.objectContaining({ orderId: first, ...packed }),
      expect.objectContaining({ orderId: second, ...awaiting }),
    ]);
    const mine = await o.caller.orders.byCustomer({ customerId: o.customerId });
    expect(mine.find((l) => l.orderId === first)).toMatchObject(packed);
    const { orderProducts } = await o.caller.orders.orderProducts({ customerId: o.customerId });
    expect(orderProducts.find((l) => l.orderId === first)).toMatchObject(packed);
    expect(orderProducts.find((l) => l.orderId === second)).toMatchObject(awaiting);
    const page = await env.admin.orders.page({ search: o.productOrderId });
    expect(page.items.map((l) => [l.orderId, l.fulfilment, l.shipmentId])).toEqual([
      [second, "Awaiting shipment", null],
      [first, "In shipment", shipmentId],
    ]);
    // the legacy status call moves only orderStatus
    const moved = await env.admin.orders.updateStatus({ orderId: first, orderStatus: "On the way" });
    expect(moved.order).toMatchObject({ orderStatus: "On the way", fulfilment: "In shipment", shipmentId });
  });
});

describe("GET /orders?fulfilment= (the packing queue)", () => {
  it("finds an order with an open line in no shipment, counts its lines left to pack, and finds packed orders with In shipment", async () => {
    const partly = await checkout([1, 1, 1]);
    const [a, b, c] = partly.orderIds as [number, number, number];
    const shipmentId = await ship(partly.productOrderId, [a]);
    await env.admin.orders.updateStatus({ orderId: c, orderStatus: "Cancelled" });
    const whole = await checkout([2]);
    const packedWhole = await ship(whole.productOrderId, whole.orderIds);
    const untouched = await checkout([1]);
    const cancelled = await checkout([1]);
    await env.admin.orders.updateStatus({ orderId: cancelled.orderIds[0], orderStatus: "Cancelled" });
    const mine = [partly, whole, untouched, cancelled].map((o) => o.productOrderId);

    const list = async (fulfilment?: "Awaiting shipment" | "In shipment") =>
      (await env.admin.orderDesk.list({ fulfilment })).items.filter((row) => mine.includes(row.productOrderId));
    const ids = async (fulfilment?: "Awaiting shipment" | "In shipment") => (await list(fulfilment)).map((row) => row.productOrderId).sort();

    expect(await ids("Awaiting shipment")).toEqual([partly.productOrderId, untouched.productOrderId].sort());
    expect(await ids("In shipment")).toEqual([partly.productOrderId, whole.productOrderId].sort());
    expect(await ids()).toEqual([...mine].sort());

    const rows = new Map((await list()).map((row) => [row.productOrderId, row]));
    // a packed line, one waiting, one cancelled: one left to pack
    expect(rows.get(partly.productOrderId)).toMatchObject({
      awaitingShipment: 1,
      lineStatuses: [
        { orderId: a, orderStatus: "Shipped", fulfilment: "In shipment", shipmentId },
        { orderId: b, orderStatus: "Shipped", fulfilment: "Awaiting shipment", shipmentId: null },
        { orderId: c, orderStatus: "Cancelled", fulfilment: "Awaiting shipment", shipmentId: null },
      ],
    });
    expect(rows.get(whole.productOrderId)).toMatchObject({
      awaitingShipment: 0,
      lineStatuses: [{ fulfilment: "In shipment", shipmentId: packedWhole }],
    });
    expect(rows.get(untouched.productOrderId)?.awaitingShipment).toBe(1);
    expect(rows.get(cancelled.productOrderId)?.awaitingShipment).toBe(0);

    // a Completed line has nothing left to pack
    await env.admin.orders.updateStatus({ orderId: b, orderStatus: "Completed" });
    expect(await ids("Awaiting shipment")).toEqual([untouched.productOrderId]);
    // it combines with the other filters, and an empty value is no filter
    expect((await env.admin.orderDesk.list({ fulfilment: "Awaiting shipment", search: untouched.productOrderId })).total).toBe(1);
    expect((await env.admin.orderDesk.list({ fulfilment: "Awaiting shipment", status: "cancelled", search: untouched.productOrderId })).total).toBe(0);
    expect((await env.admin.orderDesk.list({ fulfilment: "", search: cancelled.productOrderId })).total).toBe(1);
  });

  it("refuses a fulfilment it does not know with a 400 naming the choices", async () => {
    await expect(env.admin.orderDesk.list({ fulfilment: "Packed" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "fulfilment must be one of: Awaiting shipment, In shipment",
    });
  });
});

describe("GET /productOrder/page?fulfilment=", () => {
  it("answers the lines awaiting shipment (open and in no shipment) or the lines in a shipment", async () => {
    const o = await checkout([1, 1, 1, 1]);
    const [packed, waiting, done, gone] = o.orderIds as [number, number, number, number];
    const shipmentId = await ship(o.productOrderId, [packed]);
    await env.admin.orders.updateStatus({ orderId: done, orderStatus: "Completed" });
    await env.admin.orders.updateStatus({ orderId: gone, orderStatus: "Cancelled" });

    const lines = async (input: { fulfilment?: "Awaiting shipment" | "In shipment"; view?: "all" | "shipping" | "delivered" }) => {
      const page = await env.admin.orders.page({ search: o.productOrderId, ...input });
      expect(page.total).toBe(page.items.length);
      return page.items.map((l) => l.orderId);
    };
    expect(await lines({ fulfilment: "Awaiting shipment" })).toEqual([waiting]);
    expect(await lines({ fulfilment: "In shipment" })).toEqual([packed]);
    expect(await lines({})).toEqual([gone, done, waiting, packed]);
    // with the views: both must hold
    expect(await lines({ fulfilment: "Awaiting shipment", view: "delivered" })).toEqual([]);
    expect(await lines({ fulfilment: "In shipment", view: "shipping" })).toEqual([packed]);
    // without a search, the whole table's packing queue
    const queue = await env.admin.orders.page({ fulfilment: "Awaiting shipment" });
    expect(queue.items.every((l) => l.fulfilment === "Awaiting shipment" && !["Completed", "Cancelled"].includes(l.orderStatus))).toBe(true);
    expect(queue.items.map((l) => l.orderId)).toContain(waiting);
    expect(queue.total).toBe(await db().productOrder.count({ where: { shipmentId: null, orderStatus: { notIn: ["Completed", "Cancelled"] } } }));
    expect(shipmentId).toBeGreaterThan(0);
  });

  it("refuses a fulfilment it does not know with a 400", async () => {
    await expect(env.admin.orders.page({ fulfilment: "awaiting" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "fulfilment must be one of: Awaiting shipment, In shipment",
    });
  });
});
