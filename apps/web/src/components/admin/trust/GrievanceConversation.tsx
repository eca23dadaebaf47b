// A ticket's conversation (issue 31): the complainant's and the store's messages, oldest first, and
// the officer's reply box. Every text is shown as text.
import { useId, useState, type FormEvent } from "react";
import { grievanceMessageInput } from "@store/validators";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { fieldErrorsOf, trpc } from "../../../lib/trpc";
import { refusalText, useGrievanceRefresh, type GrievanceDetail } from "./trustText";

export function GrievanceConversation({ ticket: t }: { ticket: GrievanceDetail }) {
  return (
    <section className="card" aria-labelledby="ticket-messages-title">
      <h2 id="ticket-messages-title">Conversation</h2>
      {t.messages.length === 0 ? (
        <p className="hint">No messages yet.</p>
      ) : (
        <ol className="trust-messages">
          {t.messages.map((m, i) => (
            <li key={i} className={m.from === "officer" ? "from-officer" : "from-customer"}>
              <span className="trust-message-head">
                <strong>{m.from === "officer" ? "Store" : t.name}</strong> <time dateTime={new Date(m.at).toISOString()}>{formatDateTime(m.at)}</time>
              </span>
              <p className="trust-text">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm ticketNumber={t.ticketNumber} closed={t.status === "Closed"} />
    </section>
  );
}

function ReplyForm({ ticketNumber, closed }: { ticketNumber: string; closed: boolean }) {
  const id = useId();
  const refresh = useGrievanceRefresh();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = trpc.grievances.addMessage.useMutation({
    onSuccess: async () => {
      toast.success("Reply sent to the complainant.");
      setText("");
      setRefusal(null);
      await refresh();
    },
    onError: (e) => {
      const own = fieldErrorsOf(e).text;
      setFieldError(own ?? null);
      setRefusal(own ? null : refusalText(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = grievanceMessageInput.safeParse({ ticketNumber, text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Write a message.");
      return;
    }
    setFieldError(null);
    send.mutate({ ticketNumber, text });
  };
  if (closed) return <p className="hint">The ticket is closed: no more messages.</p>;
  return (
    <form noValidate onSubmit={submit} className="trust-reply">
      <div className="field">
        <label htmlFor={id}>Reply to the complainant</label>
        <textarea
          id={id}
          rows={4}
          maxLength={2000}
          value={text}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {fieldError && (
          <p className="form-error" id={`${id}-error`}>
            {fieldError}
          </p>
        )}
      </div>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn small" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send reply"}
      </button>
    </form>
  );
}
