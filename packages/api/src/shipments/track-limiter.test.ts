// The public tracking page's guard (track-limiter.ts): an address that keeps missing (wrong PIN codes
// for a known AWB) is stopped before it can walk the PIN codes, even for the right one; another address
// and the parcel's own buyer are not held up by it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { placeOrderForShipping, shipManually } from "./shipments-testing.ts";
import { createTrackLimiter } from "./track-limiter.ts";

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
  env.services.trackLimiter = createTrackLimiter({ missesPerHour: 3 });
});
afterAll(async () => {
  await env.close();
});

describe("GET /track/{awb}: failed lookups per address", () => {
  it("answers 404 for the first misses, then 429 for everything from that address, while others go on", async () => {
    const order = await placeOrderForShipping(env);
    const box = await shipManually(env, order.productOrderId);
    const prober = env.as(null, "203.0.113.9");
    for (const pincode of ["411002", "411003", "411004"]) {
      await expect(prober.tracking.track({ awb: box.awb, pincode })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(prober.tracking.track({ awb: box.awb, pincode: "411005" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // the right PIN code no longer helps the prober this hour
    await expect(prober.tracking.track({ awb: box.awb, pincode: "411001" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/try again in \d+ minutes/),
    });
    const buyer = env.as(null, "198.51.100.7");
    await expect(buyer.tracking.track({ awb: box.awb, pincode: "411001" })).resolves.toMatchObject({ awb: box.awb, status: "Created" });
  });
});
