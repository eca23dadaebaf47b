import { describe, expect, it } from "vitest";
import { canRequestReturn, returnDecisionFrom, whyNoReturn } from "./returns.ts";

const DAY = 24 * 3600 * 1000;

describe("canRequestReturn", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  it("is open for 7 days after delivery of a Completed order with no return yet", () => {
    expect(canRequestReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: at(0) }, now)).toBe(true);
    expect(canRequestReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: at(7) }, now)).toBe(true);
    expect(canRequestReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: new Date(at(7).getTime() - 1) }, now)).toBe(false);
  });
  it("is closed before delivery, for cancelled orders, and once a return was asked for", () => {
    expect(canRequestReturn({ orderStatus: "Ready for pickup", returnStatus: "Pending", endDate: null }, now)).toBe(false);
    expect(canRequestReturn({ orderStatus: "Cancelled", returnStatus: "Pending", endDate: at(1) }, now)).toBe(false);
    expect(canRequestReturn({ orderStatus: "Completed", returnStatus: "Requested", endDate: at(1) }, now)).toBe(false);
    expect(canRequestReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: null }, now)).toBe(false);
  });
});
describe("whyNoReturn", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("says why, in the order the shopper needs to hear it", () => {
    expect(whyNoReturn({ orderStatus: "Completed", returnStatus: "Approved", endDate: now }, now)).toBe("A return for this order is already Approved.");
    expect(whyNoReturn({ orderStatus: "Shipped", returnStatus: "Pending", endDate: null }, now)).toBe("A return can be asked for once the order is delivered.");
    expect(whyNoReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: new Date(now.getTime() - 8 * DAY) }, now)).toBe(
      "The 7-day return window for this order has closed.",
    );
    expect(whyNoReturn({ orderStatus: "Completed", returnStatus: "Pending", endDate: now.toISOString() }, now)).toBeNull();
  });
  it("decides Approved/Rejected from Requested and Refunded from Approved", () => {
    expect(returnDecisionFrom("Approved")).toBe("Requested");
    expect(returnDecisionFrom("Rejected")).toBe("Requested");
    expect(returnDecisionFrom("Refunded")).toBe("Approved");
  });
});
