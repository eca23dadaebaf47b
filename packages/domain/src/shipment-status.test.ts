// A shipment's status order (issue 28): which moves are allowed, the failed-attempt loop, what a
// status does to the order lines, the couriers' words and codes, and the tracker's steps.
import { describe, expect, it } from "vitest";
import {
  checkShipmentMove,
  isFinalShipmentStatus,
  lineStatusOf,
  mapCourierStatus,
  nextShipmentStatuses,
  SHIPMENT_STATUSES,
  SHIPROCKET_STATUS_MAP,
  trackerSteps,
} from "./shipment-status.ts";

describe("checkShipmentMove", () => {
  it("goes forward along the road, steps may be skipped", () => {
    expect(nextShipmentStatuses("Created")).toEqual(["Picked up", "In transit", "Out for delivery", "Delivered", "NDR", "Cancelled"]);
    expect(nextShipmentStatuses("Picked up")).toEqual(["In transit", "Out for delivery", "Delivered", "NDR", "RTO initiated", "RTO delivered"]);
    expect(checkShipmentMove("In transit", "Delivered")).toEqual({ ok: true });
  });

  it("never goes back, nor repeats a status", () => {
    expect(checkShipmentMove("In transit", "Picked up")).toEqual({ ok: false, reason: "cannot go back from In transit to Picked up" });
    expect(checkShipmentMove("Out for delivery", "In transit").ok).toBe(false);
    expect(checkShipmentMove("Picked up", "Picked up")).toEqual({ ok: false, reason: "is already Picked up" });
  });

  it("loops between Out for delivery and NDR as often as the courier tries, then returns or delivers", () => {
    expect(checkShipmentMove("Out for delivery", "NDR").ok).toBe(true);
    expect(checkShipmentMove("NDR", "Out for delivery").ok).toBe(true);
    expect(checkShipmentMove("NDR", "Delivered").ok).toBe(true);
    expect(checkShipmentMove("NDR", "RTO initiated").ok).toBe(true);
    expect(checkShipmentMove("NDR", "In transit").ok).toBe(false);
    expect(checkShipmentMove("NDR", "NDR").ok).toBe(false);
  });

  it("a parcel on its way back only arrives back; one never picked up cannot be returned", () => {
    expect(nextShipmentStatuses("RTO initiated")).toEqual(["RTO delivered"]);
    expect(checkShipmentMove("RTO initiated", "Delivered")).toEqual({ ok: false, reason: "is on its way back to the seller and cannot move to Delivered" });
    expect(checkShipmentMove("Created", "RTO initiated")).toEqual({ ok: false, reason: "was never picked up, so it cannot be returned (RTO initiated)" });
  });

  it("cancels only before pickup; final statuses move nowhere", () => {
    expect(checkShipmentMove("Created", "Cancelled")).toEqual({ ok: true });
    expect(checkShipmentMove("Picked up", "Cancelled")).toEqual({
      ok: false,
      reason: "was picked up by the courier (Picked up) and can no longer be cancelled",
    });
    for (const final of ["Delivered", "RTO delivered", "Cancelled"] as const) {
      expect(isFinalShipmentStatus(final)).toBe(true);
      expect(nextShipmentStatuses(final)).toEqual([]);
      expect(checkShipmentMove(final, "In transit")).toEqual({ ok: false, reason: `is ${final} and can no longer change` });
    }
    expect(isFinalShipmentStatus("NDR")).toBe(false);
  });
});

describe("lineStatusOf", () => {
  it("moves the box's lines with the spec's words; the other steps leave them alone", () => {
    const lines = Object.fromEntries(SHIPMENT_STATUSES.map((s) => [s, lineStatusOf(s)]));
    expect(lines).toEqual({
      Created: null,
      "Picked up": "On the way",
      "In transit": "On the way",
      "Out for delivery": "Ready for pickup",
      Delivered: "Completed",
      NDR: null,
      "RTO initiated": null,
      "RTO delivered": "Cancelled",
      Cancelled: null,
    });
  });
});

describe("mapCourierStatus", () => {
  it("reads Shiprocket's words whatever their case and spacing", () => {
    expect(mapCourierStatus("shiprocket", "PICKED UP")).toBe("Picked up");
    expect(mapCourierStatus("shiprocket", "  out   for delivery ")).toBe("Out for delivery");
    expect(mapCourierStatus("shiprocket", "Delivered")).toBe("Delivered");
    expect(mapCourierStatus("shiprocket", "Undelivered")).toBe("NDR");
    expect(mapCourierStatus("shiprocket", "RTO Delivered")).toBe("RTO delivered");
    expect(mapCourierStatus("shiprocket", "Canceled")).toBe("Cancelled");
    for (const [word, status] of Object.entries(SHIPROCKET_STATUS_MAP)) expect(mapCourierStatus("shiprocket", word.toLowerCase())).toBe(status);
  });

  it("falls back to the numeric code, and knows nothing of other words", () => {
    expect(mapCourierStatus("shiprocket", null, 7)).toBe("Delivered");
    expect(mapCourierStatus("shiprocket", "Some hub scan", 17)).toBe("Out for delivery");
    expect(mapCourierStatus("shiprocket", "Shipment held at hub for weather")).toBeNull();
    expect(mapCourierStatus("shiprocket", undefined, 999)).toBeNull();
    expect(mapCourierStatus("shiprocket", "")).toBeNull();
  });

  it("a manual courier's words are the store's own statuses", () => {
    expect(mapCourierStatus("manual", "In transit")).toBe("In transit");
    expect(mapCourierStatus("manual", "IN TRANSIT")).toBeNull();
    expect(mapCourierStatus("manual", "PICKED UP", 42)).toBeNull();
  });
});

describe("trackerSteps", () => {
  it("lights the spec's steps from the real status", () => {
    expect(trackerSteps(null)).toEqual({ confirmed: true, dispatched: false, onTheWay: false, outForDelivery: false, delivered: false });
    expect(trackerSteps("Created")).toEqual({ confirmed: true, dispatched: true, onTheWay: false, outForDelivery: false, delivered: false });
    expect(trackerSteps("In transit")).toEqual({ confirmed: true, dispatched: true, onTheWay: true, outForDelivery: false, delivered: false });
    expect(trackerSteps("NDR")).toEqual({ confirmed: true, dispatched: true, onTheWay: true, outForDelivery: true, delivered: false });
    expect(trackerSteps("Delivered")).toEqual({ confirmed: true, dispatched: true, onTheWay: true, outForDelivery: true, delivered: true });
  });

  it("a returned or cancelled box does not read as delivered", () => {
    expect(trackerSteps("RTO delivered")).toMatchObject({ outForDelivery: false, delivered: false });
    expect(trackerSteps("Cancelled")).toEqual({ confirmed: true, dispatched: false, onTheWay: false, outForDelivery: false, delivered: false });
  });
});
