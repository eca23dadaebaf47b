// The Emails screen's two lists (issue 30): what the store sent, and what buyers wrote back (the inbox).
import { Link } from "@tanstack/react-router";

export const OUTBOX_VIEWS = ["sent", "inbox"] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

const TABS: { view: OutboxView; label: string }[] = [
  { view: "sent", label: "Sent messages" },
  { view: "inbox", label: "Inbox" },
];

export function OutboxTabs({ view }: { view: OutboxView }) {
  return (
    <nav className="desk-tabs" aria-label="Messages">
      <ul>
        {TABS.map((t) => (
          <li key={t.view}>
            <Link
              to="/emails"
              search={t.view === "sent" ? {} : { view: t.view }}
              activeProps={{}}
              activeOptions={{ exact: true }}
              className={view === t.view ? "active" : undefined}
              aria-current={view === t.view ? "page" : undefined}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
