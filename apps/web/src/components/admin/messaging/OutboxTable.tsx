// The Emails screen's table (issues 16, 29, 30): the columns fit the channel shown. E-mail and SMS as
// before; WhatsApp with its template and what the buyer's phone reported (sent, delivered, read, failed);
// every channel with a Channel column. The preview opens inside the message's row.
import { formatDateTime } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";
import { EmailPreview } from "../EmailPreview";
import { channelWord, deliveryWord, messageNoun, type OutboxChannelChoice } from "./outboxWords";
import "./whatsapp.css";

type Message = RouterOutputs["emails"]["page"]["items"][number];

const STATUS_WORDS: Record<string, string> = { queued: "Queued", sent: "Sent", failed: "Failed", waiting: "Waiting for SMTP" };
export const statusWord = (status: string) => STATUS_WORDS[status] ?? status;

export function OutboxTable({
  items,
  channel,
  open,
  onToggle,
  onResend,
  resending,
}: {
  items: readonly Message[];
  channel: OutboxChannelChoice;
  open: number | null;
  onToggle: (messageId: number) => void;
  onResend: (messageId: number) => void;
  resending: boolean;
}) {
  const whatsapp = channel === "whatsapp";
  const all = channel === "all";
  return (
    <table className="data">
      <caption className="visually-hidden">{whatsapp ? "WhatsApp messages" : all ? "Messages" : "Emails"}</caption>
      <thead>
        <tr>
          <th scope="col">To</th>
          {all && <th scope="col">Channel</th>}
          <th scope="col">{whatsapp ? "Template" : "Subject"}</th>
          <th scope="col">Status</th>
          {(whatsapp || all) && <th scope="col">Delivery</th>}
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Queued</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {items.map((m) => (
          <tr key={m.messageId} data-message-id={m.messageId}>
            <td>{m.recipient}</td>
            {all && <td>{channelWord(m.channel)}</td>}
            <td className={open === m.messageId ? "outbox-open" : undefined}>
              {whatsapp ? (m.templateName ?? m.subject) : m.subject}
              {all && m.templateName && <span className="sub"> · template {m.templateName}</span>}
              {open === m.messageId && <EmailPreview messageId={m.messageId} />}
            </td>
            <td className="nowrap">
              {statusWord(m.status)}
              {m.status === "failed" && m.nextAttemptAt && <span className="sub"> · next try {formatDateTime(m.nextAttemptAt)}</span>}
              {m.status === "failed" && !m.nextAttemptAt && <span className="sub"> · given up</span>}
            </td>
            {(whatsapp || all) && (
              <td className="nowrap" data-testid="delivery-status">
                {deliveryWord(m.deliveryStatus)}
              </td>
            )}
            <td className="num">{m.attempts}</td>
            <td>{m.lastError ?? "—"}</td>
            <td className="nowrap">{formatDateTime(m.createdAt)}</td>
            <td className="actions">
              <button
                type="button"
                className="btn small secondary"
                aria-expanded={open === m.messageId}
                onClick={() => onToggle(m.messageId)}
                aria-label={`Preview ${messageNoun(m.channel)} ${m.messageId}`}
              >
                Preview
              </button>
              <button
                type="button"
                className="btn small"
                disabled={resending}
                onClick={() => onResend(m.messageId)}
                aria-label={`Resend ${messageNoun(m.channel)} ${m.messageId}`}
              >
                Resend
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
