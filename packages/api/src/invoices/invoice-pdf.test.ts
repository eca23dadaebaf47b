import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { amountInWords, taxOfInclusiveAmount } from "@store/domain";
import { renderInvoicePdf, type InvoiceDocument, type InvoiceLine } from "./invoice-pdf.ts";

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

function line(description: string, pricePaise: number, quantity: number, rate: number, interState: boolean): InvoiceLine {
  const total = pricePaise * quantity;
  const tax = taxOfInclusiveAmount(total, rate, interState);
  return {
    description,
    hsn: "3402",
    quantity,
    unit: "NOS",
    unitPricePaise: pricePaise,
    grossPaise: total,
    discountPaise: 0,
    ratePercent: rate,
    taxablePaise: tax.taxable,
    cgstPaise: tax.cgst,
    sgstPaise: tax.sgst,
    igstPaise: tax.igst,
    totalPaise: total,
  };
}

function invoice(overrides: Partial<InvoiceDocument> = {}, lines?: InvoiceLine[]): InvoiceDocument {
  const interState = overrides.interState ?? false;
  const items = lines ?? [
    line("Lemon Dish Wash Gel (500 ml)", 11_800, 3, 18, interState),
    line("Delivery charges: Lemon Dish Wash Gel", 4_000, 1, 18, interState),
  ];
  const sum = (f: keyof InvoiceLine) => items.reduce((s, l) => s + Number(l[f]), 0);
  const totals = {
    grossPaise: sum("grossPaise"),
    discountPaise: sum("discountPaise"),
    taxablePaise: sum("taxablePaise"),
    cgstPaise: sum("cgstPaise"),
    sgstPaise: sum("sgstPaise"),
    igstPaise: sum("igstPaise"),
    totalPaise: sum("totalPaise"),
  };
  return {
    kind: "TAX INVOICE",
    number: "CS/2026-27/00042",
    date: new Date("2026-11-24T06:30:00Z"),
    orderReference: "ORD-20261124-000042",
    seller: {
      name: "CleanStore Home Care Private Limited",
      address: "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057",
      gstin: "27AAACC1234D1ZC",
      stateName: "Maharashtra",
      stateCode: "27",
    },
    buyer: { name: "Meera Iyer", address: "7, Anna Nagar, Pune, Maharashtra 411001", gstin: "27AAPFU0939F1ZV" },
    placeOfSupply: { stateName: "Maharashtra", stateCode: "27" },
    interState,
    lines: items,
    couponCode: null,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    notes: ["Grievance officer: Priya Deshmukh, Grievance Officer, grievance@cleanstore.in, +91 20 4000 1234"],
    ...overrides,
  };
}

describe("renderInvoicePdf", () => {
  it("an intra-state tax invoice carries every rule-46 field, with CGST and SGST", async () => {
    const doc = invoice();
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await textOf(pdf);
    for (const expected of [
      "TAX INVOICE",
      "CleanStore Home Care Private Limited",
      "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057",
      "GSTIN: 27AAACC1234D1ZC",
      "Invoice number: CS/2026-27/00042",
      "Date: 24-11-2026",
      "Meera Iyer",
      "7, Anna Nagar, Pune, Maharashtra 411001",
      "GSTIN: 27AAPFU0939F1ZV",
      "Place of supply: Maharashtra (27)",
      "Lemon Dish Wash Gel (500 ml)",
      "3402",
      "NOS",
      "118.00",
      "300.00",
      "CGST",
      "SGST",
      "27.00",
      "394.00",
      "₹394.00",
      "Three Hundred Ninety-Four Rupees Only",
      "Tax is not payable on reverse charge",
      "Grievance officer: Priya Deshmukh",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("IGST %");
  });

  it("an inter-state credit note shows IGST and cites its invoice; a buyer without GSTIN has none printed", async () => {
    const doc = invoice({
      kind: "CREDIT NOTE",
      number: "CN/2026-27/00007",
      originalInvoice: { number: "CS/2026-27/00042", date: new Date("2026-11-20T06:30:00Z") },
      interState: true,
      placeOfSupply: { stateName: "Tamil Nadu", stateCode: "33" },
      buyer: { name: "Arun Kumar", address: "3, T Nagar, Chennai, Tamil Nadu 600017", gstin: null },
    });
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("Credit note number: CN/2026-27/00007");
    expect(text).toContain("Against invoice CS/2026-27/00042 dated 20-11-2026");
    expect(text).toContain("Place of supply: Tamil Nadu (33)");
    expect(text).toContain("IGST");
    expect(text).toContain("54.00");
    expect(text).not.toContain("CGST %");
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
  });

  it("the same document gives the same bytes; many lines flow onto more pages", async () => {
    const doc = invoice();
    expect((await renderInvoicePdf(doc)).equals(await renderInvoicePdf(doc))).toBe(true);
    const many = Array.from({ length: 60 }, (_, i) => line(`Floor Cleaner Lavender ${i + 1} (1 litre)`, 19_900, 1 + (i % 3), 18, false));
    const { text, pages } = await textOf(await renderInvoicePdf(invoice({}, many)));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Floor Cleaner Lavender 60 (1 litre)");
    expect(text.match(/Taxable value/g)?.length).toBeGreaterThanOrEqual(pages);
  });
});
