import { useState } from "react";
import { createFileRoute, stripSearchParams, useNavigate } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { EmailPreview } from "../../components/admin/EmailPreview";
import { ListFrame } from "../../components/admin/ListFrame";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { listSearchSchema, useListSearch, type ListSearch } from "../../components/admin/listSearch";
import { formatDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

const STATUSES = ["queued", "sent", "failed", "waiting"] as const;
type Status = (typeof STATUSES)[number];
type EmailsSearch = ListSearch & { status?: Status };

export const Route = createFileRoute("/_admin/emails")({
  validateSearch: (search: Record<string, unknown>): EmailsSearch => ({
    ...listSearchSchema(search),
    ...(STATUSES.includes(search.status as Status) ? { status: search.status as Status } : {}),
  }),
  search: { middlewares: [stripSearchParams<EmailsSearch>({ page: 1, search: "" })] },
  component: Emails,
});

const STATUS_WORDS: Record<string, string> = { queued: "Queued", sent: "Sent", failed: "Failed", waiting: "Waiting for SMTP" };

/** The outbox: every message the store sent or will send, its attempts and errors, a preview and resend. */
function Emails() {
  return useIsStaff() ? <OwnerOnlyScreen title="Emails" note="The owner reads and resends the store's messages." /> : <Outbox />;
}

function Outbox() {
  const { page, search } = useListSearch();
  const { status } = Route.useSearch();
  const navigate = useNavigate();
  const query = trpc.emails.page.useQuery({ page, search, ...(status ? { status } : {}) }, { placeholderData: keepPreviousData });
  const [open, setOpen] = useState<number | null>(null);
  const utils = trpc.useUtils();
  const resend = trpc.emails.resend.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      await utils.emails.invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const filter = (
    <div className="field inline-field">
      <label htmlFor="email-status">Status</label>
      <select
        id="email-status"
        value={status ?? ""}
        onChange={(e) => void navigate({ to: ".", search: (prev) => ({ ...prev, page: 1, status: (e.target.value || undefined) as Status | undefined }) })}
      >
        <option value="">All</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_WORDS[s]}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <ListFrame
      title="Emails"
      intro={
        <>
          <p className="hint">
            Every message to customers, newest first. Failed ones are retried with growing delays for about a day; “Waiting for SMTP” ones go out once SMTP_URL
            is set.
          </p>
          {filter}
        </>
      }
      searchLabel="Search emails by recipient or subject"
      query={query}
      empty="No email found."
    >
      {(items) => (
        <table className="data">
          <caption className="visually-hidden">Emails</caption>
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">Queued</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m.messageId}>
                <td>{m.recipient}</td>
                <td>
                  {m.subject}
                  {open === m.messageId && <EmailPreview messageId={m.messageId} />}
                </td>
                <td className="nowrap">
                  {STATUS_WORDS[m.status] ?? m.status}
                  {m.status === "failed" && m.nextAttemptAt && <span className="sub"> · next try {formatDateTime(m.nextAttemptAt)}</span>}
                  {m.status === "failed" && !m.nextAttemptAt && <span className="sub"> · given up</span>}
                </td>
                <td className="num">{m.attempts}</td>
                <td>{m.lastError ?? "—"}</td>
                <td className="nowrap">{formatDateTime(m.createdAt)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn small secondary"
                    aria-expanded={open === m.messageId}
                    onClick={() => setOpen(open === m.messageId ? null : m.messageId)}
                    aria-label={`Preview email ${m.messageId}`}
                  >
                    Preview
                  </button>
                  <button
                    type="button"
                    className="btn small"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ messageId: m.messageId })}
                    aria-label={`Resend email ${m.messageId}`}
                  >
                    Resend
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
