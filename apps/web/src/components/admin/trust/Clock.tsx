import type { ReactNode } from "react";
import { GRIEVANCE_FINISHED, type GrievanceStatus } from "@store/domain";
import { formatDateTime } from "../../../lib/format";
import { clockWords } from "./clockWords";

/**
 * One of a complaint's two clocks (its label is the column's or the row's): the deadline, and under it
 * either when it was met ("Acknowledged 26 Nov 2026, 9:41 am") or the time left / "Overdue by 3 days"
 * in a warning style.
 */
export function Clock({
  deadline,
  done,
  now,
}: {
  deadline: string | Date;
  /** the clock was stopped: by what, and when (if known) */
  done: { label: string; at: string | Date | null } | null;
  now: number;
}) {
  const clock = done ? null : clockWords(deadline, now);
  return (
    <span className="trust-clock">
      <span className="nowrap">{formatDateTime(deadline)}</span>
      {clock ? (
        <span className={clock.late ? "sub clock-late" : "sub"} data-late={clock.late ? "" : undefined}>
          {clock.words}
        </span>
      ) : (
        <span className="sub">{done?.at ? `${done.label} ${formatDateTime(done.at)}` : done?.label}</span>
      )}
    </span>
  );
}

type Clocked = {
  status: string;
  acknowledgeBy: string | Date;
  acknowledgedAt: string | Date | null;
  resolveBy: string | Date;
  resolvedAt: string | Date | null;
};

/** The two clocks of a ticket, as the list and the ticket's page show them. */
export function ticketClocks(t: Clocked, now: number): { acknowledge: ReactNode; resolve: ReactNode } {
  const finished = GRIEVANCE_FINISHED.includes(t.status as GrievanceStatus);
  return {
    acknowledge: <Clock deadline={t.acknowledgeBy} done={t.acknowledgedAt ? { label: "Acknowledged", at: t.acknowledgedAt } : null} now={now} />,
    resolve: <Clock deadline={t.resolveBy} done={finished ? { label: t.status, at: t.resolvedAt } : null} now={now} />,
  };
}
