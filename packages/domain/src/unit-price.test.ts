import { describe, expect, it } from "vitest";
import { netQuantity, unitSalePrice } from "./unit-price.ts";

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
