import { formatDateTime } from "../../lib/format";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { QueryState } from "../QueryState";
import { deliveryWord } from "./messaging/outboxWords";
import "./messaging/whatsapp.css";

type Message = RouterOutputs["emails"]["byId"];

/**
 * One outbox message as the customer gets it, with every send attempt: an e-mail's HTML in a sandboxed
 * frame and its text part; an SMS's text; a WhatsApp message's template, parameters and receipts (issue 30).
 */
export function EmailPreview({ messageId }: { messageId: number }) {
  const query = trpc.emails.byId.useQuery({ messageId });
  return (
    <QueryState query={query}>
      {(m) => (
        <div className="email-preview">
          {m.channel === "whatsapp" ? (
            <WhatsAppDetails message={m} />
          ) : m.channel === "email" ? (
            <>
              <p>
                <strong>{m.subject}</strong> to {m.recipient}
                {m.attachInvoiceOf && <> · GST invoice of {m.attachInvoiceOf} attached</>}
              </p>
              <iframe title={`Preview of email ${m.messageId}`} sandbox="" srcDoc={m.html} className="email-frame" />
              <details>
                <summary>Plain text</summary>
                <pre className="email-text">{m.text}</pre>
              </details>
            </>
          ) : (
            <>
              <p>
                <strong>{m.subject}</strong> to {m.recipient}
              </p>
              <pre className="email-text">{m.text}</pre>
            </>
          )}
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

/** The template message as the Cloud API got it, and what the buyer's phone reported back. */
function WhatsAppDetails({ message: m }: { message: Message }) {
  return (
    <>
      <p>
        WhatsApp template <strong>{m.templateName ?? "—"}</strong> to {m.recipient}
      </p>
      {m.params && m.params.length > 0 ? (
        <ol className="wa-param-values" aria-label="Parameters">
          {m.params.map((value, i) => (
            <li key={i}>
              <code>{`{{${i + 1}}}`}</code> {value}
            </li>
          ))}
        </ol>
      ) : (
        <p className="hint">No parameters.</p>
      )}
      <dl className="wa-details" aria-label="Delivery">
        <dt>Delivery</dt>
        <dd data-testid="preview-delivery-status">{deliveryWord(m.deliveryStatus)}</dd>
        <dt>Sent</dt>
        <dd>{formatDateTime(m.sentAt)}</dd>
        <dt>Delivered</dt>
        <dd data-testid="preview-delivered-at">{formatDateTime(m.deliveredAt)}</dd>
        <dt>Read</dt>
        <dd data-testid="preview-read-at">{formatDateTime(m.readAt)}</dd>
        <dt>Message ID</dt>
        <dd>{m.providerMessageId ?? "—"}</dd>
      </dl>
      <details>
        <summary>Text</summary>
        <pre className="email-text">{m.text}</pre>
      </details>
    </>
  );
}
