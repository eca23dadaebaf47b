// The complaint limit (contracts/grievances.md "Limits"): 5 new tickets an hour per customer, per phone
// and per address; parallel attempts cannot slip past.
import { describe, expect, it } from "vitest";
import { createGrievanceLimiter } from "./grievance-limiter.ts";

describe("createGrievanceLimiter", () => {
  it("the sixth of one address waits; a new address, phone or customer is counted on its own keys", async () => {
    const limiter = createGrievanceLimiter();
    const waits = await Promise.all(Array.from({ length: 8 }, (_, i) => limiter.attempt({ ip: "198.51.100.1", phone: `98765000${10 + i}` })));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0 && w <= 3600)).toHaveLength(3);
    expect(await limiter.attempt({ ip: "198.51.100.2", phone: "9876500099" })).toBe(0);
    for (let i = 0; i < 5; i++) expect(await limiter.attempt({ ip: `198.51.100.${10 + i}`, customerId: 7 })).toBe(0);
    expect(await limiter.attempt({ ip: "198.51.100.20", customerId: 7 })).toBeGreaterThan(0);
  });
});
