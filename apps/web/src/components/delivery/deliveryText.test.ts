import { describe, expect, it } from "vitest";
import { etaText, formatDeliverBy, isPincode } from "./deliveryText";

describe("delivery wording", () => {
  it("writes an IST date as the shopper reads it, whatever the browser's time zone", () => {
    expect(formatDeliverBy("2026-11-30")).toBe("Mon, 30 Nov");
    expect(formatDeliverBy("2027-01-01")).toBe("Fri, 1 Jan");
  });

  it("writes an ETA as a range of days", () => {
    expect(etaText(1, 2)).toBe("1–2 days");
    expect(etaText(3, 3)).toBe("3 days");
    expect(etaText(1, 1)).toBe("1 day");
    expect(etaText(null, null)).toBe("—");
  });

  it("takes 6 digits not starting with 0 as a PIN code", () => {
    expect(isPincode("400001")).toBe(true);
    expect(["040001", "40001", "4000011", "40000A", ""].map(isPincode)).toEqual([false, false, false, false, false]);
  });
});
