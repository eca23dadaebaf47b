import { describe, expect, it } from "vitest";
import { deliverBy, dispatchDay, isWorkingDay, whyBadCutoff, whyBadNonWorkingDay } from "./deliver-by.ts";

const calendar = { dispatchCutoff: "14:00", nonWorkingDays: ["SUN", "2026-12-25"] };
// 2026-11-26 is a Thursday; 08:29 UTC is 13:59 IST, 08:31 UTC is 14:01 IST
const thursdayAt = (utc: string) => new Date(`2026-11-26T${utc}:00Z`);

describe("the dispatch day", () => {
  it("is today at 13:59 IST and the next working day at 14:01 IST", () => {
    expect(dispatchDay(thursdayAt("08:29"), calendar)).toBe("2026-11-26");
    expect(dispatchDay(thursdayAt("08:30"), calendar)).toBe("2026-11-26");
    expect(dispatchDay(thursdayAt("08:31"), calendar)).toBe("2026-11-27");
  });

  it("skips a Sunday and a holiday", () => {
    // Saturday 28 Nov after the cut-off → Sunday is off → Monday
    expect(dispatchDay(new Date("2026-11-28T12:00:00Z"), calendar)).toBe("2026-11-30");
    // an order on Sunday itself → Monday
    expect(dispatchDay(new Date("2026-11-29T04:00:00Z"), calendar)).toBe("2026-11-30");
    expect(isWorkingDay("2026-12-25", calendar)).toBe(false);
    expect(dispatchDay(new Date("2026-12-25T04:00:00Z"), calendar)).toBe("2026-12-26");
  });

  it("counts a day in India: 19:00 UTC on the 26th is already the 27th in IST", () => {
    expect(dispatchDay(new Date("2026-11-26T19:00:00Z"), calendar)).toBe("2026-11-27");
  });
});

describe("deliverBy", () => {
  it("adds the working days after dispatch", () => {
    expect(deliverBy(thursdayAt("08:29"), 3, calendar)).toBe("2026-11-30"); // Fri, Sat, (Sun off) Mon
    expect(deliverBy(thursdayAt("08:31"), 3, calendar)).toBe("2026-12-01"); // from Fri: Sat, Mon, Tue
    expect(deliverBy(thursdayAt("08:29"), 0, calendar)).toBe("2026-11-26");
  });

  it("works every day when nothing is off, and does not loop when everything is", () => {
    expect(deliverBy(thursdayAt("08:29"), 3, { dispatchCutoff: "14:00", nonWorkingDays: [] })).toBe("2026-11-29");
    const allOff = { dispatchCutoff: "14:00", nonWorkingDays: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] };
    expect(deliverBy(thursdayAt("08:29"), 2, allOff)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("the settings' words", () => {
  it("accepts a 24-hour time and weekdays or real dates, and says what is wrong otherwise", () => {
    expect(whyBadCutoff("14:00")).toBeNull();
    expect(whyBadCutoff("2pm")).toMatch(/24-hour/);
    expect(whyBadCutoff("24:00")).not.toBeNull();
    expect(whyBadNonWorkingDay("SUN")).toBeNull();
    expect(whyBadNonWorkingDay("2026-01-26")).toBeNull();
    expect(whyBadNonWorkingDay("2026-02-30")).toMatch(/neither/);
    expect(whyBadNonWorkingDay("sunday")).toMatch(/neither/);
  });
});
