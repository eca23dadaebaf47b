// Where a shipment is (issue 28) at procedure depth: the admin's steps and the courier's scans move it
// along its order and move the order's lines with them (COD paid on delivery, stock, credit note and
// refund on a return to origin), duplicates and late scans change nothing, the buyer hears of the
// steps that matter, NDR decisions and the buyer's re-attempt, the public tracking page, and the
// tracking-poll job.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, istDay } from "@store/domain";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { JOBS } from "../jobs/registry.ts";
import { CourierError, type TrackingEvent, type TrackingUpdate } from "./couriers/port.ts";
import { fakeCourier, placeOrderForShipping, refusal, shipManually, type FakeCourier, type PlacedOrder } from "./shipments-testing.ts";
import { applyTrackingUpdate } from "./tracking.ts";
import { pollTracking } from "./tracking-poll.ts";
import { NO_PARCEL } from "./public-track.ts";

let env: TestEnv;
let fake: FakeCourier;

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});
afterEach(() => {
  env.services.couriers.shiprocket = null;
});

const HOUR = 3600_000;
/** an instant `hours` before now */
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const scan = (courierStatus: string, at: Date, extra: Partial<TrackingEvent> = {}): TrackingEvent => ({
  at,
  courierStatus,
  location: "Pune Hub",
  remark: null,
  ...extra,
});
const report = (awb: string, scans: TrackingEvent[], current: TrackingEvent | null = null, expectedDeliveryDate: Date | null = null): TrackingUpdate => ({
  awb,
  scans,
  current,
  expectedDeliveryDate,
});
const webhook = (update: TrackingUpdate) => applyTrackingUpdate(env.handle.db, env.services, { courier: "shiprocket", update, source: "webhook" });

const lineStatuses = async (o: PlacedOrder) =>
  (await env.handle.db.productOrder.findMany({ where: { productOrderId: o.productOrderId }, orderBy: { orderId: "asc" } })).map((l) => l.orderStatus);
const header = (o: PlacedOrder) => env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: o.productOrderId } });
const shipmentMails = (o: PlacedOrder) =>
  env.handle.db.outboxMessage.findMany({ where: { recipient: o.customerFields.email, kind: "shipment-update" }, orderBy: { messageId: "asc" } });
const stockOf = async (variantId: number) => (await env.handle.db.productVariant.findUniqueOrThrow({ where: { variantId } })).stock;
const creditNotes = (o: PlacedOrder) => env.handle.db.invoice.findMany({ where: { productOrderId: o.productOrderId, kind: "CREDIT_NOTE" } });
const shipment = (shipmentId: number) => env.admin.shipments.get({ shipmentId });

/** The box as if made 4 days ago, so that the scans of the tests (hours ago) come after it on its timeline. */
async function madeDaysAgo<T extends { shipmentId: number }>(box: T): Promise<T> {
  const at = ago(96);
  await env.handle.db.shipment.update({ where: { shipmentId: box.shipmentId }, data: { createdAt: at, statusAt: at } });
  await env.handle.db.shipmentEvent.updateMany({ where: { shipmentId: box.shipmentId }, data: { at } });
  return box;
}

/** A manual box of the whole order (Delhivery), made 4 days ago. */
const shipByHand = async (o: PlacedOrder) => madeDaysAgo(await shipManually(env, o.productOrderId));

/** A Shiprocket box of the whole order, booked through the fake adapter (a new one unless told to keep it), made 4 days ago. */
async function shipWithAdapter(o: PlacedOrder, keepFake = false) {
  if (!keepFake) fake = fakeCourier();
  env.services.couriers.shiprocket = fake.adapter;
  return madeDaysAgo(await env.admin.shipments.create({ productOrderId: o.productOrderId, courier: "shiprocket" }));
}

/** The timeline without the box's own "Created" step. */
const afterCreated = <T extends { status: string }>(events: T[]): T[] => events.filter((e) => e.status !== "Created");

/** A UPI order the owner confirmed, as a prepaid order is. */
async function paidUpiOrder(lines = [{ price: 300, quantity: 2 }]) {
  const o = await placeOrderForShipping(env, { paymentMethod: "UPI", lines });
  await o.caller.payments.submitUtr({ productOrderId: o.productOrderId, utr: `4${String(Date.now()).slice(-11)}` });
  await env.admin.payments.confirm({ productOrderId: o.productOrderId });
  expect((await header(o)).paymentStatus).toBe("Paid");
  return o;
}

describe("a manual shipment walked by the admin", () => {
  it("Created → Picked up → In transit → Out for delivery → Delivered moves the lines, tells the buyer, and a COD order becomes Paid", async () => {
    const o = await placeOrderForShipping(env, { lines: [{ price: 150 }, { price: 80 }] });
    const box = await shipByHand(o);
    expect(box.status).toBe("Created");
    expect(await lineStatuses(o)).toEqual(["Shipped", "Shipped"]);

    const picked = await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Picked up", location: "Pune", at: ago(30) });
    expect(picked.status).toBe("Picked up");
    expect(picked.orderIds).toEqual([...o.orderIds].sort((a, b) => a - b));
    expect(picked.events[0]).toMatchObject({ status: "Picked up", mapped: true, source: "admin", location: "Pune" });
    expect(await lineStatuses(o)).toEqual(["On the way", "On the way"]);
    const [pickedMail, ...none] = await shipmentMails(o);
    expect(none).toEqual([]);
    expect(pickedMail!.subject).toBe(`Your order ${o.productOrderId} has been shipped`);
    expect(pickedMail!.text).toContain(box.awb);
    expect(pickedMail!.text).toContain(`https://www.delhivery.com/track/package/${box.awb}`);
    // the lines' own status mail is not sent: one message for the box
    expect(await env.handle.db.outboxMessage.count({ where: { recipient: o.customerFields.email, kind: "order-status" } })).toBe(0);

    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "In transit", at: ago(20) });
    expect(await shipmentMails(o)).toHaveLength(1);
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Out for delivery", at: ago(2) });
    expect(await lineStatuses(o)).toEqual(["Ready for pickup", "Ready for pickup"]);
    expect((await header(o)).paymentStatus).toBe("Pending");

    const delivered = await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Delivered", remark: "Handed to the buyer" });
    expect(delivered.status).toBe("Delivered");
    expect(delivered.events.map((e) => e.status)).toEqual(["Delivered", "Out for delivery", "In transit", "Picked up", "Created"]);
    expect(await lineStatuses(o)).toEqual(["Completed", "Completed"]);
    const paid = await header(o);
    expect(paid.paymentStatus).toBe("Paid");
    const history = await env.handle.db.paymentEvent.findMany({ where: { productOrderId: o.productOrderId }, orderBy: { id: "asc" } });
    expect(history.at(-1)).toMatchObject({ fromStatus: "Pending", toStatus: "Paid", reason: "cash collected on delivery", actor: `admin ${env.adminId}` });
    const mails = await shipmentMails(o);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${o.productOrderId} has been shipped`,
      `Your order ${o.productOrderId} is out for delivery`,
      `Your order ${o.productOrderId} has been delivered`,
    ]);
    expect(mails[2]!.text).toContain("within 7 days");
  });

  it("a backwards step is 409 STATUS_ORDER with the reason, and changes nothing; so is a step dated before the last one", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipByHand(o);
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "In transit", at: ago(5) });
    await expect(env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Picked up" })).rejects.toMatchObject({
      ...refusal("CONFLICT", "STATUS_ORDER"),
      message: `Shipment ${box.shipmentId} cannot go back from In transit to Picked up.`,
    });
    await expect(env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Out for delivery", at: ago(6) })).rejects.toMatchObject(
      refusal("CONFLICT", "STATUS_ORDER"),
    );
    await expect(env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Cancelled" })).rejects.toMatchObject(refusal("BAD_REQUEST", "BAD_REQUEST"));
    await expect(env.admin.tracking.addEvent({ shipmentId: 999_999, status: "Delivered" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const after = await shipment(box.shipmentId);
    expect(after.status).toBe("In transit");
    expect(afterCreated(after.events)).toHaveLength(1);
    await expect(o.caller.tracking.addEvent({ shipmentId: box.shipmentId, status: "Delivered" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("courier scans", () => {
  it("the same update twice changes nothing the second time", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipWithAdapter(o);
    // one instant for the history's last scan and the current one: two ago(8) calls can differ by a millisecond under load
    const inTransitAt = ago(8);
    const update = report(
      box.awb,
      [scan("PICKED UP", ago(10)), scan("IN TRANSIT", inTransitAt)],
      scan("IN TRANSIT", inTransitAt),
      new Date("2026-12-30T00:00:00Z"),
    );
    expect(await webhook(update)).toEqual({ applied: 2, ignored: false });
    const first = await shipment(box.shipmentId);
    expect(first).toMatchObject({ status: "In transit", expectedDeliveryDate: "2026-12-30" });
    expect(afterCreated(first.events).map((e) => [e.status, e.source])).toEqual([
      ["In transit", "webhook"],
      ["Picked up", "webhook"],
    ]);
    expect(await webhook(update)).toEqual({ applied: 0, ignored: false });
    const second = await shipment(box.shipmentId);
    expect(second.events).toEqual(first.events);
    expect(second.status).toBe("In transit");
    expect(await shipmentMails(o)).toHaveLength(1);
    expect(await lineStatuses(o)).toEqual(["On the way"]);
  });

  it("20 duplicated, shuffled updates arriving at once give one clean timeline, one delivery and no message twice", async () => {
    const o = await placeOrderForShipping(env, { lines: [{ price: 120 }, { price: 60 }] });
    const box = await shipWithAdapter(o);
    const scans = [
      scan("PICKED UP", ago(50)),
      scan("IN TRANSIT", ago(40)),
      scan("OUT FOR DELIVERY", ago(5)),
      scan("Reached nearest hub", ago(4)),
      scan("DELIVERED", ago(3)),
    ];
    const updates = Array.from({ length: 20 }, (_, i) => report(box.awb, [scans[(i * 3) % 5]!], i % 4 === 0 ? scans[(i * 7) % 5]! : null));
    const results = await Promise.all(updates.map((u) => webhook(u)));
    expect(results.reduce((sum, r) => sum + r.applied, 0)).toBe(5);
    const after = await shipment(box.shipmentId);
    expect(after.status).toBe("Delivered");
    expect(afterCreated(after.events).map((e) => e.status)).toEqual(["Delivered", "Reached nearest hub", "Out for delivery", "In transit", "Picked up"]);
    expect(await lineStatuses(o)).toEqual(["Completed", "Completed"]);
    const subjects = (await shipmentMails(o)).map((m) => m.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toContain(`Your order ${o.productOrderId} has been delivered`);
    expect(await env.handle.db.paymentEvent.count({ where: { productOrderId: o.productOrderId, toStatus: "Paid" } })).toBe(1);
  });

  it("an AWB the store never booked (or another courier's) is ignored", async () => {
    const o = await placeOrderForShipping(env);
    const manual = await shipByHand(o);
    expect(await webhook(report("NOSUCHAWB123", [scan("DELIVERED", ago(1))]))).toEqual({ applied: 0, ignored: true });
    expect(await webhook(report(manual.awb, [scan("DELIVERED", ago(1))]))).toEqual({ applied: 0, ignored: true });
    expect((await shipment(manual.shipmentId)).status).toBe("Created");
  });

  it("out of order: Delivered first, then an older In transit, never moves back; the timeline has both", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipWithAdapter(o);
    await webhook(report(box.awb, [], scan("DELIVERED", ago(1))));
    await webhook(report(box.awb, [], scan("IN TRANSIT", ago(20))));
    const after = await shipment(box.shipmentId);
    expect(after.status).toBe("Delivered");
    expect(after.events.map((e) => e.status)).toEqual(["Delivered", "In transit", "Created"]);
    expect(await lineStatuses(o)).toEqual(["Completed"]);
    expect((await shipmentMails(o)).map((m) => m.subject)).toEqual([`Your order ${o.productOrderId} has been delivered`]);
  });

  it("an older NDR arriving after a newer Out for delivery does not move it back; a word the table does not know is kept and moves nothing", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipWithAdapter(o);
    await webhook(report(box.awb, [scan("PICKED UP", ago(30)), scan("OUT FOR DELIVERY", ago(2))]));
    await webhook(report(box.awb, [scan("UNDELIVERED", ago(5), { remark: "Customer not available" })]));
    expect((await shipment(box.shipmentId)).status).toBe("Out for delivery");

    expect(await webhook(report(box.awb, [scan("Shipment held at hub due to weather", ago(1), { location: "Mumbai Hub" })]))).toEqual({
      applied: 1,
      ignored: false,
    });
    const after = await shipment(box.shipmentId);
    expect(after.status).toBe("Out for delivery");
    expect(after.events[0]).toMatchObject({ status: "Shipment held at hub due to weather", mapped: false, location: "Mumbai Hub", source: "webhook" });
    expect(after.ndr).toBeNull();
  });
});

describe("NDR", () => {
  it("a failed attempt, the buyer's re-attempt, out for delivery again, a second failure, the owner's re-attempt, delivered", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipWithAdapter(o);
    await webhook(
      report(box.awb, [scan("PICKED UP", ago(40)), scan("OUT FOR DELIVERY", ago(6)), scan("UNDELIVERED", ago(5), { remark: "Customer not available" })]),
    );
    let now = await shipment(box.shipmentId);
    expect(now.status).toBe("NDR");
    expect(now.ndr).toMatchObject({ attempts: 1, reason: "Customer not available", action: null, requestedBy: null });
    // one message for the last step of the batch: the failed attempt, with the re-attempt link
    const [ndrMail, ...rest] = await shipmentMails(o);
    expect(rest).toEqual([]);
    expect(ndrMail!.subject).toBe(`We could not deliver your order ${o.productOrderId}`);
    expect(ndrMail!.text).toContain("Customer not available.");
    expect(ndrMail!.text).toContain(`http://localhost:8080/myOrder/${o.customerId}/${o.productOrderId}#delivery`);

    const tomorrow = addDays(istDay(new Date()), 1);
    const asked = await o.caller.tracking.reattempt({
      productOrderId: o.productOrderId,
      shipmentId: box.shipmentId,
      preferredDate: tomorrow,
      phone: "9876543210",
      landmark: "Opposite the temple",
    });
    expect(asked.status).toBe("NDR");
    expect(asked.ndr).toMatchObject({ attempts: 1, action: "REATTEMPT", preferredDate: tomorrow, requestedBy: "customer" });
    expect(asked.events[0]).toMatchObject({
      status: "Re-attempt requested by the buyer",
      mapped: false,
      remark: `Preferred date ${tomorrow}; sent to the courier`,
    });
    expect(fake.ndrActions).toEqual([
      { awb: box.awb, decision: { action: "REATTEMPT", preferredDate: tomorrow, phone: "9876543210", landmark: "Opposite the temple" } },
    ]);
    const row = await env.handle.db.shipment.findUniqueOrThrow({ where: { shipmentId: box.shipmentId } });
    expect(row).toMatchObject({ ndrPhone: "9876543210", ndrAddress: "Landmark: Opposite the temple", ndrActionBy: "customer" });
    // nothing personal on the timeline
    expect(JSON.stringify(asked.events)).not.toContain("9876543210");

    await webhook(report(box.awb, [scan("OUT FOR DELIVERY", ago(3))]));
    await webhook(report(box.awb, [scan("UNDELIVERED", ago(2), { remark: "Address incomplete" })]));
    now = await shipment(box.shipmentId);
    expect(now.status).toBe("NDR");
    // a new attempt asks for a new decision, and the buyer hears of it again
    expect(now.ndr).toMatchObject({ attempts: 2, reason: "Address incomplete", action: null, requestedBy: null, preferredDate: null });
    expect((await shipmentMails(o)).map((m) => m.subject.split(" ").slice(0, 4).join(" "))).toEqual([
      "We could not deliver",
      "Your order " + o.productOrderId + " is",
      "We could not deliver",
    ]);

    const decided = await env.admin.tracking.ndrAction({
      shipmentId: box.shipmentId,
      action: "REATTEMPT",
      address: "12B MG Road, near the temple",
      preferredDate: tomorrow,
    });
    expect(decided.ndr).toMatchObject({ attempts: 2, action: "REATTEMPT", requestedBy: "admin", preferredDate: tomorrow });
    expect(fake.ndrActions.at(-1)).toEqual({
      awb: box.awb,
      decision: { action: "REATTEMPT", preferredDate: tomorrow, address: "12B MG Road, near the temple" },
    });

    await webhook(report(box.awb, [scan("OUT FOR DELIVERY", ago(1)), scan("DELIVERED", ago(0.5))]));
    now = await shipment(box.shipmentId);
    expect(now.status).toBe("Delivered");
    expect(await lineStatuses(o)).toEqual(["Completed"]);
    expect((await header(o)).paymentStatus).toBe("Paid");
    const paidBy = await env.handle.db.paymentEvent.findFirstOrThrow({ where: { productOrderId: o.productOrderId, toStatus: "Paid" } });
    expect(paidBy).toMatchObject({ actor: "shiprocket webhook", reason: "cash collected on delivery" });
  });

  it("NOT_IN_NDR for a shipment that did not fail; a preferred date 8 days ahead or in the past is a 400", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipByHand(o);
    const today = istDay(new Date());
    await expect(env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "RTO" })).rejects.toMatchObject(refusal("CONFLICT", "NOT_IN_NDR"));
    await expect(
      o.caller.tracking.reattempt({ productOrderId: o.productOrderId, shipmentId: box.shipmentId, preferredDate: addDays(today, 1) }),
    ).rejects.toMatchObject(refusal("CONFLICT", "NOT_IN_NDR"));

    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Out for delivery", at: ago(3) });
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "NDR", at: ago(2), remark: "Door locked" });
    await expect(env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "REATTEMPT", preferredDate: addDays(today, 8) })).rejects.toMatchObject({
      ...refusal("BAD_REQUEST", "BAD_REQUEST"),
      message: expect.stringContaining("too far ahead"),
    });
    await expect(
      o.caller.tracking.reattempt({ productOrderId: o.productOrderId, shipmentId: box.shipmentId, preferredDate: addDays(today, -1) }),
    ).rejects.toMatchObject({ ...refusal("BAD_REQUEST", "BAD_REQUEST"), message: expect.stringContaining("in the past") });
    // not their order, or not that order's shipment: 404
    const stranger = await env.newCustomer();
    await expect(
      stranger.caller.tracking.reattempt({ productOrderId: o.productOrderId, shipmentId: box.shipmentId, preferredDate: today }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: `Order ${o.productOrderId} was not found.` });
    const other = await placeOrderForShipping(env);
    await expect(
      other.caller.tracking.reattempt({ productOrderId: other.productOrderId, shipmentId: box.shipmentId, preferredDate: today }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // within the window it is taken; a manual re-attempt moves nothing until the next step is recorded
    const ok = await env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "REATTEMPT", preferredDate: addDays(today, 7), phone: "9123456780" });
    expect(ok).toMatchObject({ status: "NDR", ndr: { attempts: 1, reason: "Door locked", action: "REATTEMPT", preferredDate: addDays(today, 7) } });
  });

  it("a courier that refuses the owner's decision is a 502 COURIER_ERROR and nothing is recorded; the buyer's request is kept with the courier's refusal noted", async () => {
    const o = await placeOrderForShipping(env);
    const box = await shipWithAdapter(o);
    await webhook(report(box.awb, [scan("OUT FOR DELIVERY", ago(3)), scan("UNDELIVERED", ago(2))]));
    fake.adapter.ndrAction = () => Promise.reject(new CourierError("NDR action window closed", 422));
    await expect(env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "RTO" })).rejects.toMatchObject({
      ...refusal("BAD_GATEWAY", "COURIER_ERROR"),
      message: "The courier did not take the decision: NDR action window closed",
    });
    expect((await shipment(box.shipmentId)).ndr).toMatchObject({ action: null });

    const day = istDay(new Date());
    const kept = await o.caller.tracking.reattempt({ productOrderId: o.productOrderId, shipmentId: box.shipmentId, preferredDate: day });
    expect(kept.ndr).toMatchObject({ action: "REATTEMPT", requestedBy: "customer" });
    expect(kept.events[0]!.remark).toContain("the courier did not take it (NDR action window closed)");

    env.services.couriers.shiprocket = null;
    await expect(env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "RTO" })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "COURIER_NOT_CONFIGURED"),
    );
  });
});

describe("return to origin", () => {
  it("a prepaid order: the owner's RTO decision on a manual box, then RTO delivered: stock back, a credit note and a refund", async () => {
    const o = await paidUpiOrder();
    const variant = o.variantIds[0]!;
    const before = await stockOf(variant);
    const box = await shipByHand(o);
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Out for delivery", at: ago(5) });
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "NDR", at: ago(4), remark: "Refused by the buyer" });
    const decided = await env.admin.tracking.ndrAction({ shipmentId: box.shipmentId, action: "RTO" });
    // a manual box has no courier to scan it: the decision starts the return
    expect(decided.status).toBe("RTO initiated");
    expect(
      decided.events
        .map((e) => e.status)
        .slice(0, 2)
        .sort(),
    ).toEqual(["RTO initiated", "Return to origin requested"]);
    expect(await lineStatuses(o)).toEqual(["Ready for pickup"]);

    const back = await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "RTO delivered" });
    expect(back.status).toBe("RTO delivered");
    expect(await lineStatuses(o)).toEqual(["Cancelled"]);
    expect(await stockOf(variant)).toBe(before + 2);
    const notes = await creditNotes(o);
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(notes[0]!.document)).toContain("Returned to origin");
    const refunds = await env.handle.db.refund.findMany({ where: { productOrderId: o.productOrderId } });
    const { grandTotal } = await header(o);
    expect(grandTotal).toBeGreaterThanOrEqual(60000);
    expect(refunds).toEqual([expect.objectContaining({ orderId: o.orderIds[0], amount: grandTotal, reason: "Returned to origin", status: "Pending" })]);
    // no delivered-style message for a return
    expect((await shipmentMails(o)).map((m) => m.subject)).toEqual([
      `Your order ${o.productOrderId} is out for delivery`,
      `We could not deliver your order ${o.productOrderId}`,
    ]);
  });

  it("a COD order returned by the courier's scans: stock back, a credit note, no refund (it was never paid)", async () => {
    const o = await placeOrderForShipping(env, { lines: [{ price: 250, quantity: 3 }] });
    const variant = o.variantIds[0]!;
    const before = await stockOf(variant);
    const box = await shipWithAdapter(o);
    await webhook(
      report(box.awb, [
        scan("PICKED UP", ago(60)),
        scan("OUT FOR DELIVERY", ago(30)),
        scan("UNDELIVERED", ago(29)),
        scan("RTO INITIATED", ago(20)),
        scan("RTO DELIVERED", ago(1)),
      ]),
    );
    const back = await shipment(box.shipmentId);
    expect(back.status).toBe("RTO delivered");
    expect(await lineStatuses(o)).toEqual(["Cancelled"]);
    expect(await stockOf(variant)).toBe(before + 3);
    expect((await creditNotes(o)).length).toBeGreaterThanOrEqual(1);
    expect(await env.handle.db.refund.count({ where: { productOrderId: o.productOrderId } })).toBe(0);
    expect((await header(o)).paymentStatus).toBe("Pending");
    // the lines' end: cancelled with the return's reason
    const line = await env.handle.db.productOrder.findUniqueOrThrow({ where: { orderId: o.orderIds[0]! } });
    expect(line.endDate).not.toBeNull();
  });
});

describe("public tracking", () => {
  it("the right PIN code shows status and events without personal data; a wrong PIN and an unknown AWB get the same 404", async () => {
    const o = await placeOrderForShipping(env, { customer: { firstName: "Meera", lastName: "Iyer" } });
    const box = await shipByHand(o);
    await env.admin.tracking.addEvent({
      shipmentId: box.shipmentId,
      status: "Picked up",
      location: "Bengaluru",
      remark: "Collected from Meera at the door",
      at: ago(3),
    });
    const seen = await env.anonymous.tracking.track({ awb: box.awb.toLowerCase(), pincode: "411001" });
    expect(seen).toMatchObject({ awb: box.awb, courierName: "Delhivery Surface", status: "Picked up" });
    expect(afterCreated(seen.events)).toEqual([expect.objectContaining({ status: "Picked up", location: "Bengaluru", remark: null })]);
    const text = JSON.stringify(seen);
    for (const secret of [o.productOrderId, "Meera", "Iyer", o.customerFields.number, o.customerFields.email, "MG Road"]) {
      expect(text).not.toContain(secret);
    }
    const wrongPin = env.anonymous.tracking.track({ awb: box.awb, pincode: "411002" });
    await expect(wrongPin).rejects.toMatchObject({ code: "NOT_FOUND", message: NO_PARCEL });
    await expect(env.anonymous.tracking.track({ awb: "UNKNOWN00001", pincode: "411001" })).rejects.toMatchObject({ code: "NOT_FOUND", message: NO_PARCEL });
  });
});

describe("the tracking-poll job", () => {
  it("asks the courier after quiet shipments, applies each event once across two runs, and skips recently heard ones", async () => {
    const quiet = await placeOrderForShipping(env);
    const quietBox = await shipWithAdapter(quiet);
    const heard = await placeOrderForShipping(env);
    const heardBox = await shipWithAdapter(heard, true);
    const failing = await placeOrderForShipping(env);
    const failingBox = await shipWithAdapter(failing, true);
    const manual = await placeOrderForShipping(env);
    await shipByHand(manual);

    // heard from by webhook just now: not asked
    await webhook(report(heardBox.awb, [scan("PICKED UP", ago(1))]));
    const quietInTransitAt = ago(7);
    fake.tracking.set(
      quietBox.awb,
      report(quietBox.awb, [scan("PICKED UP", ago(9)), scan("IN TRANSIT", quietInTransitAt)], scan("IN TRANSIT", quietInTransitAt)),
    );
    fake.tracking.set(heardBox.awb, report(heardBox.awb, [scan("DELIVERED", ago(0.5))]));
    // failingBox has no tracking: the fake courier answers a CourierError for it
    const track = vi.spyOn(fake.adapter, "track");
    const warn = vi.fn();

    const first = await pollTracking({ db: env.handle.db, services: env.services, log: { warn } });
    expect(first).toBeGreaterThanOrEqual(1);
    const asked = track.mock.calls.map(([awb]) => awb);
    expect(asked).toContain(quietBox.awb);
    expect(asked).toContain(failingBox.awb);
    expect(asked).not.toContain(heardBox.awb);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ shipmentId: failingBox.shipmentId, awb: failingBox.awb }),
      expect.stringContaining("tracking-poll"),
    );
    const afterFirst = await shipment(quietBox.shipmentId);
    expect(afterFirst.status).toBe("In transit");
    expect(afterCreated(afterFirst.events).map((e) => [e.status, e.source])).toEqual([
      ["In transit", "courier"],
      ["Picked up", "courier"],
    ]);
    expect((await shipment(heardBox.shipmentId)).status).toBe("Picked up");

    // the second run, on demand: every due shipment was just asked, so nothing is asked again nor doubled
    track.mockClear();
    expect(await env.admin.jobs.run({ job: "tracking-poll" })).toEqual({ job: "tracking-poll", processed: 0 });
    expect(track).not.toHaveBeenCalled();
    expect((await shipment(quietBox.shipmentId)).events).toEqual(afterFirst.events);

    // 6 hours on with nothing from the courier, it is asked again; the same answer adds nothing
    await env.handle.db.shipment.update({ where: { shipmentId: quietBox.shipmentId }, data: { lastPolledAt: ago(7), lastCourierEventAt: ago(7) } });
    expect(await JOBS["tracking-poll"].run({ db: env.handle.db, services: env.services, log: { warn } }, new AbortController().signal)).toBeGreaterThanOrEqual(
      1,
    );
    expect(track.mock.calls.map(([awb]) => awb)).toContain(quietBox.awb);
    expect((await shipment(quietBox.shipmentId)).events).toEqual(afterFirst.events);
    expect(await shipmentMails(quiet)).toHaveLength(1);
  });

  it("does nothing without a courier adapter configured", async () => {
    env.services.couriers.shiprocket = null;
    expect(await pollTracking({ db: env.handle.db, services: env.services, log: { warn: vi.fn() } })).toBe(0);
  });
});
