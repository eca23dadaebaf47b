import { useState } from "react";
import { hsnNameInput } from "@store/validators";
import { errorMessage, trpc } from "../../lib/trpc";
import { useIsStaff } from "./OwnerOnly";

const SOURCE_WORDS = { owner: "your name", tariff: "tariff heading", none: "not named yet" } as const;

/**
 * An HSN row's description in the GST summary, and (the owner only) naming the code once: the
 * summary then describes every row of that code, and a 4-digit name the longer codes under it (issue 24).
 */
export function GstHsnName({ hsn, description, source }: { hsn: string; description: string; source: keyof typeof SOURCE_WORDS }) {
  const staff = useIsStaff();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(source === "owner" ? description : "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.reports.nameHsn.useMutation({
    onSuccess: async () => {
      setEditing(false);
      setProblem(null);
      await utils.reports.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const inputId = `hsn-name-${hsn}`;
  if (!editing)
    return (
      <>
        {description} <span className="sub">({SOURCE_WORDS[source]})</span>
        {!staff && (
          <>
            {" "}
            <button type="button" className="link-button" onClick={() => setEditing(true)} aria-label={`Name HSN ${hsn}`}>
              {source === "owner" ? "Rename" : "Name"}
            </button>
          </>
        )}
      </>
    );
  return (
    <form
      noValidate
      className="hsn-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = hsnNameInput.safeParse({ hsnCode: hsn, description: text });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message ?? "Enter a description");
          return;
        }
        save.mutate(parsed.data);
      }}
    >
      <label htmlFor={inputId}>What HSN {hsn} is</label>
      <input
        id={inputId}
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-error` : undefined}
      />
      {problem && (
        <small id={`${inputId}-error`} className="field-error" role="alert">
          {problem}
        </small>
      )}
      <div className="toolbar">
        <button type="submit" className="btn small" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save name"}
        </button>
        <button type="button" className="btn small secondary" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
