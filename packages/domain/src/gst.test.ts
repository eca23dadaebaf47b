import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { documentNumber, financialYear, gstinCheckCharacter, GST_RATES, stateCodeOf, stateLabel, taxOfInclusiveAmount, whyInvalidGstin } from "./gst.ts";

describe("GSTIN", () => {
  it("computes the check character by the published algorithm", () => {
    // GSTINs whose check character is known to be right (27AAPFU0939F1ZV is a commonly published example)
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
    expect(whyInvalidGstin("27AAPFU0939F1ZV")).toBeNull();
    expect(whyInvalidGstin(" 27aapfu0939f1zv ")).toBeNull();
  });

  it("says what is wrong with a bad one", () => {
    expect(whyInvalidGstin("27AAPFU0939F1ZW")).toMatch(/check character is wrong .* should be V/);
    expect(whyInvalidGstin("27AAPFU0939F1Z")).toBe("A GSTIN has 15 characters.");
    expect(whyInvalidGstin("99AAPFU0939F1ZV")).toMatch(/99 is not one/);
    expect(whyInvalidGstin("27AAPFU0939F1XV")).toMatch(/^A GSTIN is a 2-digit state code/);
  });

  it("any one changed character is caught by the check character", () => {
    const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 35 }), (position, shift) => {
        const good = "27AAPFU0939F1ZV";
        const changed = chars[(chars.indexOf(good[position] ?? "0") + shift) % 36] ?? "0";
        const bad = good.slice(0, position) + changed + good.slice(position + 1);
        return gstinCheckCharacter(bad.slice(0, 14)) !== "V" || whyInvalidGstin(bad) !== null;
      }),
    );
  });
});

describe("states", () => {
  it("finds the code of a typed state name", () => {
    expect(stateCodeOf("Maharashtra")).toBe("27");
    expect(stateCodeOf(" tamil  nadu ")).toBe("33");
    expect(stateCodeOf("Orissa")).toBe("21");
    expect(stateCodeOf("Jammu & Kashmir")).toBe("01");
    expect(stateCodeOf("Atlantis")).toBeNull();
    // the two-letter abbreviations people write (vehicle registration, ISO 3166-2:IN)
    expect(stateCodeOf("MH")).toBe("27");
    expect(stateCodeOf("ka")).toBe("29");
    expect(stateCodeOf("TS")).toBe("36");
    expect(stateCodeOf("OD")).toBe("21");
    expect(stateCodeOf("XX")).toBeNull();
    expect(stateLabel("27")).toBe("Maharashtra (27)");
  });
});

describe("financial year and document numbers", () => {
  it("rolls over at 1 April, India time", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYear(new Date("2026-11-24T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-06-01T00:00:00Z"))).toBe("2099-00");
  });

  it("numbers within 16 characters", () => {
    expect(documentNumber("CS", "2026-27", 123)).toBe("CS/2026-27/00123");
    expect(documentNumber("INV", "2026-27", 7)).toBe("INV/2026-27/0007");
    expect(documentNumber("CLEANS", "2026-27", 42)).toBe("CLEANS/26-27/042");
    expect(documentNumber("CS", "2026-27", 99_999)).toBe("CS/2026-27/99999");
    expect(documentNumber("CS", "2026-27", 100_000)).toBe("CS/26-27/100000");
    expect(documentNumber("CLEANS", "2026-27", 1_000)).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{1,6}$/), fc.integer({ min: 1, max: 999 }), (prefix, serial) => {
        const n = documentNumber(prefix, "2026-27", serial);
        return n !== null && n.length <= 16 && Number(n.split("/")[2]) === serial;
      }),
    );
  });
});

describe("tax inside a GST-inclusive amount", () => {
  it("splits ₹118 at 18% into ₹100 + ₹18, CGST ₹9 + SGST ₹9", () => {
    expect(taxOfInclusiveAmount(11_800, 18, false)).toEqual({ taxable: 10_000, cgst: 900, sgst: 900, igst: 0 });
    expect(taxOfInclusiveAmount(11_800, 18, true)).toEqual({ taxable: 10_000, cgst: 0, sgst: 0, igst: 1_800 });
    expect(taxOfInclusiveAmount(500, 0, false)).toEqual({ taxable: 500, cgst: 0, sgst: 0, igst: 0 });
  });

  it("any amount, rate and side of a border: taxable + tax = amount to the paisa, CGST = SGST, tax within a paisa of the exact figure", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(...GST_RATES), fc.boolean(), (amount, rate, inter) => {
        const t = taxOfInclusiveAmount(amount, rate, inter);
        const tax = t.cgst + t.sgst + t.igst;
        const exact = (amount * rate) / (100 + rate);
        return t.taxable + tax === amount && t.cgst === t.sgst && Math.abs(tax - exact) <= 1 && t.taxable >= 0 && (inter ? t.cgst === 0 : t.igst === 0);
      }),
      { numRuns: 2_000 },
    );
  });
});
