// Shipments at procedure depth (issue 28, contracts/shipments.md "Admin endpoints"): a box with a
// manual courier or through a courier adapter (a fake one here), every refusal with nothing saved,
// parallel creates, the buyer's view, the back office's list and cancelling before pickup. On
// PGlite, and on PostgreSQL with TEST_DATABASE_URL (real parallel transactions).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { CourierError } from "./couriers/port.ts";
import { fakeCourier, markOrderPaid, placeOrderForShipping, refusal, setShipmentStatus, shipManually, uniqueAwb } from "./shipments-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());
afterEach(() => {
  env.services.couriers.shiprocket = null;
});

const db = () => env.handle.db;
const linesOf = (productOrderId: string) => db().productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
const shipmentCount = (productOrderId: string) => db().shipment.count({ where: { productOrderId } });
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describe("a manual shipment", () => {
  it("takes every line waiting, weighs the packs, collects the COD amount with the fee, links the courier's tracking page", async () => {
    const o = await placeOrderForShipping(env, {
      lines: [
        { price: 100, quantity: 2, delivery: 40, weightGrams: 300 },
        { price: 150, weightGrams: 200 },
      ],
    });
    const shipment = await env.admin.shipments.create({
      productOrderId: o.productOrderId,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: "dlv12345678x",
    });
    const lines = await linesOf(o.productOrderId);
    const header = await db().order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } });
    expect(shipment).toMatchObject({
      productOrderId: o.productOrderId,
      orderIds: o.orderIds,
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: "DLV12345678X",
      trackingUrl: "https://www.delhivery.com/track/package/DLV12345678X",
      labelAvailable: true,
      labelUrl: `/api/v1/shipments/${shipment.shipmentId}/label.pdf`,
      weightGrams: 300 * 2 + 200,
      lengthCm: null,
      breadthCm: null,
      heightCm: null,
      status: "Created",
      ewayBillNumber: null,
      // 2 × ₹100 + ₹40 delivery + ₹150, and the ₹20 COD fee
      codAmount: 410,
      paymentMethod: "COD",
      ndr: null,
    });
    expect(shipment.codAmount * 100).toBe(header.grandTotal);
    expect(shipment.expectedDeliveryDate).toBe(lines[0]!.deliveryDate.toISOString().slice(0, 10));
    expect(shipment.events).toEqual([
      {
        at: expect.any(String),
        status: "Created",
        mapped: true,
        location: null,
        remark: "Shipment created with Delhivery Surface, AWB DLV12345678X",
        source: "admin",
      },
    ]);
    expect(lines.map((l) => l.shipmentId)).toEqual([shipment.shipmentId, shipment.shipmentId]);
    const row = await db().shipment.findUniqueOrThrow({ where: { shipmentId: shipment.shipmentId } });
    expect(row).toMatchObject({ codAmount: 41_000, statusAt: expect.any(Date), labelUrl: null, providerOrderId: null });
    expect(await db().shipmentEvent.findFirstOrThrow({ where: { shipmentId: shipment.shipmentId } })).toMatchObject({
      dedupKey: `${shipment.shipmentId}|created`,
    });
  });

  it("a courier the store does not know is followed on the store's own tracking page; the owner's size is kept", async () => {
    const o = await placeOrderForShipping(env);
    const awb = uniqueAwb();
    const shipment = await shipManually(env, o.productOrderId, { awb, courierName: "Local Runner" });
    expect(shipment.trackingUrl).toBe(`http://localhost:8080/track?awb=${awb}`);
    const sized = await placeOrderForShipping(env, { lines: [{ weightGrams: 20 }] });
    const box = await env.admin.shipments.create({
      productOrderId: sized.productOrderId,
      courier: "manual",
      courierName: "Blue Dart",
      awb: uniqueAwb(),
      lengthCm: 30,
      breadthCm: 20,
      heightCm: 5,
    });
    // a 20 g pack still weighs the courier's minimum
    expect(box).toMatchObject({ weightGrams: 100, lengthCm: 30, breadthCm: 20, heightCm: 5 });
    expect(box.trackingUrl).toContain("bluedart.com");
    const weighed = await placeOrderForShipping(env);
    expect(await shipManually(env, weighed.productOrderId, { weightGrams: 1250 })).toMatchObject({ weightGrams: 1250 });
  });

  it("a partial box, then the rest: the COD fee goes with the first box only; then nothing is left to ship", async () => {
    const o = await placeOrderForShipping(env, { lines: [{ price: 100 }, { price: 200 }, { price: 300 }] });
    const [a, b, c] = o.orderIds as [number, number, number];
    const first = await shipManually(env, o.productOrderId, { orderIds: [b] });
    expect(first).toMatchObject({ orderIds: [b], codAmount: 220 });
    const rest = await shipManually(env, o.productOrderId);
    expect(rest).toMatchObject({ orderIds: [a, c], codAmount: 400 });
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([rest.shipmentId, first.shipmentId, rest.shipmentId]);
    await expect(shipManually(env, o.productOrderId)).rejects.toMatchObject({
      ...refusal("CONFLICT", "LINE_NOT_SHIPPABLE"),
      message: expect.stringContaining("nothing left to ship"),
    });
    expect(await shipmentCount(o.productOrderId)).toBe(2);
  });

  it("a paid COD order and an unpaid UPI order collect nothing at the door", async () => {
    const paid = await placeOrderForShipping(env);
    await markOrderPaid(env, paid.productOrderId);
    expect(await shipManually(env, paid.productOrderId)).toMatchObject({ codAmount: 0, paymentMethod: "COD" });
    // an unpaid prepaid order is not blocked: the owner decides (the order desk's force rule is for status moves)
    const upi = await placeOrderForShipping(env, { paymentMethod: "UPI" });
    expect(await shipManually(env, upi.productOrderId)).toMatchObject({ codAmount: 0, paymentMethod: "UPI", status: "Created" });
  });
});

describe("refusals, with nothing saved", () => {
  it("LINE_NOT_SHIPPABLE names the line: cancelled, already in a box, another order's; a cancelled line is not in the default box", async () => {
    const o = await placeOrderForShipping(env, { lines: [{}, {}, {}] });
    const [a, b, c] = o.orderIds as [number, number, number];
    await env.admin.orders.updateStatus({ orderId: a, orderStatus: "Cancelled" });
    await expect(shipManually(env, o.productOrderId, { orderIds: [a] })).rejects.toMatchObject({
      ...refusal("CONFLICT", "LINE_NOT_SHIPPABLE"),
      message: expect.stringMatching(new RegExp(`^Line ${a} .*cancelled`)),
    });
    const boxed = await shipManually(env, o.productOrderId, { orderIds: [b] });
    await expect(shipManually(env, o.productOrderId, { orderIds: [c, b] })).rejects.toMatchObject({
      ...refusal("CONFLICT", "LINE_NOT_SHIPPABLE"),
      message: expect.stringContaining(`Line ${b} `),
    });
    const other = await placeOrderForShipping(env);
    await expect(shipManually(env, o.productOrderId, { orderIds: [other.orderIds[0]!] })).rejects.toMatchObject({
      ...refusal("CONFLICT", "LINE_NOT_SHIPPABLE"),
      message: `Line ${other.orderIds[0]} is not part of order ${o.productOrderId}.`,
    });
    expect(await shipmentCount(o.productOrderId)).toBe(1);
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([null, boxed.shipmentId, null]);
    // the default box skips the cancelled line
    expect(await shipManually(env, o.productOrderId)).toMatchObject({ orderIds: [c] });
  });

  it("an unknown order is a 404", async () => {
    await expect(shipManually(env, "ORD-20261126-NOPE")).rejects.toMatchObject(refusal("NOT_FOUND", "NOT_FOUND"));
  });

  it("EWAY_BILL_REQUIRED over ₹50,000 without a number; a 12-digit number is accepted and kept", async () => {
    const o = await placeOrderForShipping(env, { paymentMethod: "UPI", lines: [{ price: 25_001, quantity: 2 }] });
    await expect(shipManually(env, o.productOrderId)).rejects.toMatchObject({
      ...refusal("BAD_REQUEST", "EWAY_BILL_REQUIRED"),
      message: expect.stringContaining("₹50,002"),
    });
    await expect(shipManually(env, o.productOrderId, { ewayBillNumber: "12345" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("12 digits"),
    });
    expect(await shipmentCount(o.productOrderId)).toBe(0);
    const shipment = await shipManually(env, o.productOrderId, { ewayBillNumber: "1234 5678 9012" });
    expect(shipment).toMatchObject({ ewayBillNumber: "123456789012", status: "Created" });
    // exactly ₹50,000 needs none
    const atLimit = await placeOrderForShipping(env, { paymentMethod: "UPI", lines: [{ price: 25_000, quantity: 2 }] });
    expect(await shipManually(env, atLimit.productOrderId)).toMatchObject({ ewayBillNumber: null });
  });

  it("AWB_TAKEN for an AWB already on a shipment of the courier, also when two orders race for it", async () => {
    const first = await placeOrderForShipping(env);
    const second = await placeOrderForShipping(env);
    const awb = uniqueAwb();
    await shipManually(env, first.productOrderId, { awb });
    await expect(shipManually(env, second.productOrderId, { awb: awb.toLowerCase(), courierName: "Blue Dart" })).rejects.toMatchObject(
      refusal("CONFLICT", "AWB_TAKEN"),
    );
    expect(await shipmentCount(second.productOrderId)).toBe(0);

    // four orders race for one AWB: the check, or the unique index behind it, lets exactly one have it
    const racers = await Promise.all(Array.from({ length: 4 }, () => placeOrderForShipping(env)));
    const raced = uniqueAwb();
    const results = await Promise.allSettled(racers.map((r) => shipManually(env, r.productOrderId, { awb: raced })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const lost of results.filter((r) => r.status === "rejected")) expect(lost.reason).toMatchObject(refusal("CONFLICT", "AWB_TAKEN"));
    expect(await db().shipment.count({ where: { awb: raced } })).toBe(1);
    // the losers' lines still wait
    const waiting = await db().productOrder.count({ where: { productOrderId: { in: racers.map((r) => r.productOrderId) }, shipmentId: null } });
    expect(waiting).toBe(3);
  });

  it("COURIER_NOT_CONFIGURED for shiprocket without an adapter; manual without an AWB or courier name is refused by validation", async () => {
    const o = await placeOrderForShipping(env);
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "COURIER_NOT_CONFIGURED"),
    );
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "manual", courierName: "Delhivery" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("AWB"),
    });
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "manual", awb: uniqueAwb() })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("courier's name"),
    });
    await expect(
      env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "manual", courierName: "Delhivery", awb: "AB-12" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await shipmentCount(o.productOrderId)).toBe(0);
  });

  it("customers cannot make shipments", async () => {
    const o = await placeOrderForShipping(env);
    await expect(
      o.caller.shipments.create({ productOrderId: o.productOrderId, courier: "manual", courierName: "Delhivery", awb: uniqueAwb() }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await shipmentCount(o.productOrderId)).toBe(0);
  });
});

describe("through a courier adapter", () => {
  it("books the box with the order's facts: reference, buyer, items, COD amount, weight from the packs, default size", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const o = await placeOrderForShipping(env, {
      lines: [
        { price: 250, quantity: 2, weightGrams: 450 },
        { price: 80, delivery: 30, weightGrams: 120 },
      ],
      customer: { city: "Nashik", pinCode: "422001", houseNo: "4", areaAddress: "College Road" },
    });
    const [a, b] = o.orderIds as [number, number];
    const shipment = await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket", orderIds: [a] });
    expect(fake.bookings).toHaveLength(1);
    const booking = fake.bookings[0]!;
    const line = (await linesOf(o.productOrderId))[0]!;
    expect(booking).toMatchObject({
      reference: `${o.productOrderId}-1`,
      productOrderId: o.productOrderId,
      pickupLocation: "Primary",
      customer: {
        name: `${o.customerFields.firstName} ${o.customerFields.lastName}`,
        phone: o.customerFields.number,
        email: o.customerFields.email,
        address: line.shippingAddress,
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422001",
      },
      items: [
        { name: expect.stringContaining(line.productName), sku: line.sku, units: 2, sellingPricePaise: 25_000, hsnCode: line.hsnCode, gstRate: line.gstRate },
      ],
      paymentMethod: "COD",
      codAmountPaise: 50_000 + 2_000,
      subTotalPaise: 50_000,
      weightGrams: 900,
      lengthCm: 20,
      breadthCm: 15,
      heightCm: 10,
    });
    expect(booking.ewayBillNumber).toBeUndefined();
    expect(shipment).toMatchObject({
      orderIds: [a],
      courier: "shiprocket",
      courierName: "Delhivery Surface",
      trackingUrl: expect.stringContaining("delhivery.com"),
      labelAvailable: true,
      weightGrams: 900,
      lengthCm: 20,
      codAmount: 520,
      expectedDeliveryDate: line.deliveryDate.toISOString().slice(0, 10),
    });
    expect(await db().shipment.findUniqueOrThrow({ where: { shipmentId: shipment.shipmentId } })).toMatchObject({
      providerOrderId: "SRO1",
      providerShipmentId: "SRS1",
      labelUrl: `https://labels.example.test/${o.productOrderId}-1.pdf`,
    });

    // the second box: its own reference, no COD fee, the owner's weight and size, the courier's expected date
    fake.nextBooking = () => ({
      awb: "SRB00000001X",
      courierName: "Xpressbees",
      trackingUrl: "https://shiprocket.co/tracking/SRB00000001X",
      labelUrl: null,
      providerOrderId: "SRO-B",
      providerShipmentId: null,
      expectedDeliveryDate: new Date(Date.UTC(2026, 11, 3)),
    });
    const second = await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket", weightGrams: 700, lengthCm: 25 });
    expect(fake.bookings[1]).toMatchObject({
      reference: `${o.productOrderId}-2`,
      codAmountPaise: 8_000 + 3_000,
      weightGrams: 700,
      lengthCm: 25,
      breadthCm: 15,
    });
    expect(second).toMatchObject({
      orderIds: [b],
      awb: "SRB00000001X",
      courierName: "Xpressbees",
      trackingUrl: "https://shiprocket.co/tracking/SRB00000001X",
      labelAvailable: false,
      expectedDeliveryDate: "2026-12-03",
      codAmount: 110,
    });
  });

  it("a prepaid order is booked as Prepaid with nothing to collect, and an e-way bill number is passed on", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const o = await placeOrderForShipping(env, { paymentMethod: "UPI", lines: [{ price: 60_000 }] });
    await markOrderPaid(env, o.productOrderId);
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "EWAY_BILL_REQUIRED"),
    );
    // refused before the courier was asked
    expect(fake.bookings).toHaveLength(0);
    await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket", ewayBillNumber: "987654321098" });
    expect(fake.bookings[0]).toMatchObject({ paymentMethod: "Prepaid", codAmountPaise: 0, subTotalPaise: 6_000_000, ewayBillNumber: "987654321098" });
  });

  it("a courier error is a 502 COURIER_ERROR with its message, and nothing is saved", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const o = await placeOrderForShipping(env);
    fake.nextBooking = () => {
      throw new CourierError("Delivery postcode not serviceable", 422);
    };
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" })).rejects.toMatchObject({
      ...refusal("BAD_GATEWAY", "COURIER_ERROR"),
      message: expect.stringContaining("Delivery postcode not serviceable"),
    });
    expect(await shipmentCount(o.productOrderId)).toBe(0);
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([null]);
    // nothing was saved, so the retry books box 1 again (the adapter left nothing booked at the courier)
    const retried = await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" });
    expect(fake.bookings.map((b) => b.reference)).toEqual([`${o.productOrderId}-1`, `${o.productOrderId}-1`]);
    expect(retried.status).toBe("Created");
  });

  it("an AWB the courier gives that a shipment already has: the booking is cancelled at the courier and nothing is saved", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const first = await placeOrderForShipping(env);
    const taken = await env.admin.shipments.create({ productOrderId: first.productOrderId, courier: "shiprocket" });
    const o = await placeOrderForShipping(env);
    fake.nextBooking = () => ({
      awb: taken.awb,
      courierName: "Delhivery Surface",
      trackingUrl: null,
      labelUrl: null,
      providerOrderId: "SRO-DUP",
      providerShipmentId: null,
      expectedDeliveryDate: null,
    });
    await expect(env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" })).rejects.toMatchObject(
      refusal("CONFLICT", "AWB_TAKEN"),
    );
    expect(fake.cancelled).toEqual([{ awb: taken.awb, providerOrderId: "SRO-DUP" }]);
    expect(await shipmentCount(o.productOrderId)).toBe(0);
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([null]);
  });
});

describe("parallel creates for one order", () => {
  it("exactly one wins; the others are LINE_NOT_SHIPPABLE", async () => {
    const o = await placeOrderForShipping(env, { lines: [{}, {}] });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => shipManually(env, o.productOrderId)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status === "rejected")) expect(r.reason).toMatchObject(refusal("CONFLICT", "LINE_NOT_SHIPPABLE"));
    expect(await shipmentCount(o.productOrderId)).toBe(1);
    const shipment = await db().shipment.findFirstOrThrow({ where: { productOrderId: o.productOrderId } });
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([shipment.shipmentId, shipment.shipmentId]);
    expect(await db().shipmentEvent.count({ where: { shipmentId: shipment.shipmentId } })).toBe(1);
  });

  it("through an adapter, only the winner is booked", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const o = await placeOrderForShipping(env);
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(fake.bookings).toHaveLength(1);
  });
});

describe("reading shipments", () => {
  it("the order's customer and an admin see its shipments, newest first, events newest first; another customer gets 404", async () => {
    const o = await placeOrderForShipping(env, { lines: [{}, {}] });
    const [a, b] = o.orderIds as [number, number];
    const older = await shipManually(env, o.productOrderId, { orderIds: [a] });
    const newer = await shipManually(env, o.productOrderId, { orderIds: [b] });
    await env.admin.shipments.cancel({ shipmentId: newer.shipmentId });
    const mine = await o.caller.shipments.forOrder({ productOrderId: o.productOrderId });
    expect(mine.productOrderId).toBe(o.productOrderId);
    expect(mine.shipments.map((s) => s.shipmentId)).toEqual([newer.shipmentId, older.shipmentId]);
    expect(mine.shipments[0]!.events.map((e) => e.status)).toEqual(["Cancelled", "Created"]);
    expect(mine.shipments[1]!.orderIds).toEqual([a]);
    expect(await env.admin.shipments.forOrder({ productOrderId: o.productOrderId })).toEqual(mine);
    const stranger = await env.newCustomer();
    await expect(stranger.caller.shipments.forOrder({ productOrderId: o.productOrderId })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: `Order ${o.productOrderId} was not found.`,
    });
    await expect(stranger.caller.shipments.forOrder({ productOrderId: "ORD-20261126-NONE" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Order ORD-20261126-NONE was not found.",
    });
    // an order without shipments answers an empty list
    const fresh = await placeOrderForShipping(env);
    expect(await fresh.caller.shipments.forOrder({ productOrderId: fresh.productOrderId })).toEqual({ productOrderId: fresh.productOrderId, shipments: [] });
  });

  it("one shipment for an admin; an unknown one is 404; customers may not", async () => {
    const o = await placeOrderForShipping(env);
    const made = await shipManually(env, o.productOrderId);
    expect(await env.admin.shipments.get({ shipmentId: made.shipmentId })).toEqual(made);
    await expect(env.admin.shipments.get({ shipmentId: 99_999_999 })).rejects.toMatchObject(refusal("NOT_FOUND", "NOT_FOUND"));
    await expect(o.caller.shipments.get({ shipmentId: made.shipmentId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("the list: NDRs first then newest, filtered by status, courier, day and a search on the AWB or order reference", async () => {
    const tag = `LS${Date.now() % 100_000}`;
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await placeOrderForShipping(env));
    const made = [];
    for (const [i, o] of orders.entries()) made.push(await shipManually(env, o.productOrderId, { awb: `${tag}X${i}ABC` }));
    const [oldest, middle, newest] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await setShipmentStatus(env, oldest.shipmentId, "NDR", { ndrAttempts: 1 });
    await setShipmentStatus(env, middle.shipmentId, "In transit");

    const page = await env.admin.shipments.list({ search: tag.toLowerCase() });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.map((s) => s.shipmentId)).toEqual([oldest.shipmentId, newest.shipmentId, middle.shipmentId]);
    expect(page.items[0]).toMatchObject({ status: "NDR", ndr: { attempts: 1 }, orderIds: orders[0]!.orderIds });
    expect(page.items.map((s) => s.orderIds)).toEqual([orders[0]!.orderIds, orders[2]!.orderIds, orders[1]!.orderIds]);

    const ids = async (q: Parameters<typeof env.admin.shipments.list>[0]) =>
      (await env.admin.shipments.list({ search: tag, ...q })).items.map((s) => s.shipmentId);
    expect(await ids({ status: "NDR" })).toEqual([oldest.shipmentId]);
    expect(await ids({ status: "In transit" })).toEqual([middle.shipmentId]);
    expect(await ids({ status: "Created" })).toEqual([newest.shipmentId]);
    expect(await ids({ status: "Delivered" })).toEqual([]);
    expect(await ids({ courier: "manual" })).toHaveLength(3);
    expect(await ids({ courier: "shiprocket" })).toEqual([]);
    expect(await ids({ from: istToday(), to: istToday() })).toHaveLength(3);
    expect(await ids({ to: "2026-01-01" })).toEqual([]);
    expect(await ids({ from: "2099-01-01" })).toEqual([]);
    // the order reference, in any case
    const byOrder = await env.admin.shipments.list({ search: orders[1]!.productOrderId.toLowerCase() });
    expect(byOrder.items.map((s) => s.shipmentId)).toEqual([middle.shipmentId]);
    const lost: unknown = { status: "Lost" };
    await expect(env.admin.shipments.list(lost as Parameters<typeof env.admin.shipments.list>[0])).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("the list pages through the NDRs and then the rest", async () => {
    const tag = `PG${Date.now() % 100_000}`;
    // one order of 23 lines, one box each: fast, and every box matches the tag
    const o = await placeOrderForShipping(env, { lines: Array.from({ length: 23 }, () => ({})) });
    const made: number[] = [];
    for (const [i, orderId] of o.orderIds.entries()) {
      made.push((await shipManually(env, o.productOrderId, { orderIds: [orderId], awb: `${tag}N${String(i).padStart(2, "0")}AB` })).shipmentId);
    }
    // 3 NDRs among them, the oldest ones
    for (const id of made.slice(0, 3)) await setShipmentStatus(env, id, "NDR");
    const first = await env.admin.shipments.list({ search: tag, page: 1 });
    const second = await env.admin.shipments.list({ search: tag, page: 2 });
    expect(first.total).toBe(23);
    const newestFirst = [...made].reverse();
    const expected = [...newestFirst.slice(-3), ...newestFirst.slice(0, -3)];
    expect([...first.items, ...second.items].map((s) => s.shipmentId)).toEqual(expected);
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(3);
    expect(second.items[0]!.orderIds).toEqual([o.orderIds[5]]);
  }, 60_000);
});

describe("the audit trail", () => {
  it("records who made and who cancelled a shipment, with the fields that changed", async () => {
    const o = await placeOrderForShipping(env, { lines: [{}, {}] });
    const made = await shipManually(env, o.productOrderId, { courierName: "Blue Dart" });
    await env.admin.shipments.cancel({ shipmentId: made.shipmentId });
    const entries = await db().auditEntry.findMany({ where: { entity: "shipment", entityId: String(made.shipmentId) }, orderBy: { auditId: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["shipments.create", "shipments.cancel"]);
    expect(entries[0]!.summary).toBe(`Test Admin made the shipment ${made.shipmentId} of order ${o.productOrderId} (Blue Dart, AWB ${made.awb})`);
    expect(JSON.parse(entries[0]!.changes)).toMatchObject({ awb: [null, made.awb], status: [null, "Created"], lines: [null, o.orderIds.join(", ")] });
    expect(JSON.parse(entries[1]!.changes)).toEqual({ status: ["Created", "Cancelled"], lines: [o.orderIds.join(", "), ""] });
  });
});

describe("cancelling a shipment", () => {
  it("before pickup: Cancelled with an admin event, its lines wait again and can go in a new box", async () => {
    const o = await placeOrderForShipping(env, { lines: [{}, {}] });
    const made = await shipManually(env, o.productOrderId);
    const cancelled = await env.admin.shipments.cancel({ shipmentId: made.shipmentId });
    expect(cancelled).toMatchObject({ status: "Cancelled", orderIds: [] });
    expect(cancelled.events[0]).toMatchObject({ status: "Cancelled", source: "admin", remark: expect.stringContaining("Cancelled before pickup") });
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([null, null]);
    // cancelled boxes do not count for the COD fee
    const again = await shipManually(env, o.productOrderId);
    expect(again).toMatchObject({ orderIds: o.orderIds, codAmount: made.codAmount });
    await expect(env.admin.shipments.cancel({ shipmentId: made.shipmentId })).rejects.toMatchObject({
      ...refusal("CONFLICT", "STATUS_ORDER"),
      message: expect.stringContaining("Cancelled"),
    });
  });

  it("after pickup is 409 STATUS_ORDER and changes nothing; an unknown shipment is 404", async () => {
    const o = await placeOrderForShipping(env);
    const made = await shipManually(env, o.productOrderId);
    await setShipmentStatus(env, made.shipmentId, "Picked up");
    await expect(env.admin.shipments.cancel({ shipmentId: made.shipmentId })).rejects.toMatchObject({
      ...refusal("CONFLICT", "STATUS_ORDER"),
      message: expect.stringMatching(/was picked up by the courier \(Picked up\) and can no longer be cancelled/),
    });
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([made.shipmentId]);
    expect(await db().shipmentEvent.count({ where: { shipmentId: made.shipmentId } })).toBe(1);
    await expect(env.admin.shipments.cancel({ shipmentId: 99_999_999 })).rejects.toMatchObject(refusal("NOT_FOUND", "NOT_FOUND"));
  });

  it("an adapter's box is cancelled at the courier first; a courier error is a 502 and changes nothing", async () => {
    const fake = fakeCourier();
    env.services.couriers.shiprocket = fake.adapter;
    const o = await placeOrderForShipping(env);
    const made = await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" });
    fake.nextCancel = () => {
      throw new CourierError("Shipment already picked up", 400);
    };
    await expect(env.admin.shipments.cancel({ shipmentId: made.shipmentId })).rejects.toMatchObject({
      ...refusal("BAD_GATEWAY", "COURIER_ERROR"),
      message: expect.stringContaining("Shipment already picked up"),
    });
    expect(await db().shipment.findUniqueOrThrow({ where: { shipmentId: made.shipmentId } })).toMatchObject({ status: "Created" });
    expect((await linesOf(o.productOrderId)).map((l) => l.shipmentId)).toEqual([made.shipmentId]);
    const cancelled = await env.admin.shipments.cancel({ shipmentId: made.shipmentId });
    expect(cancelled.status).toBe("Cancelled");
    expect(fake.cancelled).toEqual([{ awb: made.awb, providerOrderId: "SRO1" }]);
    // without the adapter, a courier's box cannot be cancelled here
    const other = await env.admin.shipments.create({ productOrderId: (await placeOrderForShipping(env)).productOrderId, courier: "shiprocket" });
    env.services.couriers.shiprocket = null;
    await expect(env.admin.shipments.cancel({ shipmentId: other.shipmentId })).rejects.toMatchObject(refusal("BAD_REQUEST", "COURIER_NOT_CONFIGURED"));
  });
});
