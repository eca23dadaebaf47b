import { describe, expect, it } from "vitest";
import { isUpiVpa, upiLink, UTR_PATTERN } from "./upi.ts";

describe("upiLink", () => {
  const base = {
    vpa: "clean.store@okicici",
    payeeName: "Clean Store",
    amountPaise: 123450,
    reference: "ORD-20261124-000123",
    note: "Order ORD-20261124-000123",
  };

  it("is exactly the documented string, values percent-encoded, the VPA as typed", () => {
    expect(upiLink(base)).toBe("upi://pay?pa=clean.store@okicici&pn=Clean%20Store&am=1234.50&cu=INR&tr=ORD-20261124-000123&tn=Order%20ORD-20261124-000123");
    expect(upiLink({ ...base, payeeName: "A & B", note: "#1/2" })).toBe(
      "upi://pay?pa=clean.store@okicici&pn=A%20%26%20B&am=1234.50&cu=INR&tr=ORD-20261124-000123&tn=%231%2F2",
    );
  });

  it("writes the amount from paise with two decimals", () => {
    expect(upiLink({ ...base, amountPaise: 5 })).toContain("&am=0.05&");
    expect(upiLink({ ...base, amountPaise: 100 })).toContain("&am=1.00&");
    expect(upiLink({ ...base, amountPaise: 99_999_999 })).toContain("&am=999999.99&");
    expect(() => upiLink({ ...base, amountPaise: 0 })).toThrow(RangeError);
    expect(() => upiLink({ ...base, amountPaise: 10.5 })).toThrow(RangeError);
  });
});

describe("VPA and UTR", () => {
  it("accepts handle@bank only", () => {
    for (const ok of ["shop@okicici", "clean.store-1_x@ybl", "98765@paytm"]) expect(isUpiVpa(ok)).toBe(true);
    for (const bad of ["shop", "@okicici", "a@b", "shop@ok icici", "shop@bank1", "s@okicici", "shop@@bank"]) expect(isUpiVpa(bad)).toBe(false);
  });
  it("UTR is 12 digits", () => {
    expect(UTR_PATTERN.test("412345678901")).toBe(true);
    expect(UTR_PATTERN.test("41234567890")).toBe(false);
    expect(UTR_PATTERN.test("41234567890a")).toBe(false);
  });
});
