import { GRIEVANCE_CATEGORY_WORDS } from "@store/domain";
import { formatDateTime } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";

export type Ticket = RouterOutputs["grievances"]["byTicket"];

type Entry = { at: string; who: string; text?: string; kind: "event" | "customer" | "officer" };

const iso = (d: Date | string) => (typeof d === "string" ? d : d.toISOString());

/** The ticket's story in time order: received, acknowledged, each message, and how it ended. */
function entriesOf(t: Ticket): Entry[] {
  const entries: Entry[] = [{ at: iso(t.createdAt), who: "Complaint received", kind: "event" }];
  if (t.acknowledgedAt) entries.push({ at: iso(t.acknowledgedAt), who: "Acknowledged", kind: "event" });
  for (const m of t.messages) {
    entries.push({ at: iso(m.at), who: m.from === "officer" ? "Grievance officer" : "You", text: m.text, kind: m.from });
  }
  if (t.resolvedAt) {
    const rejected = t.status === "Rejected";
    entries.push({
      at: iso(t.resolvedAt),
      who: rejected ? "Rejected" : "Resolved",
      text: (rejected ? t.rejectReason : t.resolution) ?? undefined,
      kind: "event",
    });
  }
  if (t.closedAt) entries.push({ at: iso(t.closedAt), who: "Closed", kind: "event" });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A ticket's facts and its timeline. Every text is the person's own, shown as text. */
export function ComplaintTimeline({ ticket: t }: { ticket: Ticket }) {
  return (
    <>
      <dl className="details-grid complaint-facts">
        <dt>Status</dt>
        <dd data-testid="ticket-status">{t.status}</dd>
        <dt>Topic</dt>
        <dd>{GRIEVANCE_CATEGORY_WORDS[t.category]}</dd>
        {t.productOrderId && (
          <>
            <dt>Order</dt>
            <dd>{t.productOrderId}</dd>
          </>
        )}
        <dt>Received</dt>
        <dd>{formatDateTime(t.createdAt)}</dd>
        <dt>Acknowledge by</dt>
        <dd>{formatDateTime(t.acknowledgeBy)}</dd>
        <dt>Resolve by</dt>
        <dd>{formatDateTime(t.resolveBy)}</dd>
        {t.resolution && (
          <>
            <dt>Resolution</dt>
            <dd className="pre-line">{t.resolution}</dd>
          </>
        )}
        {t.rejectReason && (
          <>
            <dt>Reason</dt>
            <dd className="pre-line">{t.rejectReason}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="complaint-text-heading">
        <h2 id="complaint-text-heading" className="complaint-subject">
          {t.subject}
        </h2>
        <p className="pre-line">{t.description}</p>
      </section>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="complaint-timeline">
          {entriesOf(t).map((e, i) => (
            <li key={`${e.at}-${i}`} className={`timeline-${e.kind}`}>
              <p className="timeline-head">
                <strong>{e.who}</strong> <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
              {e.text && <p className="pre-line">{e.text}</p>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
