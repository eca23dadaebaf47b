import { describe, expect, it } from "vitest";
import { courierTrackingPage, storeTrackingPage } from "./courier-links.ts";
import { EWAY_BILL_THRESHOLD, needsEwayBill } from "./eway-bill.ts";

describe("courier tracking pages", () => {
  it("knows the common couriers by the name the owner or the aggregator gives", () => {
    expect(courierTrackingPage("Delhivery Surface", "1234567890")).toBe("https://www.delhivery.com/track/package/1234567890");
    expect(courierTrackingPage("BlueDart Air", "AB12345678")).toContain("trackNo=AB12345678");
    expect(courierTrackingPage("Xpressbees 1kg", "XB99887766")).toContain("awbNo=XB99887766");
  });

  it("answers null for a courier it does not know, and the store's page takes over", () => {
    expect(courierTrackingPage("Local Runner", "LR12345678")).toBeNull();
    expect(storeTrackingPage("https://cleanstore.in/", "LR 1/2")).toBe("https://cleanstore.in/track?awb=LR%201%2F2");
  });
});

describe("e-way bill", () => {
  it("is needed above ₹50,000, not at it", () => {
    expect(EWAY_BILL_THRESHOLD).toBe(5_000_000);
    expect(needsEwayBill(5_000_000)).toBe(false);
    expect(needsEwayBill(5_000_001)).toBe(true);
  });
});
