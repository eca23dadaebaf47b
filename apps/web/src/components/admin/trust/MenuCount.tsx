// The menu's count beside Complaints (overdue tickets) and Reviews (reviews waiting), from the lists'
// totals (issue 31): what the law's clock or a buyer is waiting on, seen from any screen.
import { trpc } from "../../../lib/trpc";
import "./trust.css";

const EVERY_5_MIN = { staleTime: 60_000, refetchInterval: 5 * 60_000 } as const;

function Count({ n, words }: { n: number | undefined; words: string }) {
  if (!n) return null;
  return (
    <span className="menu-count" data-menu-count={n}>
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{` (${n} ${words})`}</span>
    </span>
  );
}

function OverdueComplaints() {
  const list = trpc.grievances.list.useQuery({ page: 1, search: "", overdue: true }, EVERY_5_MIN);
  return <Count n={list.data?.total} words="overdue" />;
}

function WaitingReviews() {
  const list = trpc.reviews.list.useQuery({ page: 1, status: "Pending" }, EVERY_5_MIN);
  return <Count n={list.data?.total} words="waiting" />;
}

/** The count a menu entry carries, if any. */
export function MenuCount({ to }: { to: string }) {
  if (to === "/grievances") return <OverdueComplaints />;
  if (to === "/reviews") return <WaitingReviews />;
  return null;
}
