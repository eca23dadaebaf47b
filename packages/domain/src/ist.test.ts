import { describe, expect, it } from "vitest";
import { bucketStart, bucketsBetween, defaultInterval, istDay, istDayEnd, istDayStart } from "./ist.ts";

describe("IST days", () => {
  it("an IST day begins at 18:30 UTC the evening before", () => {
    expect(istDayStart("2026-11-25").toISOString()).toBe("2026-11-24T18:30:00.000Z");
    expect(istDayEnd("2026-11-25").toISOString()).toBe("2026-11-25T18:30:00.000Z");
  });
  it("an instant belongs to its IST calendar day", () => {
    expect(istDay(new Date("2026-11-24T18:29:59.999Z"))).toBe("2026-11-24");
    expect(istDay(new Date("2026-11-24T18:30:00.000Z"))).toBe("2026-11-25");
  });
  it("buckets: the day, the Monday of its week, the 1st of its month", () => {
    expect(bucketStart("2026-11-25", "day")).toBe("2026-11-25");
    expect(bucketStart("2026-11-25", "week")).toBe("2026-11-23"); // a Wednesday -> Monday
    expect(bucketStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-29", "week")).toBe("2026-11-23"); // Sunday ends the week
    expect(bucketStart("2026-11-25", "month")).toBe("2026-11-01");
  });
  it("lists every bucket of a range, across a year's end", () => {
    expect(bucketsBetween("2026-12-30", "2027-01-02", "day")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(bucketsBetween("2026-11-15", "2027-01-10", "month")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01"]);
    expect(bucketsBetween("2026-11-25", "2026-12-08", "week")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
  });
  it("days up to 90 days, weeks up to a year, months beyond", () => {
    expect(defaultInterval("2026-09-01", "2026-11-29")).toBe("day");
    expect(defaultInterval("2026-01-01", "2026-11-29")).toBe("week");
    expect(defaultInterval("2024-01-01", "2026-11-29")).toBe("month");
  });
});
