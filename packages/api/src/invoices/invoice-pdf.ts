// GST tax invoices and credit notes as PDF (CGST rule 46), drawn with pdfkit in DejaVu Sans, a font
// shipped with the project (packages/api/assets/fonts) because it has the ₹ sign. The same document
// always gives the same bytes: pdfkit derives the file ID and the font subset tags from the
// document's info, whose dates are the document's own date.
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import { formatIndianNumber } from "@store/domain";

export interface InvoiceParty {
  name: string;
  address: string;
  gstin?: string | null;
}
export interface InvoiceLine {
  description: string;
  hsn: string;
  quantity: number;
  /** UQC, e.g. NOS */
  unit: string;
  /** price per unit, tax included */
  unitPricePaise: number;
  /** quantity × unit price, before the coupon discount */
  grossPaise: number;
  /** the line's share of the coupon discount (issue 26); totalPaise = grossPaise − discountPaise */
  discountPaise: number;
  ratePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}
export interface InvoiceDocument {
  kind: "TAX INVOICE" | "CREDIT NOTE";
  number: string;
  date: Date;
  originalInvoice?: { number: string; date: Date };
  orderReference: string;
  seller: InvoiceParty & { gstin: string; stateName: string; stateCode: string };
  buyer: InvoiceParty;
  placeOfSupply: { stateName: string; stateCode: string };
  interState: boolean;
  lines: InvoiceLine[];
  /** the coupon used on the order, if any */
  couponCode: string | null;
  totals: {
    grossPaise: number;
    discountPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
  notes: string[];
}

// from the @store/api package itself, so the server's bundle (apps/server/dist) finds them too
const font = (file: string) => fileURLToPath(import.meta.resolve(`@store/api/assets/fonts/${file}`));
const REGULAR = font("DejaVuSansCondensed.ttf");
const BOLD = font("DejaVuSansCondensed-Bold.ttf");

const MARGIN = 36;
const PAGE_BOTTOM = 842 - MARGIN;
const rupees = (paise: number) => `₹${formatIndianNumber(paise)}`;
/** DD-MM-YYYY in India time */
const indiaDate = (d: Date) => {
  const india = new Date(d.getTime() + 330 * 60_000);
  return `${String(india.getUTCDate()).padStart(2, "0")}-${String(india.getUTCMonth() + 1).padStart(2, "0")}-${india.getUTCFullYear()}`;
};

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
  cell: (line: InvoiceLine, index: number) => string;
}

/** The table's columns; with a coupon discount, each line's gross value and discount before its taxable value (narrower columns to fit). */
function columnsFor(interState: boolean, discounted: boolean): Column[] {
  if (!discounted) return plainColumns(interState);
  const w = interState
    ? { desc: 98, rate: 50, gross: 52, discount: 46, taxable: 52, taxRate: 28, tax: 50, total: 52 }
    : { desc: 76, rate: 46, gross: 46, discount: 40, taxable: 46, taxRate: 24, tax: 40, total: 46 };
  const head: Column[] = [
    { title: "#", width: 14, align: "left", cell: (_l, i) => String(i + 1) },
    { title: "Description", width: w.desc, align: "left", cell: (l) => l.description },
    { title: "HSN", width: 36, align: "left", cell: (l) => l.hsn },
    { title: "Qty", width: 22, align: "right", cell: (l) => String(l.quantity) },
    { title: "Unit", width: 22, align: "left", cell: (l) => l.unit },
    { title: "Rate (₹/unit)", width: w.rate, align: "right", cell: (l) => formatIndianNumber(l.unitPricePaise) },
    { title: "Gross value", width: w.gross, align: "right", cell: (l) => formatIndianNumber(l.grossPaise) },
    { title: "Discount", width: w.discount, align: "right", cell: (l) => (l.discountPaise > 0 ? formatIndianNumber(l.discountPaise) : "–") },
    { title: "Taxable value", width: w.taxable, align: "right", cell: (l) => formatIndianNumber(l.taxablePaise) },
  ];
  return [
    ...head,
    ...taxColumns(interState, w.taxRate, w.tax),
    { title: "Total", width: w.total, align: "right", cell: (l) => formatIndianNumber(l.totalPaise) },
  ];
}

function taxColumns(interState: boolean, rateWidth: number, taxWidth: number): Column[] {
  return interState
    ? [
        { title: "IGST %", width: rateWidth, align: "right", cell: (l) => String(l.ratePercent) },
        { title: "IGST", width: taxWidth, align: "right", cell: (l) => formatIndianNumber(l.igstPaise) },
      ]
    : [
        { title: "CGST %", width: rateWidth, align: "right", cell: (l) => String(l.ratePercent / 2) },
        { title: "CGST", width: taxWidth, align: "right", cell: (l) => formatIndianNumber(l.cgstPaise) },
        { title: "SGST %", width: rateWidth, align: "right", cell: (l) => String(l.ratePercent / 2) },
        { title: "SGST", width: taxWidth, align: "right", cell: (l) => formatIndianNumber(l.sgstPaise) },
      ];
}

/** A document without a discount: the columns as before issue 26, so its PDF is unchanged. */
function plainColumns(interState: boolean): Column[] {
  const head: Column[] = [
    { title: "#", width: 14, align: "left", cell: (_l, i) => String(i + 1) },
    { title: "Description", width: interState ? 156 : 118, align: "left", cell: (l) => l.description },
    { title: "HSN", width: 36, align: "left", cell: (l) => l.hsn },
    { title: "Qty", width: 26, align: "right", cell: (l) => String(l.quantity) },
    { title: "Unit", width: 26, align: "left", cell: (l) => l.unit },
    { title: "Rate (₹/unit)", width: interState ? 56 : 50, align: "right", cell: (l) => formatIndianNumber(l.unitPricePaise) },
    { title: "Taxable value", width: interState ? 62 : 56, align: "right", cell: (l) => formatIndianNumber(l.taxablePaise) },
  ];
  const tax = interState ? taxColumns(true, 28, 56) : taxColumns(false, 24, 44);
  return [...head, ...tax, { title: "Total", width: interState ? 62 : 56, align: "right", cell: (l) => formatIndianNumber(l.totalPaise) }];
}

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${doc.kind} ${doc.number}`, Author: doc.seller.name, Subject: `Order ${doc.orderReference}`, CreationDate: doc.date, ModDate: doc.date },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", REGULAR);
  pdf.registerFont("bold", BOLD);
  const width = 595 - 2 * MARGIN;

  pdf.font("bold").fontSize(16).text(doc.kind, { align: "center" });
  pdf.moveDown(0.5);
  const top = pdf.y;
  pdf
    .font("bold")
    .fontSize(10)
    .text(doc.seller.name, MARGIN, top, { width: width / 2 - 10 });
  pdf
    .font("regular")
    .fontSize(8.5)
    .text(doc.seller.address, { width: width / 2 - 10 });
  pdf.text(`GSTIN: ${doc.seller.gstin}`);
  pdf.text(`State: ${doc.seller.stateName} (${doc.seller.stateCode})`);
  const leftEnd = pdf.y;
  const right = MARGIN + width / 2 + 10;
  pdf
    .font("bold")
    .fontSize(9)
    .text(`${doc.kind === "CREDIT NOTE" ? "Credit note" : "Invoice"} number: ${doc.number}`, right, top, { width: width / 2 - 10 });
  pdf
    .font("regular")
    .fontSize(8.5)
    .text(`Date: ${indiaDate(doc.date)}`);
  pdf.text(`Order reference: ${doc.orderReference}`);
  if (doc.originalInvoice) pdf.text(`Against invoice ${doc.originalInvoice.number} dated ${indiaDate(doc.originalInvoice.date)}`);
  pdf.text(`Place of supply: ${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`);
  pdf.text(`Supply: ${doc.interState ? "inter-state (IGST)" : "intra-state (CGST + SGST)"}`);

  pdf.y = Math.max(leftEnd, pdf.y) + 10;
  pdf.font("bold").fontSize(9).text("Bill to / Ship to", MARGIN);
  pdf.font("regular").fontSize(8.5).text(doc.buyer.name);
  pdf.text(doc.buyer.address, { width });
  if (doc.buyer.gstin) pdf.text(`GSTIN: ${doc.buyer.gstin}`);
  pdf.moveDown(0.8);

  const discounted = doc.totals.discountPaise > 0;
  const columns = columnsFor(doc.interState, discounted);
  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? "bold" : "regular").fontSize(7.5);
    const heights = cells.map((text, i) => pdf.heightOfString(text, { width: (columns[i]?.width ?? 0) - 4 }));
    const height = Math.max(...heights) + 4;
    if (pdf.y + height > PAGE_BOTTOM) {
      pdf.addPage();
      if (!bold) header();
      pdf.font(bold ? "bold" : "regular").fontSize(7.5);
    }
    const y = pdf.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      const column = columns[i];
      if (!column) return;
      pdf.text(text, x + 2, y + 2, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    pdf
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + columns.reduce((s, c) => s + c.width, 0), y + height)
      .lineWidth(0.4)
      .stroke("#999999");
    pdf.y = y + height;
  };
  const header = () =>
    row(
      columns.map((c) => c.title),
      true,
    );
  header();
  doc.lines.forEach((line, i) =>
    row(
      columns.map((c) => c.cell(line, i)),
      false,
    ),
  );
  const t = doc.totals;
  const totalCells = columns.map((c) => {
    if (c.title === "Description") return "Total";
    if (c.title === "Gross value") return formatIndianNumber(t.grossPaise);
    if (c.title === "Discount") return formatIndianNumber(t.discountPaise);
    if (c.title === "Taxable value") return formatIndianNumber(t.taxablePaise);
    if (c.title === "IGST") return formatIndianNumber(t.igstPaise);
    if (c.title === "CGST") return formatIndianNumber(t.cgstPaise);
    if (c.title === "SGST") return formatIndianNumber(t.sgstPaise);
    if (c.title === "Total") return formatIndianNumber(t.totalPaise);
    return "";
  });
  row(totalCells, true);

  if (pdf.y + 120 > PAGE_BOTTOM) pdf.addPage();
  pdf.moveDown(0.8);
  pdf.x = MARGIN;
  pdf
    .font("bold")
    .fontSize(9)
    .text(`${doc.kind === "CREDIT NOTE" ? "Credit" : "Invoice"} total: ${rupees(t.totalPaise)}`, { width });
  pdf.font("regular").fontSize(8.5);
  if (discounted) {
    const coupon = doc.couponCode ? ` (coupon ${doc.couponCode})` : "";
    pdf.text(`Gross value ${rupees(t.grossPaise)} less discount${coupon} ${rupees(t.discountPaise)}: GST is charged on the value after the discount.`, {
      width,
    });
  }
  pdf.text(
    doc.interState
      ? `Taxable value ${rupees(t.taxablePaise)} + IGST ${rupees(t.igstPaise)}`
      : `Taxable value ${rupees(t.taxablePaise)} + CGST ${rupees(t.cgstPaise)} + SGST ${rupees(t.sgstPaise)}`,
    { width },
  );
  pdf.text(`Amount in words: ${doc.amountInWords}`, { width });
  pdf.text("Tax is not payable on reverse charge.", { width });
  pdf.text("Prices are inclusive of GST.", { width });
  pdf.moveDown(0.5);
  for (const note of doc.notes) pdf.text(note, { width });
  pdf.moveDown(0.5);
  pdf.fillColor("#555555").text("This is a computer-generated document and needs no signature.", { width });
  pdf.end();
  return done;
}
