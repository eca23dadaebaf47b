import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY, maxPickable, whyNotAvailable } from "./cart.ts";
import { expectedDelivery, orderReference } from "./delivery.ts";

describe("cart lines", () => {
  const soap = { productName: "Soap", quantity: 5 };
  it("takes up to the stock and the line limit", () => {
    expect(whyNotAvailable(soap, 5)).toBeNull();
    expect(whyNotAvailable(soap, 6)).toEqual({ over: "stock", message: "Only 5 left of Soap." });
    expect(whyNotAvailable({ ...soap, quantity: 0 }, 1)).toEqual({ over: "stock", message: "Soap is out of stock." });
    expect(whyNotAvailable({ ...soap, quantity: 500 }, MAX_LINE_QUANTITY + 1)).toEqual({ over: "limit", message: "At most 100 of one product per order." });
  });
  it("lets a shopper pick at least one and at most what is there", () => {
    expect(maxPickable(0)).toBe(1);
    expect(maxPickable(7)).toBe(7);
    expect(maxPickable(5000)).toBe(MAX_LINE_QUANTITY);
  });
});

describe("delivery and references", () => {
  it("expects delivery 3 days after the order", () => {
    expect(expectedDelivery(new Date("2026-03-10T12:00:00Z")).toISOString()).toBe("2026-03-13T12:00:00.000Z");
  });
  it("dates the reference in India (UTC+5:30)", () => {
    expect(orderReference(new Date("2026-03-10T18:29:59Z"), 123)).toBe("ORD-20260310-000123");
    expect(orderReference(new Date("2026-03-10T18:30:00Z"), 123)).toBe("ORD-20260311-000123");
  });
});
