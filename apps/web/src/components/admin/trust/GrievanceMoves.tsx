// A ticket's next status (issue 31): only the moves the API offers (`moves`); Resolved needs the
// resolution and Rejected the reason, each at least 10 characters, checked by the API's own schema.
import { useId, useState, type FormEvent } from "react";
import { GRIEVANCE_TARGET_STATUSES, type GrievanceTargetStatus } from "@store/domain";
import { grievanceStatusInput } from "@store/validators";
import { toast } from "../../../lib/toast";
import { fieldErrorsOf, trpc } from "../../../lib/trpc";
import { refusalText, useGrievanceRefresh, type GrievanceDetail } from "./trustText";

const BUTTON: Record<GrievanceTargetStatus, string> = { "In progress": "Move to In progress", Resolved: "Resolve…", Rejected: "Reject…" };
const isTarget = (s: string): s is GrievanceTargetStatus => (GRIEVANCE_TARGET_STATUSES as readonly string[]).includes(s);

export function GrievanceMoves({ ticket: t }: { ticket: GrievanceDetail }) {
  const base = useId();
  const refresh = useGrievanceRefresh();
  const moves = t.moves.filter(isTarget);
  const [chosen, setChosen] = useState<"Resolved" | "Rejected" | null>(null);
  const [answer, setAnswer] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const move = trpc.grievances.setStatus.useMutation({
    onSuccess: async (r) => {
      toast.success(`Ticket ${r.ticketNumber}: ${r.status}.`);
      setChosen(null);
      setAnswer("");
      setFieldError(null);
      setRefusal(null);
      await refresh();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      const own = fields.resolution ?? fields.reason;
      setFieldError(own ?? null);
      setRefusal(own ? null : refusalText(e));
    },
  });
  const send = (status: GrievanceTargetStatus) => {
    const input = {
      ticketNumber: t.ticketNumber,
      status,
      resolution: status === "Resolved" ? answer : undefined,
      reason: status === "Rejected" ? answer : undefined,
    };
    const parsed = grievanceStatusInput.safeParse(input);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Check the text.");
      return;
    }
    setFieldError(null);
    move.mutate(input);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) send(chosen);
  };
  if (moves.length === 0) {
    return <p className="hint">No status move is open for a ticket that is {t.status}.</p>;
  }
  const label = chosen === "Resolved" ? "Resolution: what was done (at least 10 characters)" : "Reason for rejecting it (at least 10 characters)";
  return (
    <div className="trust-moves">
      <div className="toolbar" role="group" aria-label="Move the ticket">
        {moves.map((m) => (
          <button
            key={m}
            type="button"
            className={`btn small${m === "Rejected" ? " danger" : m === "In progress" ? "" : " secondary"}`}
            aria-pressed={m === chosen ? true : m === "In progress" ? undefined : false}
            disabled={move.isPending}
            onClick={() => {
              setRefusal(null);
              setFieldError(null);
              if (m === "In progress") send(m);
              else setChosen(m);
            }}
          >
            {BUTTON[m]}
          </button>
        ))}
      </div>
      {chosen && (
        <form noValidate onSubmit={submit} className="trust-answer">
          <div className="field">
            <label htmlFor={`${base}-answer`}>{label}</label>
            <textarea
              id={`${base}-answer`}
              rows={4}
              maxLength={2000}
              value={answer}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${base}-answer-error` : undefined}
              onChange={(e) => setAnswer(e.target.value)}
            />
            {fieldError && (
              <p className="form-error" id={`${base}-answer-error`}>
                {fieldError}
              </p>
            )}
          </div>
          <div className="toolbar">
            <button type="submit" className={`btn small${chosen === "Rejected" ? " danger" : ""}`} disabled={move.isPending}>
              {move.isPending ? "Saving..." : chosen === "Resolved" ? "Mark resolved" : "Reject complaint"}
            </button>
            <button type="button" className="btn small secondary" onClick={() => setChosen(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
