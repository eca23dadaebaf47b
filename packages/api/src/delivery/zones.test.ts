// The owner's delivery zones (issue 27, contracts/delivery.md): add, list, change, remove, the
// refusals (a bad prefix names the field; the same match twice is 409 ZONE_OVERLAP, also when two
// owners add it at the same moment), the audit trail and who may call them.
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { errorCodeOf, fieldErrors } from "../platform/errors.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.handle.db.pincode.createMany({
    data: [
      { pincode: "400001", city: "Mumbai", district: "Mumbai", stateCode: "27", stateName: "Maharashtra" },
      { pincode: "560001", city: "Bengaluru Urban", district: "Bengaluru Urban", stateCode: "29", stateName: "Karnataka" },
    ],
  });
});
afterAll(() => env.close());
beforeEach(() => env.handle.db.shippingZone.deleteMany());

const zone = (o: Record<string, unknown> = {}) => ({ name: "Mumbai", match: ["400", "401"], fee: 40, etaDaysMin: 1, etaDaysMax: 2, ...o });

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("the call was not refused");
    },
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, storeCode: errorCodeOf(error), message: error.message, fields: error.cause instanceof ZodError ? fieldErrors(error.cause) : {} };
}

describe("adding, listing, changing and removing zones", () => {
  it("adds zones (fee in rupees, match as a list, after the last position) and lists them in position order", async () => {
    const mumbai = await env.admin.zones.create(zone());
    expect(mumbai).toEqual({
      zoneId: expect.any(Number),
      name: "Mumbai",
      match: ["400", "401"],
      fee: 40,
      etaDaysMin: 1,
      etaDaysMax: 2,
      codAllowed: true,
      position: 0,
    });
    const rest = await env.admin.zones.create(zone({ name: "Rest of India", match: [], fee: 79.5, etaDaysMin: 4, etaDaysMax: 7, codAllowed: false }));
    expect(rest).toMatchObject({ match: [], fee: 79.5, codAllowed: false, position: 1 });
    const first = await env.admin.zones.create(zone({ name: "Karnataka", match: "29, 560", position: 0 }));
    expect(first.match).toEqual(["29", "560"]);
    const stored = await env.handle.db.shippingZone.findUniqueOrThrow({ where: { zoneId: rest.zoneId } });
    expect(stored).toMatchObject({ fee: 7950, match: "", matchKey: "" });

    const list = await env.admin.zones.list();
    // position 0 twice: the older zone first
    expect(list.map((z) => z.name)).toEqual(["Mumbai", "Karnataka", "Rest of India"]);
  });

  it("changes only the fields sent, and removes a zone (then 404)", async () => {
    const z = await env.admin.zones.create(zone());
    const changed = await env.admin.zones.update({ zoneId: z.zoneId, fee: 0, match: ["4000", "27", "4000"] });
    expect(changed).toMatchObject({ name: "Mumbai", fee: 0, match: ["4000", "27"], etaDaysMin: 1, etaDaysMax: 2 });
    expect(await env.handle.db.shippingZone.findUniqueOrThrow({ where: { zoneId: z.zoneId } })).toMatchObject({ match: "4000,27", matchKey: "27,4000" });

    expect(await env.admin.zones.remove({ zoneId: z.zoneId })).toMatchObject({ success: true });
    expect(await env.admin.zones.list()).toEqual([]);
    expect(await refusal(env.admin.zones.remove({ zoneId: z.zoneId }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(env.admin.zones.update({ zoneId: z.zoneId, fee: 10 }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("refusals", () => {
  it.each([
    ["a prefix with a letter", { match: ["40A"] }, "match", '"40A" is neither a PIN-code prefix'],
    ["a prefix of 7 digits", { match: ["4000011"] }, "match", '"4000011" is neither a PIN-code prefix'],
    ["a prefix starting with 0", { match: ["012"] }, "match", "no Indian PIN code starts with 0"],
    ["a negative fee", { fee: -1 }, "fee", "Fee must be at least ₹0"],
    ["an ETA of 16 days", { etaDaysMax: 16 }, "etaDaysMax", "at most 15"],
    ["an ETA of 0 days", { etaDaysMin: 0 }, "etaDaysMin", "at least 1"],
    ["the slowest faster than the fastest", { etaDaysMin: 5, etaDaysMax: 3 }, "etaDaysMax", "cannot be faster"],
    ["no name", { name: " " }, "name", "Name is required"],
  ])("refuses %s with 400 naming the field", async (_label, fields, field, message) => {
    const r = await refusal(env.admin.zones.create(zone(fields)));
    expect(r.code).toBe("BAD_REQUEST");
    expect(r.fields[field]).toContain(message);
  });

  it("judges a partial ETA change against the stored other", async () => {
    const z = await env.admin.zones.create(zone({ etaDaysMin: 2, etaDaysMax: 4 }));
    const r = await refusal(env.admin.zones.update({ zoneId: z.zoneId, etaDaysMin: 5 }));
    expect(r).toMatchObject({ code: "BAD_REQUEST", fields: { etaDaysMin: expect.stringContaining("cannot be faster") } });
    expect(await env.admin.zones.update({ zoneId: z.zoneId, etaDaysMin: 4 })).toMatchObject({ etaDaysMin: 4, etaDaysMax: 4 });
  });

  it("refuses the same match as another zone, in any order or with repeats, with 409 ZONE_OVERLAP naming it", async () => {
    await env.admin.zones.create(zone({ name: "Mumbai", match: ["400", "401"] }));
    const r = await refusal(env.admin.zones.create(zone({ name: "Copy", match: ["401", "400", "401"] })));
    expect(r).toMatchObject({ code: "CONFLICT", storeCode: "ZONE_OVERLAP" });
    expect(r.message).toContain('"Mumbai" already matches exactly 400, 401');

    const other = await env.admin.zones.create(zone({ name: "Thane", match: ["401"] }));
    expect(await refusal(env.admin.zones.update({ zoneId: other.zoneId, match: ["400", "401"] }))).toMatchObject({ storeCode: "ZONE_OVERLAP" });
    // overlapping but not identical matches are fine: the most specific serves (serviceability.test.ts)
    expect(await env.admin.zones.update({ zoneId: other.zoneId, match: ["401", "27"] })).toMatchObject({ match: ["401", "27"] });
  });

  it("allows one default zone (empty match)", async () => {
    await env.admin.zones.create(zone({ name: "Rest of India", match: [] }));
    const r = await refusal(env.admin.zones.create(zone({ name: "Everywhere", match: "" })));
    expect(r).toMatchObject({ storeCode: "ZONE_OVERLAP" });
    expect(r.message).toContain('"Rest of India" is already the default zone');
  });

  it("lets only one of two identical zones added at the same moment in", async () => {
    const results = await Promise.allSettled([
      env.admin.zones.create(zone({ name: "First", match: ["7"] })),
      env.admin.zones.create(zone({ name: "Second", match: ["7"] })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected && errorCodeOf(rejected.reason as TRPCError)).toBe("ZONE_OVERLAP");
    expect(await env.handle.db.shippingZone.count({ where: { matchKey: "7" } })).toBe(1);
  });
});

describe("who may manage zones, and the audit trail", () => {
  it("is the owner's: staff and shoppers are refused", async () => {
    const staff = await env.handle.db.admin.create({ data: { name: "Zone Staff", email: "zone.staff@example.in", passwordHash: "x", role: "staff" } });
    const asStaff = env.as({ role: "admin", adminId: staff.adminId });
    expect(await refusal(asStaff.zones.list())).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(asStaff.zones.create(zone()))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(env.anonymous.zones.preview({ pincode: "400001" }))).toMatchObject({ code: "UNAUTHORIZED" });
    const { caller } = await env.newCustomer();
    expect(await refusal(caller.zones.list())).toMatchObject({ code: "FORBIDDEN" });
  });

  it("records each write with the fields before and after", async () => {
    const z = await env.admin.zones.create(zone());
    await env.admin.zones.update({ zoneId: z.zoneId, fee: 55 });
    await env.admin.zones.remove({ zoneId: z.zoneId });
    const entries = await env.handle.db.auditEntry.findMany({ where: { entity: "delivery zone", entityId: String(z.zoneId) }, orderBy: { auditId: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["zones.create", "zones.update", "zones.remove"]);
    expect(entries[0]!.summary).toBe(`Test Admin added the delivery zone ${z.zoneId}`);
    expect(JSON.parse(entries[1]!.changes)).toEqual({ fee: [40, 55] });
    expect(JSON.parse(entries[2]!.changes)).toMatchObject({ name: ["Mumbai", null] });
  });
});

describe("the preview", () => {
  it("shows the zone, its fee, ETA, COD and delivery date of a PIN code, and says when none serves it", async () => {
    const z = await env.admin.zones.create(zone({ name: "Mumbai", match: ["400"], fee: 40, etaDaysMin: 1, etaDaysMax: 2, codAllowed: false }));
    const preview = await env.admin.zones.preview({ pincode: "400001" });
    expect(preview).toMatchObject({
      pincode: "400001",
      zoned: true,
      zone: { zoneId: z.zoneId, name: "Mumbai" },
      serviceable: true,
      city: "Mumbai",
      stateName: "Maharashtra",
      stateCode: "27",
      zoneFee: 40,
      deliveryFee: 40,
      etaDaysMin: 1,
      etaDaysMax: 2,
      cod: false,
      deliverBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await env.admin.zones.preview({ pincode: "560001" })).toMatchObject({ serviceable: false, zone: null, message: "We don't deliver to 560001 yet" });
    expect((await refusal(env.admin.zones.preview({ pincode: "56001" }))).message).toBe("Enter a 6-digit PIN code");
  });
});
