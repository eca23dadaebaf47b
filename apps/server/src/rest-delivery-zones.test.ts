// HTTP tests of delivery zones and the serviceability check (issue 27, contracts/delivery.md) over
// the real Fastify app, on the shipped India Post directory: the owner's endpoints with their codes
// (201, 400 errors[field], 409 ZONE_OVERLAP also for two creates at once, 403), the preview, and the
// public GET /serviceability (200 serviceable:false for a PIN code not served, 400 for one not 6 digits).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPincodeDirectory } from "@store/api";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await seedPincodeDirectory(env.handle.db);
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const zone = (o: Record<string, unknown> = {}) => ({ name: "Mumbai", match: ["400"], fee: 40, etaDaysMin: 1, etaDaysMax: 2, ...o });
const post = (url: string, payload: Record<string, unknown>, token = env.adminToken) =>
  env.app.inject({ method: "POST", url: `/api/v1${url}`, headers: bearer(token), payload });
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

describe("delivery zones over HTTP", () => {
  it("adds (201), lists, changes (200) and removes a zone", async () => {
    const added = await post("/shipping/zones", zone({ name: "Http Zone", match: "4110, 4111", codAllowed: "false" }));
    expect(added.statusCode).toBe(201);
    const z = added.json<{ zoneId: number }>();
    expect(z).toEqual({
      zoneId: expect.any(Number),
      name: "Http Zone",
      match: ["4110", "4111"],
      fee: 40,
      etaDaysMin: 1,
      etaDaysMax: 2,
      codAllowed: false,
      position: 0,
    });

    const list = await get("/shipping/zones", env.adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ zoneId: z.zoneId, name: "Http Zone" })]);

    const changed = await post(`/shipping/zones/${z.zoneId}`, { fee: 25.5, etaDaysMax: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ fee: 25.5, etaDaysMin: 1, etaDaysMax: 3, match: ["4110", "4111"] });

    const removed = await env.app.inject({ method: "DELETE", url: `/api/v1/shipping/zones/${z.zoneId}`, headers: bearer(env.adminToken) });
    expect(removed.statusCode).toBe(200);
    expect((await get("/shipping/zones", env.adminToken)).json()).toEqual([]);
    const again = await env.app.inject({ method: "DELETE", url: `/api/v1/shipping/zones/${z.zoneId}`, headers: bearer(env.adminToken) });
    expect(again.statusCode).toBe(404);
  });

  it("answers a bad prefix with 400 naming the field, the same match twice with 409 ZONE_OVERLAP, and others with 401/403", async () => {
    const bad = await post("/shipping/zones", zone({ match: ["400", "4000011"] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, errors: { match: expect.stringContaining('"4000011" is neither a PIN-code prefix') } });
    const letters = await post("/shipping/zones", zone({ match: "56A" }));
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({ errors: { match: expect.any(String) } });

    // two owners add the same match at the same moment: one 201, one 409
    const both = await Promise.all([
      post("/shipping/zones", zone({ name: "Race A", match: ["5600"] })),
      post("/shipping/zones", zone({ name: "Race B", match: ["5600"] })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ status: 409, code: "ZONE_OVERLAP" });
    const reordered = await post("/shipping/zones", zone({ name: "Race C", match: ["5600", "5600"] }));
    expect(reordered.statusCode).toBe(409);

    expect((await post("/shipping/zones", zone({ match: ["9"] }), "")).statusCode).toBe(401);
    const { customerId } = await env.newCustomer();
    expect((await post("/shipping/zones", zone({ match: ["9"] }), await env.tokenFor(customerId))).statusCode).toBe(403);
    expect((await get("/shipping/zones/preview?pincode=400001")).statusCode).toBe(401);
    await env.handle.db.shippingZone.deleteMany();
  });
});

describe("GET /serviceability and the owner's preview", () => {
  it("answers today's behaviour without zones, then the zone's terms", async () => {
    const before = await get("/serviceability?pincode=400001&paymentMethod=COD&itemsTotal=450");
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      pincode: "400001",
      serviceable: true,
      cod: true,
      city: "Mumbai",
      stateName: "Maharashtra",
      etaDaysMax: 3,
      deliveryFee: null,
    });

    await post("/shipping/zones", zone({ name: "Mumbai", match: ["400"], fee: 40, codAllowed: false }));
    await post("/shipping/zones", zone({ name: "Maharashtra", match: ["27"], fee: 60, etaDaysMin: 2, etaDaysMax: 4 }));
    await post("/settings", { freeDeliveryAbove: 999 });

    const mumbai = await get("/serviceability?pincode=400001&paymentMethod=COD&itemsTotal=450");
    expect(mumbai.statusCode).toBe(200);
    expect(mumbai.json()).toEqual({
      pincode: "400001",
      serviceable: true,
      cod: false,
      city: "Mumbai",
      stateName: "Maharashtra",
      etaDaysMin: 1,
      etaDaysMax: 2,
      deliverBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      deliveryFee: 40,
      freeDeliveryAbove: 999,
      message: "Cash on delivery is not available for PIN code 400001. Please pay by UPI or online.",
    });
    // Pune: its state's zone, free at the threshold
    expect((await get("/serviceability?pincode=411001&itemsTotal=999")).json()).toMatchObject({ serviceable: true, cod: true, deliveryFee: 0, etaDaysMax: 4 });
    // Bengaluru: no zone serves Karnataka
    expect((await get("/serviceability?pincode=560001")).json()).toMatchObject({ serviceable: false, message: "We don't deliver to 560001 yet" });
    // a PIN code India Post does not have
    const unknown = await get("/serviceability?pincode=999999");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ serviceable: false, city: null, message: "We don't deliver to 999999 yet" });

    expect((await get("/delivery-terms")).json()).toEqual({ codEnabled: true, freeDeliveryAbove: 999, zoned: true });

    const preview = await get("/shipping/zones/preview?pincode=411001", env.adminToken);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      zoned: true,
      zone: { name: "Maharashtra" },
      zoneFee: 60,
      deliveryFee: 60,
      city: "Pune",
      stateCode: "27",
      etaDaysMin: 2,
      etaDaysMax: 4,
    });
  });

  it("answers a PIN code that is not 6 digits with 400 'Enter a 6-digit PIN code'", async () => {
    for (const bad of ["4000", "0400001", "040001", "abcdef", ""]) {
      const r = await get(`/serviceability?pincode=${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json(), bad).toMatchObject({ status: 400, message: "Enter a 6-digit PIN code" });
    }
    expect((await get("/serviceability")).statusCode).toBe(400);
    expect((await get("/serviceability?pincode=400001&paymentMethod=CASH")).statusCode).toBe(400);
    expect((await get("/serviceability?pincode=400001&itemsTotal=-5")).statusCode).toBe(400);
  });
});
