import { useState, type FormEvent } from "react";
import { zoneCreateSchema } from "@store/validators";
import { errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../lib/toast";

export type Zone = RouterOutputs["zones"]["list"][number];

type Values = { name: string; match: string; fee: string; etaDaysMin: string; etaDaysMax: string; codAllowed: boolean; position: string };
const EMPTY: Values = { name: "", match: "", fee: "", etaDaysMin: "", etaDaysMax: "", codAllowed: true, position: "" };
const valuesOf = (z: Zone): Values => ({
  name: z.name,
  match: z.match.join(", "),
  fee: String(z.fee),
  etaDaysMin: String(z.etaDaysMin),
  etaDaysMax: String(z.etaDaysMax),
  codAllowed: z.codAllowed,
  position: String(z.position),
});

const FIELDS: { name: Exclude<keyof Values, "codAllowed">; label: string; hint?: string; inputMode?: "decimal" | "numeric" }[] = [
  { name: "name", label: "Zone name" },
  {
    name: "match",
    label: "PIN codes and states",
    hint: "PIN-code prefixes (4, 400, 4000, 400001) and GST state codes (27 = Maharashtra), separated by commas. Empty: the default zone for everywhere else.",
  },
  { name: "fee", label: "Delivery fee per order (₹)", inputMode: "decimal", hint: "0 for free delivery." },
  { name: "etaDaysMin", label: "Fastest delivery (working days)", inputMode: "numeric" },
  { name: "etaDaysMax", label: "Slowest delivery (working days)", inputMode: "numeric", hint: "The delivery date shoppers see counts this many days." },
  { name: "position", label: "Position", inputMode: "numeric", hint: "Where the zone stands in the list. Empty: last." },
];

/** Adds a zone, or changes `editing`; `onDone` closes the edit. */
export function ZoneForm({ editing, onDone }: { editing: Zone | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : EMPTY);
  const [shownFor, setShownFor] = useState(editing?.zoneId ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // another zone chosen for editing: the form shows it (React: adjusting state when a prop changes)
  if ((editing?.zoneId ?? null) !== shownFor) {
    setShownFor(editing?.zoneId ?? null);
    setValues(editing ? valuesOf(editing) : EMPTY);
    setErrors({});
    setProblem(null);
  }
  const handlers = {
    onSuccess: async (z: Zone) => {
      toast.success(editing ? `Zone ${z.name} saved.` : `Zone ${z.name} added.`);
      setValues(EMPTY);
      onDone();
      await utils.zones.invalidate();
    },
    onError: (e: unknown) => {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      setProblem(Object.keys(fields).length > 0 ? null : errorMessage(e));
    },
  };
  const create = trpc.zones.create.useMutation(handlers);
  const update = trpc.zones.update.useMutation(handlers);
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = zoneCreateSchema.safeParse({ ...values, position: values.position.trim() === "" ? undefined : values.position });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      setProblem(null);
      return;
    }
    setErrors({});
    setProblem(null);
    if (editing) update.mutate({ zoneId: editing.zoneId, ...parsed.data });
    else create.mutate(parsed.data);
  };
  const set = (name: keyof Values, v: string | boolean) => setValues((prev) => ({ ...prev, [name]: v }));
  const id = (name: string) => `zone-${name}`;
  return (
    <form noValidate onSubmit={submit} aria-label={editing ? `Edit zone ${editing.name}` : "Add a zone"}>
      {FIELDS.map((f) => {
        const error = errors[f.name];
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id(f.name)}>{f.label}</label>
            <input
              id={id(f.name)}
              inputMode={f.inputMode}
              value={values[f.name]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id(f.name)}-error` : f.hint ? `${id(f.name)}-hint` : undefined}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {f.hint && !error && (
              <small id={`${id(f.name)}-hint`} className="hint">
                {f.hint}
              </small>
            )}
            {error && (
              <small id={`${id(f.name)}-error`} className="field-error" role="alert">
                {error}
              </small>
            )}
          </div>
        );
      })}
      <div className="check-field">
        <input id={id("codAllowed")} type="checkbox" checked={values.codAllowed} onChange={(e) => set("codAllowed", e.target.checked)} />
        <label htmlFor={id("codAllowed")}>Cash on delivery in this zone</label>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Saving..." : editing ? "Save zone" : "Add zone"}
        </button>
        {editing && (
          <button type="button" className="btn secondary" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
