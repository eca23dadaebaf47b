// The Shiprocket adapter against the local stand-in of Shiprocket's documented HTTP API: the token's
// life, what a booking puts on the wire, that a failed booking leaves nothing at the courier, and the
// neutral words (port.ts) tracking, webhooks and labels come back in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierError, type CourierAdapter, type CourierBooking } from "../port.ts";
import { createShiprocketCourier } from "./adapter.ts";
import { formatIstMinute, parseShiprocketTime } from "./dates.ts";
import { startShiprocketStandIn, shiprocketScan, type ShiprocketStandIn } from "./stand-in.ts";
import { parseShiprocketWebhook } from "./webhook.ts";

const CREATE = "/v1/external/orders/create/adhoc";
const ASSIGN = "/v1/external/courier/assign/awb";
const LOGIN = "/v1/external/auth/login";

let sr: ShiprocketStandIn;
let courier: CourierAdapter;
let n = 0;

const courierFor = (extra: { now?: () => number } = {}) =>
  createShiprocketCourier({ email: sr.email, password: sr.password, apiBase: sr.url, timeoutMs: 300, ...extra });

function booking(over: Partial<CourierBooking> = {}): CourierBooking {
  n++;
  return {
    reference: `PO-TEST-${n}-1`,
    productOrderId: `PO-TEST-${n}`,
    // 08:57 UTC is 14:27 in India
    orderDate: new Date("2026-11-26T08:57:00Z"),
    pickupLocation: "Primary",
    customer: {
      name: "Asha Rani Verma",
      phone: "+91 98765 43210",
      email: "asha@example.test",
      address: "12, MG Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    },
    items: [
      { name: "Cotton kurta", sku: "KURTA-M", units: 2, sellingPricePaise: 49_950, hsnCode: "6211", gstRate: 5 },
      { name: "Steel tiffin", sku: "TIFFIN-3", units: 1, sellingPricePaise: 120_000, hsnCode: "7323", gstRate: 12 },
    ],
    paymentMethod: "COD",
    codAmountPaise: 219_900,
    subTotalPaise: 219_900,
    weightGrams: 1250,
    lengthCm: 30,
    breadthCm: 20,
    heightCm: 10,
    ...over,
  };
}

const requestsTo = (path: string) => sr.state.requests.filter((r) => r.path === path);

beforeAll(async () => {
  sr = await startShiprocketStandIn();
  courier = courierFor();
});
afterAll(() => sr.close());

describe("the token", () => {
  it("is fetched once for several calls and shared by concurrent ones, and renewed after 9 days", async () => {
    let clock = Date.parse("2026-11-26T00:00:00Z");
    const fresh = courierFor({ now: () => clock });
    const before = sr.state.logins;
    await Promise.all([fresh.track("SRNONE1"), fresh.track("SRNONE2"), fresh.track("SRNONE3")]);
    await fresh.track("SRNONE4");
    expect(sr.state.logins - before).toBe(1);
    clock += 9 * 24 * 3600_000 + 1;
    await fresh.track("SRNONE5");
    expect(sr.state.logins - before).toBe(2);
    expect(requestsTo(LOGIN).at(-1)?.body).toEqual({ email: sr.email });
  });

  it("a 401 logs in again once and repeats the call once, even for concurrent calls", async () => {
    await courier.track("SRWARM");
    const before = sr.state.logins;
    sr.expireTokens();
    const answers = await Promise.all([courier.track("SRA1"), courier.track("SRA2")]);
    expect(answers.map((a) => a.awb)).toEqual(["SRA1", "SRA2"]);
    expect(sr.state.logins - before).toBe(1);
    const tries = sr.state.requests.filter((r) => r.path.endsWith("/SRA1"));
    expect(tries.map((r) => r.authorized)).toEqual([false, true]);
  });

  it("wrong credentials are a CourierError with Shiprocket's words", async () => {
    const wrong = createShiprocketCourier({ email: sr.email, password: "nope", apiBase: sr.url, timeoutMs: 300 });
    const failed = wrong.track("SRX");
    await expect(failed).rejects.toBeInstanceOf(CourierError);
    await expect(failed).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Invalid email and password combination") });
  });
});

describe("book", () => {
  it("creates the order with every field in Shiprocket's words, assigns the AWB and makes the label", async () => {
    const shipment = await courier.book(booking({ ewayBillNumber: "123456789012" }));
    const order = sr.state.orders.at(-1)!;
    expect(order.body).toEqual({
      order_id: `PO-TEST-${n}-1`,
      order_date: "2026-11-26 14:27",
      pickup_location: "Primary",
      billing_customer_name: "Asha",
      billing_last_name: "Rani Verma",
      billing_address: "12, MG Road",
      billing_city: "Pune",
      billing_pincode: "411001",
      billing_state: "Maharashtra",
      billing_country: "India",
      billing_email: "asha@example.test",
      billing_phone: "9876543210",
      shipping_is_billing: true,
      order_items: [
        { name: "Cotton kurta", sku: "KURTA-M", units: 2, selling_price: 499.5, hsn: "6211", tax: 5 },
        { name: "Steel tiffin", sku: "TIFFIN-3", units: 1, selling_price: 1200, hsn: "7323", tax: 12 },
      ],
      payment_method: "COD",
      sub_total: 2199,
      length: 30,
      breadth: 20,
      height: 10,
      weight: 1.25,
      ewaybill_no: "123456789012",
    });
    expect(shipment).toEqual({
      awb: order.awb,
      courierName: "Delhivery Surface",
      trackingUrl: `https://shiprocket.co/tracking/${order.awb}`,
      labelUrl: `${sr.url}/labels/${order.shipmentId}.pdf`,
      providerOrderId: String(order.orderId),
      providerShipmentId: String(order.shipmentId),
      expectedDeliveryDate: expect.any(Date),
    });
    expect(shipment.awb).toMatch(/^SRTEST\d+$/);
    expect(order.cancelled).toBe(false);
  });

  it("a prepaid box says Prepaid and carries no e-way bill field when it has none", async () => {
    await courier.book(booking({ paymentMethod: "Prepaid", codAmountPaise: 0, weightGrams: 400 }));
    const body = sr.state.orders.at(-1)!.body;
    expect(body).toMatchObject({ payment_method: "Prepaid", weight: 0.4, sub_total: 2199 });
    expect(body).not.toHaveProperty("ewaybill_no");
  });

  it("Shiprocket's field errors come back in its words, and nothing is booked", async () => {
    const count = sr.state.orders.length;
    const failed = courier.book(booking({ pickupLocation: "Warehouse 9" }));
    await expect(failed).rejects.toMatchObject({ name: "CourierError", status: 422, message: expect.stringContaining("Wrong Pickup location") });
    expect(sr.state.orders.length).toBe(count);
  });

  it("a configured pickup location (SHIPROCKET_PICKUP_LOCATION) wins over the booking's", async () => {
    const other = await startShiprocketStandIn({ pickupLocations: ["Primary", "Bhiwandi WH"] });
    try {
      const configured = createShiprocketCourier({
        email: other.email,
        password: other.password,
        apiBase: other.url,
        pickupLocation: "Bhiwandi WH",
        timeoutMs: 300,
      });
      await configured.book(booking());
      expect(other.state.orders[0]?.body.pickup_location).toBe("Bhiwandi WH");
    } finally {
      await other.close();
    }
  });

  it("a create 5xx is a CourierError, never retried, and nothing is booked", async () => {
    const count = sr.state.orders.length;
    const creates = requestsTo(CREATE).length;
    const assigns = requestsTo(ASSIGN).length;
    sr.failNext(CREATE, { status: 503, message: "Service Unavailable" });
    await expect(courier.book(booking())).rejects.toMatchObject({ name: "CourierError", status: 503, message: expect.stringContaining("Service Unavailable") });
    expect(sr.state.orders.length).toBe(count);
    expect(requestsTo(CREATE).length - creates).toBe(1);
    expect(requestsTo(ASSIGN).length).toBe(assigns);
  });

  it("a create that times out is not sent again", async () => {
    const creates = requestsTo(CREATE).length;
    sr.failNext(CREATE, "timeout");
    await expect(courier.book(booking())).rejects.toMatchObject({ name: "CourierError", message: "Shiprocket did not answer in time." });
    expect(requestsTo(CREATE).length - creates).toBe(1);
  });

  it.each([
    ["refused (awb_assign_status 0)", () => sr.refuseNextAssign("Courier not serviceable for the selected pincode."), "Courier not serviceable"],
    ["a 5xx", () => sr.failNext(ASSIGN, { status: 500, message: "Server Error" }), "Server Error"],
    ["a timeout", () => sr.failNext(ASSIGN, "timeout"), "did not answer in time"],
  ])("an AWB assignment %s is a CourierError and the created order is cancelled at Shiprocket", async (_, arrange, words) => {
    arrange();
    await expect(courier.book(booking())).rejects.toMatchObject({ name: "CourierError", message: expect.stringContaining(words) });
    const order = sr.state.orders.at(-1)!;
    expect(order.body.order_id).toBe(`PO-TEST-${n}-1`);
    expect(order.cancelled).toBe(true);
    expect(sr.state.cancelledIds.at(-1)).toBe(order.orderId);
  });

  it("a label that fails leaves labelUrl null and the booking stands", async () => {
    sr.failNext("/v1/external/courier/generate/label", { status: 500 });
    const shipment = await courier.book(booking());
    expect(shipment.labelUrl).toBeNull();
    expect(shipment.awb).toMatch(/^SRTEST/);
    expect(sr.state.orders.at(-1)!.cancelled).toBe(false);
  });
});

describe("after booking", () => {
  it("cancel sends the Shiprocket order id, or the AWB when there is none", async () => {
    const shipment = await courier.book(booking());
    await courier.cancel({ awb: shipment.awb, providerOrderId: shipment.providerOrderId });
    expect(sr.state.cancelledIds.at(-1)).toBe(Number(shipment.providerOrderId));
    await courier.cancel({ awb: "SRLEGACY1", providerOrderId: null });
    expect(sr.state.cancelledAwbs.at(-1)).toBe("SRLEGACY1");
  });

  it("track reads the activities into scans (oldest first, in real time) and the current status", async () => {
    const shipment = await courier.book(booking());
    sr.setTracking(
      shipment.awb,
      [
        {
          date: "2026-11-27 09:05:00",
          status: "X-DDD3FD",
          activity: "Out for delivery",
          location: "Pune_Kothrud_DC (Maharashtra)",
          "sr-status": "17",
          "sr-status-label": "OUT FOR DELIVERY",
        },
        shiprocketScan(new Date("2026-11-26T08:57:00Z"), "PICKED UP", { location: "Bhiwandi_Hub (Maharashtra)", activity: "Shipment picked up" }),
        { date: "2026-11-26 18:00:00", status: "X-X", activity: "Bag added", location: "Somewhere", "sr-status": "NA", "sr-status-label": "NA" },
      ],
      { etd: new Date("2026-11-28T06:30:00Z") },
    );
    const update = await courier.track(shipment.awb);
    expect(update).toEqual({
      awb: shipment.awb,
      current: {
        at: new Date("2026-11-27T03:35:00Z"),
        courierStatus: "OUT FOR DELIVERY",
        courierStatusId: 17,
        location: "Pune_Kothrud_DC (Maharashtra)",
        remark: "Out for delivery",
      },
      scans: [
        {
          at: new Date("2026-11-26T08:57:00Z"),
          courierStatus: "PICKED UP",
          courierStatusId: 42,
          location: "Bhiwandi_Hub (Maharashtra)",
          remark: "Shipment picked up",
        },
        { at: new Date("2026-11-26T12:30:00Z"), courierStatus: "Bag added", courierStatusId: null, location: "Somewhere", remark: "Bag added" },
        {
          at: new Date("2026-11-27T03:35:00Z"),
          courierStatus: "OUT FOR DELIVERY",
          courierStatusId: 17,
          location: "Pune_Kothrud_DC (Maharashtra)",
          remark: "Out for delivery",
        },
      ],
      expectedDeliveryDate: new Date("2026-11-28T06:30:00Z"),
    });
  });

  it("track of an AWB with no activities yet has no scans and no current event", async () => {
    const shipment = await courier.book(booking());
    expect(await courier.track(shipment.awb)).toEqual({ awb: shipment.awb, current: null, scans: [], expectedDeliveryDate: null });
  });

  it("NDR actions go out as re-attempt (with phone, address, date) or return", async () => {
    await courier.ndrAction("SRNDR1", {
      action: "REATTEMPT",
      preferredDate: "2026-11-29",
      phone: "+919812345678",
      address: "Flat 4, Lane 2",
      landmark: "near the temple",
    });
    await courier.ndrAction("SRNDR2", { action: "REATTEMPT" });
    await courier.ndrAction("SRNDR3", { action: "RTO" });
    expect(sr.state.ndrActions.slice(-3)).toEqual([
      {
        awb: "SRNDR1",
        body: {
          action: "re-attempt",
          comments: expect.stringContaining("near the temple"),
          phone: "9812345678",
          address1: "Flat 4, Lane 2",
          deferred_date: "2026-11-29",
        },
      },
      { awb: "SRNDR2", body: { action: "re-attempt", comments: expect.any(String) } },
      { awb: "SRNDR3", body: { action: "return", comments: expect.any(String) } },
    ]);
  });

  it("an NDR action Shiprocket refuses is a CourierError with its words", async () => {
    sr.failNext("/v1/external/ndr/SRNDR4/action", { status: 422, message: "NDR action already taken for this AWB" });
    await expect(courier.ndrAction("SRNDR4", { action: "RTO" })).rejects.toMatchObject({ status: 422, message: expect.stringContaining("already taken") });
  });

  it("label answers the PDF bytes, from the kept address or generated afresh", async () => {
    const shipment = await courier.book(booking());
    const kept = await courier.label(shipment);
    expect(kept!.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const fresh = await courier.label({ ...shipment, labelUrl: null });
    expect(fresh!.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(await courier.label({ awb: "SRNONE", providerShipmentId: null, labelUrl: null })).toBeNull();
    sr.failNext(`/labels/${shipment.providerShipmentId}.pdf`, { status: 500 });
    await expect(courier.label(shipment)).rejects.toBeInstanceOf(CourierError);
  });

  it("an unreachable Shiprocket is a CourierError, never a raw exception", async () => {
    const nowhere = createShiprocketCourier({ email: "a@b.test", password: "x", apiBase: "http://127.0.0.1:9", timeoutMs: 300 });
    await expect(nowhere.book(booking())).rejects.toMatchObject({ name: "CourierError", message: "Shiprocket could not be reached." });
  });
});

describe("webhook", () => {
  it("reads the stand-in's body (Shiprocket's 'DD MM YYYY' timestamp) into a TrackingUpdate", () => {
    const at = new Date("2026-11-26T08:57:52Z");
    const body = sr.webhookBody("SRHOOK1", "PICKED UP", { at, etd: new Date("2026-11-29T06:30:00Z") });
    expect(body.current_timestamp).toBe("26 11 2026 14:27:52");
    const update = courier.parseWebhook(JSON.parse(JSON.stringify(body)));
    expect(update).toEqual({
      awb: "SRHOOK1",
      current: { at, courierStatus: "PICKED UP", courierStatusId: 42, location: "Bhiwandi_Hub (Maharashtra)", remark: "PICKED UP" },
      scans: [{ at, courierStatus: "PICKED UP", courierStatusId: 42, location: "Bhiwandi_Hub (Maharashtra)", remark: "PICKED UP" }],
      expectedDeliveryDate: new Date("2026-11-29T06:30:00Z"),
    });
  });

  it("reads Shiprocket's documented sample: a numeric AWB, 'YYYY-MM-DD' scans, the newest scan's place when it matches", () => {
    const update = parseShiprocketWebhook({
      awb: 59629792084,
      courier_name: "Delhivery Surface",
      current_status: "IN TRANSIT",
      current_status_id: 18,
      shipment_status: "IN TRANSIT",
      shipment_status_id: 18,
      current_timestamp: "2026-11-26 14:27:00",
      order_id: "PO-1-1",
      etd: "2026-11-28 15:40:19",
      scans: [
        {
          date: "2026-11-25 11:59:16",
          status: "X-UCI",
          activity: "Manifested - Manifest uploaded",
          location: "Chomu_SamodRd_D (Rajasthan)",
          "sr-status": "5",
          "sr-status-label": "MANIFEST GENERATED",
        },
        {
          date: "2026-11-26 14:27:00",
          status: "X-DLL2F",
          activity: "In Transit - Added to bag",
          location: "Jaipur_Sort (Rajasthan)",
          "sr-status": "18",
          "sr-status-label": "IN TRANSIT",
        },
      ],
      is_return: 0,
    });
    expect(update?.awb).toBe("59629792084");
    expect(update?.current).toEqual({
      at: new Date("2026-11-26T08:57:00Z"),
      courierStatus: "IN TRANSIT",
      courierStatusId: 18,
      location: "Jaipur_Sort (Rajasthan)",
      remark: "In Transit - Added to bag",
    });
    expect(update?.scans.map((s) => s.courierStatus)).toEqual(["MANIFEST GENERATED", "IN TRANSIT"]);
    expect(update?.expectedDeliveryDate).toEqual(new Date("2026-11-28T10:10:19Z"));
  });

  it("the current status does not borrow the place of an older, different scan", () => {
    const update = parseShiprocketWebhook({
      awb: "SRHOOK2",
      current_status: "DELIVERED",
      current_status_id: 7,
      current_timestamp: "27 11 2026 10:00:00",
      scans: [{ date: "2026-11-27 08:00:00", activity: "Out for delivery", location: "Pune_DC", "sr-status": "17", "sr-status-label": "OUT FOR DELIVERY" }],
    });
    expect(update?.current).toEqual({ at: new Date("2026-11-27T04:30:00Z"), courierStatus: "DELIVERED", courierStatusId: 7, location: null, remark: null });
  });

  it.each([
    ["null", null],
    ["a string", "awb=1"],
    ["an array", [{ awb: "SR1" }]],
    ["no awb", { current_status: "DELIVERED", current_timestamp: "26 11 2026 14:27:52" }],
    ["a junk awb", { awb: { $gt: "" }, current_status: "DELIVERED", current_timestamp: "26 11 2026 14:27:52" }],
    ["no status and no scans", { awb: "SR1" }],
    ["a junk time and junk scans", { awb: "SR1", current_status: "DELIVERED", current_timestamp: "yesterday", scans: "lots" }],
  ])("a body that is %s is null", (_, body) => {
    expect(parseShiprocketWebhook(body)).toBeNull();
  });
});

describe("Shiprocket's times", () => {
  it("are IST without an offset in two forms, or ISO with one", () => {
    expect(parseShiprocketTime("2026-11-26 14:27:00")).toEqual(new Date("2026-11-26T08:57:00Z"));
    expect(parseShiprocketTime("26 11 2026 14:27:52")).toEqual(new Date("2026-11-26T08:57:52Z"));
    expect(parseShiprocketTime("2026-11-26T14:27:00+05:30")).toEqual(new Date("2026-11-26T08:57:00Z"));
    expect(parseShiprocketTime("2026-11-26T08:57:00Z")).toEqual(new Date("2026-11-26T08:57:00Z"));
    expect(parseShiprocketTime("2026-11-27")).toEqual(new Date("2026-11-26T18:30:00Z"));
    for (const junk of ["0000-00-00 00:00:00", "2026-02-31 10:00:00", "31 31 2026 10:00:00", "", "NA", 1764147420, null]) {
      expect(parseShiprocketTime(junk)).toBeNull();
    }
    expect(formatIstMinute(new Date("2026-11-26T20:00:00Z"))).toBe("2026-11-27 01:30");
  });
});
