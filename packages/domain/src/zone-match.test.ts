import { describe, expect, it } from "vitest";
import { matchKey, matchZone, whyBadZoneMatch } from "./zone-match.ts";

const zones = [
  { zoneId: 1, name: "Rest of India", match: [], position: 3 },
  { zoneId: 2, name: "Maharashtra", match: ["27"], position: 2 },
  { zoneId: 3, name: "Mumbai", match: ["400", "401"], position: 1 },
  { zoneId: 4, name: "Mumbai Fort", match: ["400001"], position: 0 },
  { zoneId: 5, name: "West", match: ["4"], position: 4 },
];
const name = (pincode: string, state: string | null) => matchZone(zones, pincode, state)?.name ?? null;

describe("the zone of a PIN code", () => {
  it("is the longest prefix, then the state, then the default", () => {
    expect(name("400001", "27")).toBe("Mumbai Fort");
    expect(name("400002", "27")).toBe("Mumbai");
    // on the boundary: 402 is not a Mumbai prefix, so the one-digit "West" prefix serves it
    expect(name("402001", "27")).toBe("West");
    expect(name("110001", "07")).toBe("Rest of India");
    expect(matchZone(zones.slice(0, 2), "411001", "27")?.name).toBe("Maharashtra");
    expect(matchZone(zones.slice(0, 2), "411001", null)?.name).toBe("Rest of India");
  });

  it("is none when no zone serves it and there is no default", () => {
    expect(matchZone(zones.slice(1), "110001", "07")).toBeNull();
  });

  it("refuses an entry that is not digits, too long, or a prefix from 0", () => {
    expect(whyBadZoneMatch(["400", "27"])).toBeNull();
    expect(whyBadZoneMatch(["40a"])).toMatch(/neither a PIN-code prefix/);
    expect(whyBadZoneMatch(["4000011"])).toMatch(/1 to 6 digits/);
    expect(whyBadZoneMatch(["012"])).toMatch(/starts with 0/);
    expect(whyBadZoneMatch(["01"])).toBeNull(); // Jammu and Kashmir's state code
  });

  it("compares matches whatever their order", () => {
    expect(matchKey(["401", "400", "400"])).toBe(matchKey(["400", "401"]));
  });
});
