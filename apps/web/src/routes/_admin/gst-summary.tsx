import { useState } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { GstHsnName } from "../../components/admin/GstHsnName";
import { OwnerOnly } from "../../components/admin/OwnerOnly";
import { downloadWithToken } from "../../lib/download";
import { formatINR } from "../../lib/format";
import { toast } from "../../lib/toast";
import { trpc, type RouterOutputs } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/gst-summary")({ component: GstSummary });

/** This month in India (YYYY-MM). */
const currentMonth = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);

/** The month's GST summary for GSTR-1: HSN-wise and state-wise B2C, net of credit notes; CSV for the accountant. */
function GstSummary() {
  const [month, setMonth] = useState(currentMonth);
  const valid = /^\d{4}-\d{2}$/.test(month);
  const query = trpc.reports.gst.useQuery({ month }, { enabled: valid });
  const download = () =>
    downloadWithToken(`/api/v1/reports/gst.csv?month=${month}`, `gst-summary-${month}.csv`).catch((e: unknown) =>
      toast.error(e instanceof Error ? e.message : String(e)),
    );
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>GST Summary | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">GST Summary</h1>
        <button type="button" className="btn" onClick={() => void download()} disabled={!valid}>
          Download CSV
        </button>
      </div>
      <div className="field inline-field">
        <label htmlFor="gst-month">Month</label>
        <input id="gst-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <p className="hint">Tax invoices less credit notes of the month (Indian time), for GSTR-1: HSN-wise summary (table 12) and B2C state-wise (table 7).</p>
      <QueryState query={query}>
        {(r) => (
          <>
            <dl className="amounts gst-totals">
              <dt>Invoices</dt>
              <dd>
                {r.totals.invoices} · {formatINR(r.totals.invoiceValue)}
              </dd>
              <dt>Credit notes</dt>
              <dd>
                {r.totals.creditNotes} · {formatINR(r.totals.creditNoteValue)}
              </dd>
              <dt>Taxable value</dt>
              <dd data-testid="gst-taxable">{formatINR(r.totals.taxableValue)}</dd>
              <dt>IGST</dt>
              <dd>{formatINR(r.totals.igst)}</dd>
              <dt>CGST</dt>
              <dd>{formatINR(r.totals.cgst)}</dd>
              <dt>SGST</dt>
              <dd>{formatINR(r.totals.sgst)}</dd>
            </dl>
            <h2>HSN-wise summary</h2>
            {r.hsnSummary.length === 0 ? (
              <p className="empty">No invoice in {r.month}.</p>
            ) : (
              <div className="table-wrap">
                <table className="data">
                  <caption className="visually-hidden">HSN-wise summary of {r.month}</caption>
                  <thead>
                    <tr>
                      <th scope="col">HSN</th>
                      <th scope="col">Description</th>
                      <th scope="col">Unit</th>
                      <th scope="col">Rate</th>
                      <th scope="col">Quantity</th>
                      <th scope="col">Products</th>
                      <TaxHeads />
                    </tr>
                  </thead>
                  <tbody>
                    {r.hsnSummary.map((h) => (
                      <tr key={`${h.hsn}-${h.ratePercent}`}>
                        <td>{h.hsn}</td>
                        <td>
                          <GstHsnName hsn={h.hsn} description={h.description} source={h.descriptionSource} />
                        </td>
                        <td>{h.unit}</td>
                        <td className="num">{h.ratePercent}%</td>
                        <td className="num">{h.quantity}</td>
                        <td className="num">{h.products}</td>
                        <TaxCells amounts={h} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <OwnerOnly note="The owner names each HSN code once; the summary then describes its rows by that name.">
              <p className="hint">
                Each HSN is described by your name for it, else by its Customs Tariff heading. Name a code once; a 4-digit name also covers the longer codes
                under it.
              </p>
            </OwnerOnly>
            <h2>B2C, state-wise</h2>
            {r.b2cStateSummary.length === 0 ? (
              <p className="empty">No sale in {r.month}.</p>
            ) : (
              <div className="table-wrap">
                <table className="data">
                  <caption className="visually-hidden">State-wise B2C summary of {r.month}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Place of supply</th>
                      <th scope="col">Rate</th>
                      <TaxHeads />
                    </tr>
                  </thead>
                  <tbody>
                    {r.b2cStateSummary.map((b) => (
                      <tr key={`${b.stateCode}-${b.ratePercent}`}>
                        <td>
                          {b.stateName} ({b.stateCode})
                        </td>
                        <td className="num">{b.ratePercent}%</td>
                        <TaxCells amounts={b} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {r.cancelledBeforePayment.items.length > 0 && <CancelledBeforePayment cancelled={r.cancelledBeforePayment} />}
          </>
        )}
      </QueryState>
    </section>
  );
}

type Cancelled = RouterOutputs["reports"]["gst"]["cancelledBeforePayment"];

/** Orders never paid and then cancelled: each invoice of the month netted by its credit notes. */
function CancelledBeforePayment({ cancelled }: { cancelled: Cancelled }) {
  return (
    <>
      <h2>Cancelled before payment</h2>
      <p className="hint">
        {cancelled.orders} {cancelled.orders === 1 ? "order" : "orders"} never paid and cancelled: invoices {formatINR(cancelled.invoiceValue)} less credit
        notes {formatINR(cancelled.creditNoteValue)}, each netted below.
      </p>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">Invoices of orders cancelled before payment, netted by their credit notes</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Invoice</th>
              <th scope="col">Credit notes</th>
              <th scope="col">Invoice value</th>
              <th scope="col">Credit note value</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {cancelled.items.map((c) => (
              <tr key={c.productOrderId}>
                <td className="nowrap">{c.productOrderId}</td>
                <td className="nowrap">{c.invoiceNumber ?? "—"}</td>
                <td>{c.creditNoteNumbers.join(", ") || "—"}</td>
                <td className="num">{formatINR(c.invoiceValue)}</td>
                <td className="num">{formatINR(c.creditNoteValue)}</td>
                <td className="num">{formatINR(c.netValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const TaxHeads = () => (
  <>
    <th scope="col">Taxable value</th>
    <th scope="col">IGST</th>
    <th scope="col">CGST</th>
    <th scope="col">SGST</th>
  </>
);

/** A row's taxable value and its tax, in the columns of TaxHeads. */
function TaxCells({ amounts }: { amounts: { taxableValue: number; igst: number; cgst: number; sgst: number } }) {
  return (
    <>
      <td className="num">{formatINR(amounts.taxableValue)}</td>
      <td className="num">{formatINR(amounts.igst)}</td>
      <td className="num">{formatINR(amounts.cgst)}</td>
      <td className="num">{formatINR(amounts.sgst)}</td>
    </>
  );
}
