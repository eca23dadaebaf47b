// The manual shipment's label as a real printer and scanner see it: rendered at 300 dpi with poppler,
// its barcodes read back with zbar, its page measured and its text extracted.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderShipmentLabel, type ShipmentLabel } from "./label-pdf.ts";

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "label-pdf-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const label = (overrides: Partial<ShipmentLabel> = {}): ShipmentLabel => ({
  courierName: "Delhivery Surface",
  awb: "DLV20261126001",
  productOrderId: "ORD-20261126-000123",
  date: new Date("2026-11-26T06:00:00Z"),
  shipTo: {
    name: "Kavya Rao",
    address: "12B, MG Road, Indiranagar, Bengaluru, Karnataka 560038",
    state: "Karnataka",
    pinCode: "560038",
    phone: "9876543210",
  },
  from: { name: "CleanStore Home Care Private Limited", address: "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057", phone: "+91 20 4000 1200" },
  lines: [
    { name: "Lavender Floor Cleaner", pack: "1 L", quantity: 2 },
    { name: "Lemon Dish Gel", pack: "500 ml", quantity: 1 },
  ],
  weightGrams: 2350,
  dimensionsCm: { length: 30, breadth: 20, height: 10 },
  codAmountPaise: 123_400,
  ewayBillNumber: null,
  ...overrides,
});

/** writes the PDF and answers its page size, its text (whitespace collapsed) and the barcodes zbar reads at 300 dpi */
async function inspect(name: string, pdf: Buffer) {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const info = (await run("pdfinfo", [file])).stdout;
  const text = (await run("pdftotext", ["-enc", "UTF-8", file, "-"])).stdout.replace(/\s+/g, " ");
  await run("pdftoppm", ["-r", "300", "-png", "-singlefile", file, path.join(dir, name)]);
  const codes = (await run("zbarimg", ["--raw", "-q", path.join(dir, `${name}.png`)])).stdout.trim().split("\n").sort();
  return { info, text, codes };
}

describe("renderShipmentLabel", () => {
  it("draws a COD label on a 4×6 inch page whose AWB barcode scans, with both addresses and the amount to collect", async () => {
    const pdf = await renderShipmentLabel(label());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { info, text, codes } = await inspect("cod", pdf);
    expect(info).toMatch(/Page size:\s+288 x 432 pts/);
    expect(info).toMatch(/Pages:\s+1\n/);
    // the AWB and the order reference, each as its own Code 128 symbol
    expect(codes).toEqual(["DLV20261126001", "ORD-20261126-000123"]);
    for (const expected of [
      "Delhivery Surface",
      "AWB DLV20261126001",
      "COD: Collect ₹1,234.00",
      "Kavya Rao",
      "12B, MG Road, Indiranagar, Bengaluru, Karnataka 560038",
      "PIN 560038",
      "Phone: 9876543210",
      "Order ORD-20261126-000123",
      "CleanStore Home Care Private Limited",
      "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057",
      "2 × Lavender Floor Cleaner — 1 L",
      "1 × Lemon Dish Gel — 500 ml",
      "Weight: 2.35 kg",
      "30 × 20 × 10 cm",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("PREPAID");
    // the same label gives the same bytes
    expect((await renderShipmentLabel(label())).equals(pdf)).toBe(true);
  });

  it("a prepaid box says not to collect cash, prints the e-way bill, and a long box list ends in '+ N more' on one page", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ name: `Phenyl ${i + 1}`, pack: "1 L", quantity: 1 }));
    const awb = "9876543210123";
    const { info, text, codes } = await inspect("prepaid", await renderShipmentLabel(label({ awb, codAmountPaise: 0, ewayBillNumber: "123412341234", lines })));
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(codes).toContain(awb);
    expect(text).toContain("PREPAID — do not collect cash");
    expect(text).not.toContain("Collect ₹");
    expect(text).toContain("E-way bill: 123412341234");
    const shown = [...text.matchAll(/1 × Phenyl \d+/g)].length;
    expect(shown).toBeGreaterThan(3);
    expect(text).toContain(`+ ${30 - shown} more`);
  });

  it("cuts an over-long name or address to fit instead of spilling onto a second page", async () => {
    const long = "Flat 1204, Tower B, ".repeat(25);
    const { info, codes, text } = await inspect(
      "long",
      await renderShipmentLabel(label({ shipTo: { ...label().shipTo, name: "Venkataramanan Subrahmanyam ".repeat(4), address: long } })),
    );
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(codes).toContain("DLV20261126001");
    expect(text).toContain("…");
    expect(text).toContain("COD: Collect ₹1,234.00");
  });
});
