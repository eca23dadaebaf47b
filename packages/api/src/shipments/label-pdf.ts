// The shipping label the store draws for a `manual` shipment (contracts/shipments.md): a 4×6 inch page
// for a thermal label printer with the courier, the AWB as a Code 128 barcode, who it goes to, who it
// comes back to, what is in the box and whether cash is collected at the door. Drawn with pdfkit in
// the invoice's DejaVu Sans (it has the ₹ sign); the barcodes are bwip-js PNGs.
import { fileURLToPath } from "node:url";
// the Node build by name: the package's bare export has no condition TypeScript's "Bundler" resolution picks
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { formatIndianNumber } from "@store/domain";
import { drawImageInOrder } from "./pdf-image-order.ts";

export interface ShipmentLabel {
  courierName: string;
  awb: string;
  productOrderId: string;
  /** the day the box was made, printed, and the PDF's own date (the same label gives the same bytes) */
  date: Date;
  shipTo: { name: string; address: string; state: string; pinCode: string; phone: string | null };
  /** the seller, where an undelivered box goes back to */
  from: { name: string; address: string; phone: string | null };
  lines: { name: string; pack: string; quantity: number }[];
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number } | null;
  /** paise to collect at the door; 0 for a prepaid box */
  codAmountPaise: number;
  ewayBillNumber: string | null;
}

// from the @store/api package itself, so the server's bundle (apps/server/dist) finds them too
const font = (file: string) => fileURLToPath(import.meta.resolve(`@store/api/assets/fonts/${file}`));
const REGULAR = font("DejaVuSansCondensed.ttf");
const BOLD = font("DejaVuSansCondensed-Bold.ttf");

/** 4 × 6 inches in points */
const PAGE = { width: 288, height: 432 };
const MARGIN = 10;
const WIDTH = PAGE.width - 2 * MARGIN;
/** a scanner wants at least 10 modules of white either side of a Code 128 symbol */
const QUIET_ZONE_PT = 20;

const rupees = (paise: number) => `₹${formatIndianNumber(paise)}`;
/** DD-MM-YYYY in India time */
const indiaDate = (d: Date) => {
  const india = new Date(d.getTime() + 330 * 60_000);
  return `${String(india.getUTCDate()).padStart(2, "0")}-${String(india.getUTCMonth() + 1).padStart(2, "0")}-${india.getUTCFullYear()}`;
};
const weightText = (grams: number) => (grams >= 1000 ? `${(grams / 1000).toFixed(2)} kg` : `${grams} g`);

/** A Code 128 symbol as a PNG, one module `SCALE` pixels wide; the caller sizes it on the page. */
const SCALE = 3;
const barcode = (text: string) => bwipjs.toBuffer({ bcid: "code128", text, scale: SCALE, height: 10, includetext: false });

export async function renderShipmentLabel(label: ShipmentLabel): Promise<Buffer> {
  const [awbCode, orderCode] = await Promise.all([barcode(label.awb), barcode(label.productOrderId)]);
  const pdf = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    // the layout keeps its own margin; pdfkit's at 0 so that no text near the edge opens a second page
    margin: 0,
    info: {
      Title: `Shipping label ${label.awb}`,
      Author: label.from.name,
      Subject: `Order ${label.productOrderId}`,
      CreationDate: label.date,
      ModDate: label.date,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", REGULAR);
  pdf.registerFont("bold", BOLD);

  /** draws a barcode centred, its modules as wide as fit (at most `maxModulePt`), and answers its bottom */
  const drawBarcode = async (png: Buffer, y: number, height: number, maxModulePt: number) => {
    // a PNG's width is the IHDR chunk's first field
    const modules = png.readUInt32BE(16) / SCALE;
    const width = modules * Math.min(maxModulePt, (WIDTH - 2 * QUIET_ZONE_PT) / modules);
    // one barcode written before the next is drawn: the same label gives the same bytes (pdf-image-order.ts)
    await drawImageInOrder(pdf, png, MARGIN + (WIDTH - width) / 2, y, { width, height });
    return y + height;
  };
  const rule = (y: number) => {
    pdf
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.8)
      .stroke("#000");
  };
  /** one line in the current font, cut with "…" when it is wider than `width` */
  const oneLine = (text: string, x: number, y: number, width: number, options: PDFKit.Mixins.TextOptions = {}) => {
    let shown = text;
    while (shown.length > 1 && pdf.widthOfString(shown === text ? shown : `${shown}…`) > width) shown = shown.slice(0, -1);
    pdf.text(shown === text ? text : `${shown.trimEnd()}…`, x, y, { width, lineBreak: false, ...options });
  };

  // the courier and the day
  pdf.font("bold").fontSize(13);
  oneLine(label.courierName, MARGIN, MARGIN, WIDTH - 80);
  pdf.font("regular").fontSize(8);
  oneLine(indiaDate(label.date), PAGE.width - MARGIN - 80, MARGIN + 4, 80, { align: "right" });

  // the AWB: the barcode the courier scans, and the number for a person
  let y = (await drawBarcode(awbCode, MARGIN + 22, 58, 2.2)) + 3;
  pdf.font("bold").fontSize(12);
  oneLine(`AWB ${label.awb}`, MARGIN, y, WIDTH, { align: "center" });
  y += 18;

  // cash at the door or not: the first thing the delivery person must see
  const cod = label.codAmountPaise > 0;
  const boxHeight = 26;
  if (cod) {
    pdf.rect(MARGIN, y, WIDTH, boxHeight).fill("#000");
    pdf.fillColor("#fff").font("bold").fontSize(15);
    oneLine(`COD: Collect ${rupees(label.codAmountPaise)}`, MARGIN, y + 5, WIDTH, { align: "center" });
    pdf.fillColor("#000");
  } else {
    pdf.rect(MARGIN, y, WIDTH, boxHeight).lineWidth(1.5).stroke("#000");
    pdf.font("bold").fontSize(12);
    oneLine("PREPAID — do not collect cash", MARGIN, y + 7, WIDTH, { align: "center" });
  }
  y += boxHeight + 6;

  // the buyer
  pdf.font("bold").fontSize(8);
  oneLine("Ship to", MARGIN, y, WIDTH);
  y += 10;
  pdf.font("bold").fontSize(11);
  oneLine(label.shipTo.name, MARGIN, y, WIDTH);
  y += 14;
  pdf.font("regular").fontSize(9);
  const addressHeight = Math.min(pdf.heightOfString(label.shipTo.address, { width: WIDTH }), 34);
  pdf.text(label.shipTo.address, MARGIN, y, { width: WIDTH, height: addressHeight, ellipsis: true });
  y += addressHeight + 2;
  pdf.font("bold").fontSize(12);
  oneLine(`PIN ${label.shipTo.pinCode}  ·  ${label.shipTo.state}`, MARGIN, y, WIDTH);
  y += 15;
  if (label.shipTo.phone) {
    pdf.font("regular").fontSize(9);
    oneLine(`Phone: ${label.shipTo.phone}`, MARGIN, y, WIDTH);
    y += 12;
  }
  rule(y + 1);
  y += 5;

  // laid out from the bottom: the return address, then the order reference above it
  const fromLines = [label.from.address, label.from.phone ? `Phone: ${label.from.phone}` : ""].filter(Boolean).join("\n");
  pdf.font("regular").fontSize(7.5);
  const fromTextHeight = Math.min(pdf.heightOfString(fromLines, { width: WIDTH }), 28);
  const fromY = PAGE.height - MARGIN - (9 + 10 + fromTextHeight);
  rule(fromY - 4);
  pdf.font("bold").fontSize(7.5);
  oneLine("From (if undelivered, return to)", MARGIN, fromY, WIDTH);
  pdf.font("bold").fontSize(8.5);
  oneLine(label.from.name, MARGIN, fromY + 9, WIDTH);
  pdf.font("regular").fontSize(7.5);
  pdf.text(fromLines, MARGIN, fromY + 19, { width: WIDTH, height: fromTextHeight, ellipsis: true });

  const orderCodeHeight = 26;
  const orderY = fromY - 8 - orderCodeHeight - 11;
  pdf.font("bold").fontSize(8.5);
  oneLine(`Order ${label.productOrderId}`, MARGIN, orderY, WIDTH, { align: "center" });
  await drawBarcode(orderCode, orderY + 11, orderCodeHeight, 1.2);

  // what is in the box, as many lines as fit between the buyer and the order reference
  const facts = [
    `Weight: ${weightText(label.weightGrams)}`,
    label.dimensionsCm ? `${label.dimensionsCm.length} × ${label.dimensionsCm.breadth} × ${label.dimensionsCm.height} cm` : "",
    label.ewayBillNumber ? `E-way bill: ${label.ewayBillNumber}` : "",
  ]
    .filter(Boolean)
    .join("   ");
  const factsY = orderY - 14;
  pdf.font("bold").fontSize(8.5);
  oneLine(facts, MARGIN, factsY, WIDTH);

  pdf.font("bold").fontSize(8);
  oneLine("Contents", MARGIN, y, WIDTH);
  y += 10;
  const LINE = 10;
  const room = Math.max(0, Math.floor((factsY - 2 - y) / LINE));
  const shown = label.lines.length <= room ? label.lines : label.lines.slice(0, Math.max(0, room - 1));
  pdf.font("regular").fontSize(8);
  for (const line of shown) {
    oneLine(`${line.quantity} × ${line.name}${line.pack ? ` — ${line.pack}` : ""}`, MARGIN, y, WIDTH);
    y += LINE;
  }
  if (shown.length < label.lines.length) {
    pdf.font("bold");
    oneLine(`+ ${label.lines.length - shown.length} more`, MARGIN, y, WIDTH);
  }

  pdf.end();
  return done;
}
