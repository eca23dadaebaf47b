// The monthly GST summary an accountant needs for GSTR-1 (issue 15): HSN-wise and state-wise B2C
// totals of the month's invoices net of its credit notes, in India time.
import { stringify } from "csv-stringify/sync";
import { GST_STATES, toRupees } from "@store/domain";
import type { Context } from "../context.ts";
import { isGoodsLine, readStoredDocument } from "./invoices.ts";
import { hsnDescriber } from "./hsn-names.ts";
import { StoreError } from "../platform/errors.ts";

const IST_OFFSET_MS = 330 * 60_000;

/** [start, end) of a calendar month in India time. */
export function monthRange(month: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || m < 1 || m > 12) throw new StoreError(400, "BAD_REQUEST", "month must be YYYY-MM, e.g. 2026-11");
  return { start: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS), end: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS) };
}

interface Amounts {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}
const zero = (): Amounts => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0 });

/** an order never paid whose every line was cancelled: its invoice is voided by its credit notes */
const NEVER_PAID = ["Pending", "Awaiting verification", "Failed"];

type Doc = { number: string; kind: string; productOrderId: string; total: number };

/** The month's documents of orders cancelled before they were paid, by order: invoice and credit notes net each other out. */
async function cancelledBeforePayment(db: Context["db"], docs: readonly Doc[]) {
  const refs = [...new Set(docs.map((d) => d.productOrderId))];
  const voided = await db.order.findMany({
    where: { productOrderId: { in: refs }, paymentStatus: { in: NEVER_PAID }, lines: { some: {}, every: { orderStatus: "Cancelled" } } },
    select: { productOrderId: true },
    orderBy: { productOrderId: "asc" },
  });
  const orders = voided.map(({ productOrderId }) => {
    const own = docs.filter((d) => d.productOrderId === productOrderId);
    const invoice = own.find((d) => d.kind === "INVOICE");
    const notes = own.filter((d) => d.kind === "CREDIT_NOTE");
    const invoiceValue = invoice?.total ?? 0;
    const creditNoteValue = notes.reduce((sum, d) => sum + d.total, 0);
    return {
      productOrderId,
      invoiceNumber: invoice?.number ?? null,
      creditNoteNumbers: notes.map((d) => d.number),
      invoiceValue: toRupees(invoiceValue),
      creditNoteValue: toRupees(creditNoteValue),
      netValue: toRupees(invoiceValue - creditNoteValue),
    };
  });
  const sum = (key: "invoiceValue" | "creditNoteValue") => toRupees(orders.reduce((n, o) => n + Math.round(o[key] * 100), 0));
  return { orders: orders.length, invoiceValue: sum("invoiceValue"), creditNoteValue: sum("creditNoteValue"), items: orders };
}

export async function gstSummary(ctx: Pick<Context, "db">, month: string) {
  const { start, end } = monthRange(month);
  const docs = await ctx.db.invoice.findMany({ where: { issuedAt: { gte: start, lt: end } }, orderBy: { issuedAt: "asc" } });
  const linesOf = new Map(docs.map((d) => [d.number, readStoredDocument(d.document).lines]));
  // which product each goods line sold, to count the products of an HSN
  const orderIds = [...new Set([...linesOf.values()].flat().flatMap((l) => (isGoodsLine(l) && l.orderId !== null ? [l.orderId] : [])))];
  const productOf = new Map(
    (await ctx.db.productOrder.findMany({ where: { orderId: { in: orderIds } }, select: { orderId: true, productId: true } })).map((r) => [
      r.orderId,
      r.productId,
    ]),
  );
  const names = await hsnDescriber(ctx.db);
  const hsn = new Map<string, Amounts & { hsn: string; unit: string; ratePercent: number; quantity: number; unitsOf: Map<number, number> }>();
  const states = new Map<string, Amounts & { stateCode: string; stateName: string; ratePercent: number }>();
  const total = { ...zero(), invoices: 0, creditNotes: 0, invoiceValue: 0, creditNoteValue: 0 };
  for (const doc of docs) {
    const sign = doc.kind === "CREDIT_NOTE" ? -1 : 1;
    if (sign > 0) {
      total.invoices++;
      total.invoiceValue += doc.total;
    } else {
      total.creditNotes++;
      total.creditNoteValue += doc.total;
    }
    for (const line of linesOf.get(doc.number) ?? []) {
      const add = (a: Amounts) => {
        a.taxableValue += sign * line.taxablePaise;
        a.igst += sign * line.igstPaise;
        a.cgst += sign * line.cgstPaise;
        a.sgst += sign * line.sgstPaise;
      };
      const hsnKey = `${line.hsn}@${line.ratePercent}`;
      const h = hsn.get(hsnKey) ?? {
        hsn: line.hsn,
        unit: line.unit,
        ratePercent: line.ratePercent,
        quantity: 0,
        unitsOf: new Map<number, number>(),
        ...zero(),
      };
      // units of goods only: a delivery charge or the COD fee is taxed with the goods but is no unit
      if (isGoodsLine(line)) {
        h.quantity += sign * line.quantity;
        const productId = line.orderId === null ? undefined : productOf.get(line.orderId);
        if (productId !== undefined) h.unitsOf.set(productId, (h.unitsOf.get(productId) ?? 0) + sign * line.quantity);
      }
      add(h);
      hsn.set(hsnKey, h);
      if (!doc.b2b) {
        const stateKey = `${doc.placeOfSupply}@${line.ratePercent}`;
        const st = states.get(stateKey) ?? {
          stateCode: doc.placeOfSupply,
          stateName: GST_STATES[doc.placeOfSupply] ?? "",
          ratePercent: line.ratePercent,
          ...zero(),
        };
        add(st);
        states.set(stateKey, st);
      }
      add(total);
    }
  }
  const rupees = <T extends Amounts>(a: T) => ({
    ...a,
    taxableValue: toRupees(a.taxableValue),
    igst: toRupees(a.igst),
    cgst: toRupees(a.cgst),
    sgst: toRupees(a.sgst),
  });
  return {
    month,
    hsnSummary: [...hsn.values()]
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.ratePercent - b.ratePercent)
      .map(({ unitsOf, ...h }) => ({ ...rupees(h), ...names.describe(h.hsn), products: [...unitsOf.values()].filter((units) => units > 0).length })),
    b2cStateSummary: [...states.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.ratePercent - b.ratePercent).map(rupees),
    totals: { ...rupees(total), invoiceValue: toRupees(total.invoiceValue), creditNoteValue: toRupees(total.creditNoteValue) },
    cancelledBeforePayment: await cancelledBeforePayment(ctx.db, docs),
  };
}

export type GstSummary = Awaited<ReturnType<typeof gstSummary>>;

/** The same summary as CSV: the HSN-wise table, a blank line, the state-wise B2C table, a blank line, the totals. */
export function gstSummaryCsv(summary: GstSummary): string {
  const hsn = stringify(
    summary.hsnSummary.map((h) => [
      h.hsn,
      h.description,
      h.unit,
      h.ratePercent,
      h.quantity,
      h.taxableValue.toFixed(2),
      h.igst.toFixed(2),
      h.cgst.toFixed(2),
      h.sgst.toFixed(2),
    ]),
    // GSTR-1's HSN table; the number of products is the screen's, not the return's
    { header: true, columns: ["HSN", "Description", "UQC", "Rate %", "Total quantity", "Taxable value", "IGST", "CGST", "SGST"] },
  );
  const states = stringify(
    summary.b2cStateSummary.map((s) => [
      `${s.stateCode}-${s.stateName}`,
      s.ratePercent,
      s.taxableValue.toFixed(2),
      s.igst.toFixed(2),
      s.cgst.toFixed(2),
      s.sgst.toFixed(2),
    ]),
    { header: true, columns: ["Place of supply", "Rate %", "Taxable value", "IGST", "CGST", "SGST"] },
  );
  const t = summary.totals;
  const totals = stringify([[summary.month, t.invoices, t.creditNotes, t.taxableValue.toFixed(2), t.igst.toFixed(2), t.cgst.toFixed(2), t.sgst.toFixed(2)]], {
    header: true,
    columns: ["Month", "Invoices", "Credit notes", "Net taxable value", "Net IGST", "Net CGST", "Net SGST"],
  });
  const voided = summary.cancelledBeforePayment.items.length
    ? stringify(
        summary.cancelledBeforePayment.items.map((o) => [
          o.productOrderId,
          o.invoiceNumber ?? "",
          o.invoiceValue.toFixed(2),
          o.creditNoteNumbers.join(" "),
          o.creditNoteValue.toFixed(2),
          o.netValue.toFixed(2),
        ]),
        { header: true, columns: ["Cancelled before payment", "Invoice", "Invoice value", "Credit notes", "Credit note value", "Net"] },
      )
    : "";
  return `${hsn}\n${states}\n${totals}${voided ? `\n${voided}` : ""}`;
}
