// Delivery terms of a PIN code (issue 27, contracts/delivery.md): which zone serves it (the most
// specific), the fee (free at the threshold), cash on delivery, the delivery date with the dispatch
// cut-off and non-working days, and a store without zones that keeps today's behaviour. Through the
// public procedure, and through deliveryTerms itself with an injected `now`.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { loadSettings } from "../back-office/settings.ts";
import { errorCodeOf } from "../platform/errors.ts";
import { deliveryRefusal, deliveryTerms } from "./serviceability.ts";

let env: TestEnv;
const place = (pincode: string, city: string, stateCode: string, stateName: string, more: Record<string, unknown> = {}) => ({
  pincode,
  city,
  district: city,
  stateCode,
  stateName,
  ...more,
});
beforeAll(async () => {
  env = await createTestEnv();
  await env.handle.db.pincode.createMany({
    data: [
      place("400001", "Mumbai", "27", "Maharashtra"),
      place("400099", "Mumbai", "27", "Maharashtra"),
      place("400101", "Mumbai Suburban", "27", "Maharashtra"),
      place("411001", "Pune", "27", "Maharashtra"),
      place("413512", "Latur", "27", "Maharashtra", { cod: false }),
      place("416410", "Sangli", "27", "Maharashtra", { etaDays: 6 }),
      place("560001", "Bengaluru Urban", "29", "Karnataka"),
      place("793001", "East Khasi Hills", "17", "Meghalaya", { serviceable: false }),
    ],
  });
});
afterAll(() => env.close());
beforeEach(async () => {
  await env.handle.db.shippingZone.deleteMany();
  await env.handle.db.storeSetting.deleteMany({
    where: { key: { in: ["codEnabled", "codBlockedPinCodes", "freeDeliveryAbove", "dispatchCutoff", "nonWorkingDays"] } },
  });
});

const addZone = (name: string, match: string[], o: Record<string, unknown> = {}) =>
  env.admin.zones.create({ name, match, fee: 40, etaDaysMin: 1, etaDaysMax: 2, ...o });
const check = (pincode: string, more: { paymentMethod?: "COD" | "UPI" | "ONLINE"; itemsTotal?: number } = {}) =>
  env.anonymous.serviceability.check({ pincode, ...more });
/** deliveryTerms as the checkout will call it: at an instant given in IST */
const termsAt = async (pincode: string, istDateTime: string, itemsTotalPaise: number | null = null) =>
  deliveryTerms(env.handle.db, { pincode, itemsTotalPaise, now: new Date(`${istDateTime}+05:30`), settings: await loadSettings(env.handle.db) });

describe("which zone serves a PIN code", () => {
  beforeEach(async () => {
    await addZone("Mumbai city", ["4000"], { fee: 30, etaDaysMin: 1, etaDaysMax: 1 });
    await addZone("Mumbai region", ["400", "401"], { fee: 40, etaDaysMin: 1, etaDaysMax: 2 });
    await addZone("Maharashtra", ["27"], { fee: 50, etaDaysMin: 2, etaDaysMax: 3 });
    await addZone("Rest of India", [], { fee: 80, etaDaysMin: 4, etaDaysMax: 7 });
  });

  it("the longest prefix, then the state, then the default zone", async () => {
    expect((await env.admin.zones.preview({ pincode: "400001" })).zone?.name).toBe("Mumbai city");
    expect((await env.admin.zones.preview({ pincode: "411001" })).zone?.name).toBe("Maharashtra");
    expect((await env.admin.zones.preview({ pincode: "560001" })).zone?.name).toBe("Rest of India");
    expect(await check("560001")).toMatchObject({
      serviceable: true,
      deliveryFee: 80,
      etaDaysMin: 4,
      etaDaysMax: 7,
      city: "Bengaluru Urban",
      stateName: "Karnataka",
    });
  });

  it("a PIN code on a zone's boundary: 400099 is the last of prefix 4000, 400101 the next zone's", async () => {
    expect(await check("400099")).toMatchObject({ serviceable: true, deliveryFee: 30, etaDaysMax: 1 });
    expect(await check("400101")).toMatchObject({ serviceable: true, deliveryFee: 40, etaDaysMax: 2, city: "Mumbai Suburban" });
  });

  it("without a default zone, a PIN code no zone matches is not served (200 with a message)", async () => {
    await env.handle.db.shippingZone.deleteMany({ where: { matchKey: "" } });
    expect(await check("560001")).toEqual({
      pincode: "560001",
      serviceable: false,
      cod: false,
      city: "Bengaluru Urban",
      stateName: "Karnataka",
      etaDaysMin: null,
      etaDaysMax: null,
      deliverBy: null,
      deliveryFee: null,
      freeDeliveryAbove: null,
      message: "We don't deliver to 560001 yet",
    });
  });

  it("an unknown PIN code, or one the courier list marks unserviceable, is not served even with a default zone", async () => {
    expect(await check("799001")).toMatchObject({ serviceable: false, city: null, stateName: null, message: "We don't deliver to 799001 yet" });
    expect(await check("793001")).toMatchObject({ serviceable: false, city: "East Khasi Hills", message: "We don't deliver to 793001 yet" });
  });

  it("a PIN code's own etaDays overrides the zone's slowest", async () => {
    expect(await check("416410")).toMatchObject({ etaDaysMin: 2, etaDaysMax: 6 });
  });
});

describe("refusing bad input", () => {
  it.each(["40001", "4000011", "040001", "40000A", ""])("answers 400 'Enter a 6-digit PIN code' for %j", async (pincode) => {
    const error = await check(pincode).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect((error as TRPCError).message).toBe("Enter a 6-digit PIN code");
  });
});

describe("the fee and the free-delivery threshold", () => {
  it("is the zone's fee once per order, 0 when itemsTotal reaches freeDeliveryAbove", async () => {
    await addZone("Maharashtra", ["27"], { fee: 49 });
    await env.admin.settings.update({ freeDeliveryAbove: 499 });
    expect(await check("411001")).toMatchObject({ deliveryFee: 49, freeDeliveryAbove: 499 });
    expect(await check("411001", { itemsTotal: 498.99 })).toMatchObject({ deliveryFee: 49 });
    expect(await check("411001", { itemsTotal: 499 })).toMatchObject({ deliveryFee: 0 });
    expect(await check("411001", { itemsTotal: 2000 })).toMatchObject({ deliveryFee: 0 });
  });
});

describe("cash on delivery", () => {
  beforeEach(async () => {
    await addZone("Mumbai", ["400"], { codAllowed: true });
    await addZone("Maharashtra", ["27"], { codAllowed: false });
    await addZone("Rest of India", [], { codAllowed: true });
  });

  it("is offered only where the PIN code, its zone and the settings all allow it", async () => {
    expect(await check("400001", { paymentMethod: "COD" })).toMatchObject({ cod: true, message: null });
    // the zone says no
    expect(await check("411001", { paymentMethod: "COD" })).toMatchObject({
      serviceable: true,
      cod: false,
      message: "Cash on delivery is not available for PIN code 411001. Please pay by UPI or online.",
    });
    // the PIN code says no (its own zone would)
    await env.handle.db.pincode.update({ where: { pincode: "400099" }, data: { cod: false } });
    expect(await check("400099")).toMatchObject({ serviceable: true, cod: false, message: null });
    await env.handle.db.pincode.update({ where: { pincode: "400099" }, data: { cod: true } });
    // Settings codBlockedPinCodes, then codEnabled
    await env.admin.settings.update({ codBlockedPinCodes: ["400001"] });
    expect(await check("400001")).toMatchObject({ cod: false });
    expect(await check("560001")).toMatchObject({ cod: true });
    await env.admin.settings.update({ codEnabled: false });
    expect(await check("560001")).toMatchObject({ cod: false });
  });

  it("gives the checkout its refusals: PINCODE_NOT_SERVICEABLE and COD_NOT_AVAILABLE", async () => {
    const now = new Date();
    const settings = await loadSettings(env.handle.db);
    const terms = (pincode: string) => deliveryTerms(env.handle.db, { pincode, now, settings });
    expect(deliveryRefusal(await terms("400001"), "COD")).toBeNull();
    expect(errorCodeOf(deliveryRefusal(await terms("411001"), "COD")!.toTRPCError())).toBe("COD_NOT_AVAILABLE");
    expect(deliveryRefusal(await terms("411001"), "UPI")).toBeNull();
    expect(deliveryRefusal(await terms("799001"), "UPI")).toMatchObject({ status: 400, code: "PINCODE_NOT_SERVICEABLE" });
  });

  it("works inside a transaction, as the checkout calls it", async () => {
    const settings = await loadSettings(env.handle.db);
    const terms = await env.handle.db.$transaction((tx) => deliveryTerms(tx, { pincode: "413512", now: new Date(), settings, itemsTotalPaise: 10_000 }));
    expect(terms).toMatchObject({ zoned: true, zone: { name: "Maharashtra" }, serviceable: true, cod: false, feePaise: 4000 });
  });
});

describe("the delivery date (dispatch cut-off 14:00 IST, Sundays off)", () => {
  beforeEach(() => addZone("Maharashtra", ["27"], { etaDaysMin: 1, etaDaysMax: 2 }));

  it("an order at 13:59 IST is dispatched that day, one at 14:01 the next working day", async () => {
    // Wednesday 25 November 2026
    expect((await termsAt("411001", "2026-11-25T13:59:00")).deliverBy).toBe("2026-11-27");
    expect((await termsAt("411001", "2026-11-25T14:00:59")).deliverBy).toBe("2026-11-27");
    expect((await termsAt("411001", "2026-11-25T14:01:00")).deliverBy).toBe("2026-11-28");
  });

  it("skips Sundays, for dispatch and for delivery", async () => {
    // Friday before the cut-off: Saturday, then Monday (Sunday skipped)
    expect((await termsAt("411001", "2026-11-27T10:00:00")).deliverBy).toBe("2026-11-30");
    // an order on a Sunday morning is dispatched on Monday
    expect((await termsAt("411001", "2026-11-29T09:00:00")).deliverBy).toBe("2026-12-02");
    // Saturday after the cut-off: Monday's dispatch
    expect((await termsAt("411001", "2026-11-28T15:00:00")).deliverBy).toBe("2026-12-02");
  });

  it("follows the owner's cut-off and holidays from Settings", async () => {
    await env.admin.settings.update({ dispatchCutoff: "11:00", nonWorkingDays: ["SUN", "2026-11-26"] });
    // 12:00 is after 11:00: Thursday 26 is a holiday, so Friday's dispatch, Saturday, Monday
    expect((await termsAt("411001", "2026-11-25T12:00:00")).deliverBy).toBe("2026-11-30");
  });

  it("the public check answers the date of an order placed now", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-25T13:59:00+05:30"));
      expect(await check("411001")).toMatchObject({ deliverBy: "2026-11-27", etaDaysMin: 1, etaDaysMax: 2 });
      vi.setSystemTime(new Date("2026-11-25T14:01:00+05:30"));
      expect(await check("411001")).toMatchObject({ deliverBy: "2026-11-28" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("what the storefront may promise before a PIN code", () => {
  it("says whether COD is offered at all, the threshold, and whether zones decide the fee", async () => {
    expect(await env.anonymous.serviceability.storeTerms()).toEqual({ codEnabled: true, freeDeliveryAbove: null, zoned: false });
    await addZone("Rest of India", []);
    await env.admin.settings.update({ codEnabled: false, freeDeliveryAbove: 499 });
    expect(await env.anonymous.serviceability.storeTerms()).toEqual({ codEnabled: false, freeDeliveryAbove: 499, zoned: true });
  });
});

describe("a store without zones keeps today's behaviour", () => {
  it("serves every PIN code the directory knows, at each product's own charge, in 3 days", async () => {
    expect(await check("560001", { itemsTotal: 450 })).toEqual({
      pincode: "560001",
      serviceable: true,
      cod: true,
      city: "Bengaluru Urban",
      stateName: "Karnataka",
      etaDaysMin: 3,
      etaDaysMax: 3,
      deliverBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      deliveryFee: null,
      freeDeliveryAbove: null,
      message: null,
    });
    // the order date + 3 days, whatever the cut-off (as an order's deliveryDate is today)
    expect((await termsAt("560001", "2026-11-28T20:00:00")).deliverBy).toBe("2026-12-01");
    expect(await check("799001")).toMatchObject({ serviceable: false, message: "We don't deliver to 799001 yet" });
  });

  it("is free at the threshold, and the checkout refuses nothing here", async () => {
    await env.admin.settings.update({ freeDeliveryAbove: 300 });
    expect(await check("560001", { itemsTotal: 450 })).toMatchObject({ deliveryFee: 0, freeDeliveryAbove: 300 });
    expect(await check("560001", { itemsTotal: 299 })).toMatchObject({ deliveryFee: null });
    const settings = await loadSettings(env.handle.db);
    const unknown = await deliveryTerms(env.handle.db, { pincode: "799001", now: new Date(), settings });
    expect(unknown).toMatchObject({ zoned: false, serviceable: false });
    expect(deliveryRefusal(unknown, "COD")).toBeNull();
  });

  it("still tells the truth about cash on delivery", async () => {
    expect(await check("413512")).toMatchObject({ serviceable: true, cod: false });
    await env.admin.settings.update({ codEnabled: false });
    expect(await check("560001")).toMatchObject({ cod: false });
  });
});
