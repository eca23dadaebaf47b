import { useState } from "react";
import { createFileRoute, stripSearchParams, useNavigate } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { ListFrame } from "../../components/admin/ListFrame";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { listSearchSchema, useListSearch, type ListSearch } from "../../components/admin/listSearch";
import { InboxList } from "../../components/admin/messaging/InboxList";
import { OUTBOX_VIEWS, OutboxTabs, type OutboxView } from "../../components/admin/messaging/OutboxTabs";
import { OutboxTable, statusWord } from "../../components/admin/messaging/OutboxTable";
import { channelWord, OUTBOX_CHANNEL_CHOICES, type OutboxChannelChoice } from "../../components/admin/messaging/outboxWords";
import { oneOf } from "../../lib/searchParams";
import { toast } from "../../lib/toast";
import { errorMessage, trpc } from "../../lib/trpc";

const STATUSES = ["queued", "sent", "failed", "waiting"] as const;
type Status = (typeof STATUSES)[number];
/** channel left out: e-mail, as before SMS and WhatsApp; view left out: the sent messages */
type EmailsSearch = ListSearch & { status?: Status; channel?: Exclude<OutboxChannelChoice, "email">; view?: Exclude<OutboxView, "sent"> };

export const Route = createFileRoute("/_admin/emails")({
  validateSearch: (search: Record<string, unknown>): EmailsSearch => {
    const channel = oneOf(OUTBOX_CHANNEL_CHOICES, search.channel);
    const view = oneOf(OUTBOX_VIEWS, search.view);
    return {
      ...listSearchSchema(search),
      ...(STATUSES.includes(search.status as Status) ? { status: search.status as Status } : {}),
      ...(channel && channel !== "email" ? { channel } : {}),
      ...(view && view !== "sent" ? { view } : {}),
    };
  },
  search: { middlewares: [stripSearchParams<EmailsSearch>({ page: 1, search: "" })] },
  component: Emails,
});

/**
 * The outbox: every message the store sent or will send (e-mail, SMS, WhatsApp), its attempts, errors and
 * delivery receipts, a preview and resend; and the inbox of buyers' replies (issue 30).
 */
function Emails() {
  const { view } = Route.useSearch();
  if (useIsStaff()) return <OwnerOnlyScreen title="Emails" note="The owner reads and resends the store's messages." />;
  return view === "inbox" ? (
    <InboxList
      title="Emails"
      intro={
        <>
          <OutboxTabs view="inbox" />
          <p className="hint">
            What buyers wrote to the store&apos;s WhatsApp number, newest first. A buyer who wrote &ldquo;STOP&rdquo; gets no more WhatsApp updates.
          </p>
        </>
      }
    />
  ) : (
    <Outbox />
  );
}

function Outbox() {
  const { page, search } = useListSearch();
  const { status, channel = "email" } = Route.useSearch();
  const navigate = useNavigate();
  const query = trpc.emails.page.useQuery({ page, search, channel, ...(status ? { status } : {}) }, { placeholderData: keepPreviousData });
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
    <div className="desk-filters">
      <div className="field inline-field">
        <label htmlFor="email-channel">Channel</label>
        <select
          id="email-channel"
          value={channel}
          onChange={(e) =>
            void navigate({
              to: ".",
              search: (prev) => ({ ...prev, page: 1, channel: e.target.value === "email" ? undefined : (e.target.value as EmailsSearch["channel"]) }),
            })
          }
        >
          {OUTBOX_CHANNEL_CHOICES.map((c) => (
            <option key={c} value={c}>
              {channelWord(c)}
            </option>
          ))}
        </select>
      </div>
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
              {statusWord(s)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
  return (
    <ListFrame
      title="Emails"
      intro={
        <>
          <OutboxTabs view="sent" />
          <p className="hint">
            Every message to customers, newest first. Failed ones are retried with growing delays for about a day; “Waiting for SMTP” ones go out once SMTP_URL
            is set. WhatsApp messages show what the buyer&apos;s phone reported: delivered, then read.
          </p>
          {filter}
        </>
      }
      searchLabel="Search messages by recipient or subject"
      query={query}
      empty={channel === "email" ? "No email found." : "No message found."}
    >
      {(items) => (
        <OutboxTable
          items={items}
          channel={channel}
          open={open}
          onToggle={(id) => setOpen(open === id ? null : id)}
          onResend={(messageId) => resend.mutate({ messageId })}
          resending={resend.isPending}
        />
      )}
    </ListFrame>
  );
}
