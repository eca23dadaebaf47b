import { describe, expect, it } from "vitest";
import { NET_UNITS, netQuantity, packUnitPrice, unitSalePrice } from "./unit-price.ts";

describe("unit sale price (Legal Metrology)", () => {
  it("is per ml below one litre and per litre from one litre up, two decimals", () => {
    expect(unitSalePrice(12000, "500ml")).toBe("₹0.24 per ml");
    expect(unitSalePrice(9900, "250 ml")).toBe("₹0.40 per ml");
    expect(unitSalePrice(14900, "1L")).toBe("₹149.00 per litre");
    expect(unitSalePrice(29900, "1.5 litre")).toBe("₹199.33 per litre");
    expect(unitSalePrice(49900, "5 L")).toBe("₹99.80 per litre");
  });

  it("does the same for grams and kilograms, per piece for counts", () => {
    expect(unitSalePrice(4500, "200g")).toBe("₹0.23 per g");
    expect(unitSalePrice(19900, "2kg")).toBe("₹99.50 per kg");
    expect(unitSalePrice(30000, "3 pcs")).toBe("₹100.00 per piece");
  });

  it("says nothing for a pack size it cannot read", () => {
    expect(unitSalePrice(10000, "Family pack")).toBeNull();
    expect(unitSalePrice(10000, "0ml")).toBeNull();
    expect(netQuantity("2 x 500ml")).toBeNull();
    expect(netQuantity("750 ML")).toEqual({ amount: 750, base: "ml" });
  });
});

describe("a pack's unit sale price (issue 25)", () => {
  it("reads the net quantity and unit: per ml under 1,000 ml, per litre from there (the contract's examples)", () => {
    expect(packUnitPrice(12000, 500, "ml")).toEqual({ amount: 0.24, per: "ml", text: "₹0.24 per ml" });
    expect(packUnitPrice(49900, 5, "l")).toEqual({ amount: 99.8, per: "litre", text: "₹99.80 per litre" });
    expect(packUnitPrice(14900, 1000, "ml")).toEqual({ amount: 149, per: "litre", text: "₹149.00 per litre" });
    expect(packUnitPrice(3900, 0.5, "l")).toEqual({ amount: 0.08, per: "ml", text: "₹0.08 per ml" });
  });

  it("grams and kilograms, pieces; nothing without a net quantity", () => {
    expect(packUnitPrice(4500, 200, "g")).toEqual({ amount: 0.23, per: "g", text: "₹0.23 per g" });
    expect(packUnitPrice(19900, 2, "kg")).toEqual({ amount: 99.5, per: "kg", text: "₹99.50 per kg" });
    expect(packUnitPrice(30000, 3, "piece")).toEqual({ amount: 100, per: "piece", text: "₹100.00 per piece" });
    expect(packUnitPrice(30000, null, null)).toBeNull();
    expect(packUnitPrice(30000, 2, "dozen")).toBeNull();
  });
});

describe("a pack's unit sale price: units and rounding", () => {
  it("goes by the amount in the base unit, whichever unit was declared", () => {
    expect(packUnitPrice(9900, 0.25, "l")).toEqual({ amount: 0.4, per: "ml", text: "₹0.40 per ml" });
    expect(packUnitPrice(29900, 1.5, "l")).toEqual({ amount: 199.33, per: "litre", text: "₹199.33 per litre" });
    expect(packUnitPrice(123456, 2000, "g")).toEqual({ amount: 617.28, per: "kg", text: "₹617.28 per kg" });
    expect(packUnitPrice(100, 0.125, "kg")).toEqual({ amount: 0.01, per: "g", text: "₹0.01 per g" });
  });

  it("rounds to the paisa, and says nothing for a zero quantity or no unit", () => {
    expect(packUnitPrice(10000, 3, "piece")).toEqual({ amount: 33.33, per: "piece", text: "₹33.33 per piece" });
    expect(packUnitPrice(10000, 0, "ml")).toBeNull();
    expect(packUnitPrice(10000, 500, null)).toBeNull();
    expect(NET_UNITS).toEqual(["ml", "l", "g", "kg", "piece"]);
  });
});
