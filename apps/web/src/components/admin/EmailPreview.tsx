import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { QueryState } from "../QueryState";

/** One outbox message as the customer gets it (HTML in a sandboxed frame, and the text part) with every send attempt. */
export function EmailPreview({ messageId }: { messageId: number }) {
  const query = trpc.emails.byId.useQuery({ messageId });
  return (
    <QueryState query={query}>
      {(m) => (
        <div className="email-preview">
          <p>
            <strong>{m.subject}</strong> to {m.recipient}
            {m.attachInvoiceOf && <> · GST invoice of {m.attachInvoiceOf} attached</>}
          </p>
          <iframe title={`Preview of email ${m.messageId}`} sandbox="" srcDoc={m.html} className="email-frame" />
          <details>
            <summary>Plain text</summary>
            <pre className="email-text">{m.text}</pre>
          </details>
          {m.attemptLog.length > 0 && (
            <ul className="refunds" aria-label="Send attempts">
              {m.attemptLog.map((a, i) => (
                <li key={i}>
                  {formatDateTime(a.at)}: {a.ok ? "sent" : `failed: ${a.error ?? ""}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryState>
  );
}
