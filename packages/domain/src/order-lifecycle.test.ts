import { describe, expect, it } from "vitest";
import { cashCollected, checkStatusChange, effectsOf, nextStatuses, trackerFlags } from "./order-lifecycle.ts";
import { ORDER_STATUSES } from "./statuses.ts";

describe("order lifecycle", () => {
  it("moves forward, steps may be skipped, and any open order may be cancelled", () => {
    expect(nextStatuses("Shipped")).toEqual(["On the way", "Ready for pickup", "Completed", "Cancelled"]);
    expect(nextStatuses("Ready for pickup")).toEqual(["Completed", "Cancelled"]);
    expect(nextStatuses("Completed")).toEqual([]);
    expect(nextStatuses("Cancelled")).toEqual([]);
  });
  it("agrees with checkStatusChange for every pair of statuses", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        expect(checkStatusChange(from, to).ok, `${from} → ${to}`).toBe(nextStatuses(from).includes(to));
      }
    }
  });
  it("names why a change is refused", () => {
    expect(checkStatusChange("Completed", "Cancelled")).toEqual({ ok: false, reason: "is Completed and can no longer change" });
    expect(checkStatusChange("Ready for pickup", "Shipped")).toEqual({ ok: false, reason: "cannot go back from Ready for pickup to Shipped" });
  });
  it("pays a delivered order and restocks a cancelled one", () => {
    expect(effectsOf("Completed")).toEqual({ ends: true, restock: false });
    expect(effectsOf("Cancelled")).toEqual({ ends: true, restock: true });
    expect(effectsOf("On the way")).toEqual({ ends: false, restock: false });
  });

  it("collects cash on delivery once every line not cancelled is delivered", () => {
    expect(cashCollected(["Completed"])).toBe(true);
    expect(cashCollected(["Completed", "Cancelled"])).toBe(true);
    expect(cashCollected(["Completed", "On the way"])).toBe(false);
    expect(cashCollected(["Cancelled", "Cancelled"])).toBe(false);
    expect(cashCollected([])).toBe(false);
  });
  it("shows the tracker's steps as the spec's clients read them", () => {
    expect(trackerFlags("Shipped")).toEqual({ confirmOrder: true, onTheWay: false, pickUp: false });
    expect(trackerFlags("Ready for pickup")).toEqual({ confirmOrder: true, onTheWay: true, pickUp: true });
    expect(trackerFlags("Cancelled")).toEqual({ confirmOrder: false, onTheWay: false, pickUp: false });
  });
});
