// GST documents (issue 15): the tax invoice issued with every order and a credit note for every
// cancelled or returned line. What is printed is frozen as JSON when the document is issued, so a
// PDF fetched twice is the same document even after prices, names or settings change.
import type { Prisma } from "@store/db";
import { amountInWords, documentNumber, financialYear, GST_STATES, stateCodeOf, taxOfInclusiveAmount } from "@store/domain";
import type { InvoiceDocument, InvoiceLine } from "./invoice-pdf.ts";
import type { Settings } from "../back-office/settings.ts";
import { ownOrder } from "../orders/order-view.ts";
import { orderReader } from "../guest/order-access.ts";
import { packName } from "@store/domain";
import type { AuthedContext } from "../platform/context-guards.ts";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

type Tx = Prisma.TransactionClient;

/** An invoice line remembers which order line it came from (null: the order's COD fee). */
export type StoredLine = InvoiceLine & { orderId: number | null };

/** how a line's delivery charge is described on its documents */
const DELIVERY_LINE = "Delivery charges: ";

/** A line for goods (units of a product), not a delivery charge or the COD fee. */
export const isGoodsLine = (line: StoredLine): boolean => line.orderId !== null && !line.description.startsWith(DELIVERY_LINE);
export type StoredDocument = Omit<InvoiceDocument, "date" | "originalInvoice" | "lines"> & {
  date: string;
  originalInvoice?: { number: string; date: string };
  lines: StoredLine[];
};

/**
 * A stored document as JSON. Documents issued before coupons (issue 26) have no gross value,
 * discount or coupon: their lines' gross value is their total and their discount 0.
 */
export function readStoredDocument(json: string): StoredDocument {
  type Stored = Omit<StoredDocument, "lines" | "totals" | "couponCode"> & {
    lines: (Omit<StoredLine, "grossPaise" | "discountPaise"> & Partial<Pick<StoredLine, "grossPaise" | "discountPaise">>)[];
    totals: Omit<StoredDocument["totals"], "grossPaise" | "discountPaise"> & Partial<Pick<StoredDocument["totals"], "grossPaise" | "discountPaise">>;
    couponCode?: string | null;
  };
  const doc = JSON.parse(json) as Stored;
  const lines = doc.lines.map((l) => ({ ...l, grossPaise: l.grossPaise ?? l.totalPaise, discountPaise: l.discountPaise ?? 0 }));
  const totals = { ...doc.totals, grossPaise: doc.totals.grossPaise ?? doc.totals.totalPaise, discountPaise: doc.totals.discountPaise ?? 0 };
  return { ...doc, couponCode: doc.couponCode ?? null, lines, totals };
}

/** The next number of a series, in the caller's transaction: the counter row stays locked until it commits, so there are no gaps or duplicates. */
async function nextNumber(tx: Tx, kind: "INVOICE" | "CREDIT_NOTE", prefix: string, at: Date): Promise<{ number: string; serial: number; fy: string }> {
  const fy = financialYear(at);
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "DocumentCounter" (series, last) VALUES (${`${kind} ${prefix} ${fy}`}, 1)
    ON CONFLICT (series) DO UPDATE SET last = "DocumentCounter".last + 1
    RETURNING last`;
  if (!row) throw new Error("the document counter gave no number");
  const number = documentNumber(prefix, fy, row.last);
  if (!number)
    throw new StoreError(409, "DOCUMENT_SERIES_FULL", `The ${kind.toLowerCase()} series ${prefix} is full for ${fy}: choose a shorter prefix in Settings.`);
  return { number, serial: row.last, fy };
}

const sumOf = (lines: readonly InvoiceLine[]) => ({
  grossPaise: lines.reduce((s, l) => s + l.grossPaise, 0),
  discountPaise: lines.reduce((s, l) => s + l.discountPaise, 0),
  taxablePaise: lines.reduce((s, l) => s + l.taxablePaise, 0),
  cgstPaise: lines.reduce((s, l) => s + l.cgstPaise, 0),
  sgstPaise: lines.reduce((s, l) => s + l.sgstPaise, 0),
  igstPaise: lines.reduce((s, l) => s + l.igstPaise, 0),
  totalPaise: lines.reduce((s, l) => s + l.totalPaise, 0),
});

type UntaxedLine = Omit<StoredLine, "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "grossPaise" | "discountPaise" | "totalPaise">;

/** A line of `grossPaise` less its coupon discount: its tax is taken out of what is left (CGST Act s.15(3)(a)). */
function taxedLine(line: UntaxedLine, grossPaise: number, discountPaise: number, interState: boolean): StoredLine {
  const totalPaise = grossPaise - discountPaise;
  const tax = taxOfInclusiveAmount(totalPaise, line.ratePercent, interState);
  return { ...line, grossPaise, discountPaise, totalPaise, taxablePaise: tax.taxable, cgstPaise: tax.cgst, sgstPaise: tax.sgst, igstPaise: tax.igst };
}

const legalNotes = (s: Settings) => [
  `Grievance officer: ${s.grievanceOfficerName}, ${s.grievanceOfficerDesignation}, ${s.grievanceOfficerEmail}, ${s.grievanceOfficerPhone}`,
  `Customer care: ${s.customerCareEmail}, ${s.customerCarePhone}`,
];

/**
 * The tax invoice of an order just placed, in its transaction. Prices include GST; each line's tax
 * is taken out of its amount (taxOfInclusiveAmount). Delivery charges and the COD fee are part of
 * the supply (a composite supply): each delivery charge is taxed like the goods it delivers, the COD
 * fee like the order's highest-rated goods (docs/decisions.md, issue 15). A coupon's discount
 * (issue 26) comes off each goods line's value before its tax is taken out; delivery and the COD fee
 * are never discounted (a free-shipping coupon has made the delivery 0 already).
 */
export async function issueInvoice(tx: Tx, productOrderId: string, settings: Settings, at: Date): Promise<string> {
  const order = await tx.order.findUniqueOrThrow({ where: { productOrderId } });
  const rows = await tx.productOrder.findMany({
    where: { productOrderId },
    orderBy: { orderId: "asc" },
    select: {
      orderId: true,
      productName: true,
      productPrice: true,
      quantity: true,
      deliveryCharge: true,
      discount: true,
      // the pack's size, HSN and rate as they were snapshot on the line (issue 25), not the product's now
      label: true,
      hsnCode: true,
      gstRate: true,
    },
  });
  // the GSTIN of the address the order went to (issue 29), snapshot on the order; an order from before
  // the address book (no addressId) had the customer's own
  const buyer =
    order.addressId !== null || order.isGuest
      ? { gstin: order.buyerGstin }
      : await tx.customer.findUnique({ where: { customerId: order.customerId }, select: { gstin: true } });
  const sellerState = settings.sellerGstin.slice(0, 2);
  const placeOfSupply = stateCodeOf(order.state) ?? sellerState;
  const interState = placeOfSupply !== sellerState;
  const hsn = (code: string) => code.slice(0, settings.hsnDigits);
  const lines: StoredLine[] = [];
  for (const r of rows) {
    const goods = { hsn: hsn(r.hsnCode), unit: "NOS", ratePercent: r.gstRate, orderId: r.orderId };
    lines.push(
      taxedLine(
        { ...goods, description: packName(r.productName, r.label), quantity: r.quantity, unitPricePaise: r.productPrice },
        r.productPrice * r.quantity,
        r.discount,
        interState,
      ),
    );
    if (r.deliveryCharge > 0) {
      lines.push(
        taxedLine(
          { ...goods, description: `${DELIVERY_LINE}${r.productName}`, quantity: 1, unitPricePaise: r.deliveryCharge },
          r.deliveryCharge,
          0,
          interState,
        ),
      );
    }
  }
  const principal = [...rows].sort((a, b) => b.gstRate - a.gstRate)[0];
  // one delivery charge for the whole order (a shipping zone's fee, issue 27): one line, taxed like the
  // COD fee at the order's highest goods rate, credited with it once every line is gone
  const orderDelivery = order.deliveryTotal - rows.reduce((sum, r) => sum + r.deliveryCharge, 0);
  if (orderDelivery > 0) {
    lines.push(
      taxedLine(
        {
          description: "Delivery charge",
          hsn: hsn(principal?.hsnCode ?? settings.defaultHsnCode),
          quantity: 1,
          unit: "NOS",
          unitPricePaise: orderDelivery,
          ratePercent: principal?.gstRate ?? settings.defaultGstRate,
          orderId: null,
        },
        orderDelivery,
        0,
        interState,
      ),
    );
  }
  if (order.codFee > 0) {
    lines.push(
      taxedLine(
        {
          description: "Cash on delivery fee",
          hsn: hsn(principal?.hsnCode ?? settings.defaultHsnCode),
          quantity: 1,
          unit: "NOS",
          unitPricePaise: order.codFee,
          ratePercent: principal?.gstRate ?? settings.defaultGstRate,
          orderId: null,
        },
        order.codFee,
        0,
        interState,
      ),
    );
  }
  const { number, serial, fy } = await nextNumber(tx, "INVOICE", settings.invoicePrefix, at);
  const totals = sumOf(lines);
  const document: StoredDocument = {
    kind: "TAX INVOICE",
    number,
    date: at.toISOString(),
    orderReference: productOrderId,
    seller: {
      name: settings.sellerLegalName,
      address: settings.sellerAddress,
      gstin: settings.sellerGstin,
      stateName: GST_STATES[sellerState] ?? "",
      stateCode: sellerState,
    },
    buyer: { name: order.customerName, address: order.shippingAddress, gstin: buyer?.gstin ?? null },
    placeOfSupply: { stateName: GST_STATES[placeOfSupply] ?? "", stateCode: placeOfSupply },
    interState,
    lines,
    couponCode: order.couponCode,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    notes: legalNotes(settings),
  };
  await tx.invoice.create({
    data: {
      number,
      kind: "INVOICE",
      productOrderId,
      invoiceOf: productOrderId,
      financialYear: fy,
      serial,
      issuedAt: at,
      placeOfSupply,
      interState,
      b2b: Boolean(buyer?.gstin),
      ...amountColumns(totals),
      document: JSON.stringify(document),
    },
  });
  return number;
}

/** A document's totals as the Invoice row's amount columns (paise): the values after the discount. */
const amountColumns = (t: ReturnType<typeof sumOf>) => ({
  taxable: t.taxablePaise,
  cgst: t.cgstPaise,
  sgst: t.sgstPaise,
  igst: t.igstPaise,
  total: t.totalPaise,
});

/**
 * A credit note for an invoiced line that was cancelled or returned (with its delivery charge), or
 * with `orderId` null for what is left once every line is gone (the COD fee). Once per line; orders
 * placed before invoices existed have none.
 */
export async function issueCreditNote(
  tx: Tx,
  productOrderId: string,
  orderId: number | null,
  reason: string,
  settings: Settings,
  at: Date,
): Promise<string | null> {
  const invoice = await tx.invoice.findUnique({ where: { invoiceOf: productOrderId } });
  if (!invoice) return null;
  if (orderId === null) {
    const done = await tx.invoice.findFirst({ where: { productOrderId, kind: "CREDIT_NOTE", creditFor: null }, select: { number: true } });
    if (done) return null;
  } else if (await tx.invoice.findUnique({ where: { creditFor: orderId }, select: { number: true } })) {
    return null;
  }
  const original = readStoredDocument(invoice.document);
  const lines = original.lines.filter((l) => l.orderId === orderId);
  if (lines.length === 0) return null;
  const { number, serial, fy } = await nextNumber(tx, "CREDIT_NOTE", settings.creditNotePrefix, at);
  const totals = sumOf(lines);
  const document: StoredDocument = {
    ...original,
    kind: "CREDIT NOTE",
    number,
    date: at.toISOString(),
    originalInvoice: { number: invoice.number, date: original.date },
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    notes: [`Reason: ${reason}`, ...original.notes],
  };
  await tx.invoice.create({
    data: {
      number,
      kind: "CREDIT_NOTE",
      productOrderId,
      creditFor: orderId,
      originalNumber: invoice.number,
      financialYear: fy,
      serial,
      issuedAt: at,
      placeOfSupply: invoice.placeOfSupply,
      interState: invoice.interState,
      b2b: invoice.b2b,
      ...amountColumns(totals),
      document: JSON.stringify(document),
    },
  });
  return number;
}

/** Credit notes for a cancelled line, and for the COD fee once no line of the order is left. */
export async function creditCancelledLine(tx: Tx, productOrderId: string, orderId: number, reason: string, settings: Settings, at: Date): Promise<void> {
  await issueCreditNote(tx, productOrderId, orderId, reason, settings, at);
  const live = await tx.productOrder.count({ where: { productOrderId, orderStatus: { not: "Cancelled" }, returnStatus: { notIn: ["Approved", "Refunded"] } } });
  if (live === 0) await issueCreditNote(tx, productOrderId, null, reason, settings, at);
}

function toPrintable({ originalInvoice, date, ...rest }: StoredDocument): InvoiceDocument {
  return {
    ...rest,
    date: new Date(date),
    ...(originalInvoice ? { originalInvoice: { number: originalInvoice.number, date: new Date(originalInvoice.date) } } : {}),
  };
}

/** The tax invoice of an order as issued, or null (orders placed before invoices were issued); no access check. */
export async function invoiceDocumentOf(db: Tx, productOrderId: string): Promise<InvoiceDocument | null> {
  const invoice = await db.invoice.findUnique({ where: { invoiceOf: productOrderId }, select: { document: true } });
  return invoice ? toPrintable(readStoredDocument(invoice.document)) : null;
}

/** The tax invoice of an order, for its owner or an admin (anyone else: 404). */
/** For its customer, an admin, or the holder of its X-Order-Token. */
export async function invoiceOf(ctx: Context, productOrderId: string): Promise<InvoiceDocument> {
  await orderReader(ctx, productOrderId);
  const invoice = await invoiceDocumentOf(ctx.db, productOrderId);
  if (!invoice) throw new StoreError(404, "NOT_FOUND", `Order ${productOrderId} has no tax invoice (it was placed before invoices were issued).`);
  return invoice;
}

export async function creditNoteOf(ctx: AuthedContext, productOrderId: string, number: string): Promise<InvoiceDocument> {
  await ownOrder(ctx, productOrderId);
  const note = await ctx.db.invoice.findUnique({ where: { number }, select: { document: true, productOrderId: true, kind: true } });
  if (!note || note.kind !== "CREDIT_NOTE" || note.productOrderId !== productOrderId) {
    throw new StoreError(404, "NOT_FOUND", `Credit note ${number} of order ${productOrderId} was not found.`);
  }
  return toPrintable(readStoredDocument(note.document));
}

/** For GET /orders/{productOrderId}: the order's invoice and credit notes. */
export async function documentsOf(db: Tx, productOrderId: string) {
  const docs = await db.invoice.findMany({
    where: { productOrderId },
    orderBy: { issuedAt: "asc" },
    select: { number: true, kind: true, issuedAt: true, total: true },
  });
  return docs;
}
