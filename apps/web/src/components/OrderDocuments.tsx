import { downloadWithToken } from "../lib/download";
import { formatDate, formatINR } from "../lib/format";
import { toast } from "../lib/toast";
import type { RouterOutputs } from "../lib/trpc";

type OrderView = RouterOutputs["orders"]["order"];

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;

/** One PDF download (a button: the file needs the bearer token). */
export function DocumentButton({ label, href, number, ariaLabel }: { label: string; href: string; number: string; ariaLabel?: string }) {
  const download = () => downloadWithToken(href, fileName(number)).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)));
  return (
    <button type="button" className="link-button" aria-label={ariaLabel} onClick={() => void download()}>
      {label}
    </button>
  );
}

/** The order's GST tax invoice and credit notes, as PDF downloads (the owner's or the admin's token). */
export function OrderDocuments({ order }: { order: Pick<OrderView, "invoice" | "creditNotes"> }) {
  if (!order.invoice && order.creditNotes.length === 0) return null;
  return (
    <ul className="documents" aria-label="Tax documents">
      {order.invoice && (
        <li>
          <DocumentButton label={`Download invoice ${order.invoice.number}`} href={order.invoice.pdf} number={order.invoice.number} />{" "}
          <span className="hint">
            {formatDate(order.invoice.issuedAt)} · {formatINR(order.invoice.total)}
          </span>
        </li>
      )}
      {order.creditNotes.map((c) => (
        <li key={c.number}>
          <DocumentButton label={`Download credit note ${c.number}`} href={c.pdf} number={c.number} />{" "}
          <span className="hint">
            {formatDate(c.issuedAt)} · {formatINR(c.total)}
          </span>
        </li>
      ))}
    </ul>
  );
}
