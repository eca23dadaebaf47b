import { useState, type FormEvent } from "react";
import { REOPEN_DAYS, reopenUntil } from "@store/domain";
import { grievanceMessageInput } from "@store/validators";
import { formatDate } from "../../../lib/format";
import { errorCode, errorMessage, trpc } from "../../../lib/trpc";
import { fieldIssues } from "./fieldIssues";
import { TextArea } from "./TextArea";
import type { Ticket } from "./ComplaintTimeline";

/** The complainant's message box; on a resolved ticket it says that writing reopens it. */
export function ComplaintReply({ ticket, email }: { ticket: Ticket; email?: string }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const key = { ticketNumber: ticket.ticketNumber, ...(email ? { email } : {}) };
  const send = trpc.grievances.addMessage.useMutation({
    onSuccess: (detail) => {
      setText("");
      utils.grievances.byTicket.setData(key, detail);
      void utils.grievances.list.invalidate();
    },
    onError: (e) => {
      setError(errorCode(e) === "CONFLICT" ? `${errorMessage(e)} Please raise a new complaint.` : errorMessage(e));
      void utils.grievances.byTicket.invalidate(key);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = grievanceMessageInput.safeParse({ ...key, text });
    if (!parsed.success) return setError(fieldIssues(parsed.error.issues).text ?? "Please write a message.");
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <form className="complaint-reply card" onSubmit={submit} noValidate aria-labelledby="reply-heading">
      <h2 id="reply-heading">Add a message</h2>
      {ticket.status === "Resolved" && ticket.resolvedAt && (
        <p className="notice" data-testid="reopen-note">
          Not satisfied? A message before {formatDate(reopenUntil(new Date(ticket.resolvedAt)))} ({REOPEN_DAYS} days after it was resolved) reopens this ticket.
        </p>
      )}
      <TextArea id="complaint-message" label="Your message" value={text} onChange={setText} max={2000} rows={4} error={error ?? undefined} />
      <button type="submit" className="btn" disabled={send.isPending}>
        {send.isPending ? "Sending..." : ticket.status === "Resolved" ? "Send and reopen" : "Send message"}
      </button>
    </form>
  );
}
