import { useState, type FormEvent, type ReactNode } from "react";
import { settingsUpdateSchema } from "@store/validators";
import { errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { OwnerOnlyNote, useIsStaff } from "./OwnerOnly";

export type Settings = RouterOutputs["settings"]["get"];
type Key = Extract<keyof Settings, string>;

export interface SettingField {
  name: Key;
  label: string;
  /** list: words separated by commas or spaces; lines: one entry a line (a textarea) */
  kind?: "text" | "checkbox" | "select" | "list" | "lines";
  options?: readonly (string | number)[];
  hint?: string;
  inputMode?: "decimal" | "numeric" | "email" | "tel";
}

const shown = (v: Settings[Key], kind: SettingField["kind"]): string =>
  v === null ? "" : Array.isArray(v) ? v.join(kind === "lines" ? "\n" : ", ") : String(v);

type Values = Record<string, string | boolean>;
const valuesOf = (fields: SettingField[], settings: Settings): Values =>
  Object.fromEntries(fields.map((f) => [f.name, f.kind === "checkbox" ? Boolean(settings[f.name]) : shown(settings[f.name], f.kind)]));
const sameValues = (a: Values, b: Values) => Object.keys(a).every((k) => a[k] === b[k]);

/** "GST and seller" → "gst-and-seller": the section's anchor and heading ids. */
export const sectionSlug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** One section of the Settings screen: a card with its heading, what it is for, and its own form. */
export function SettingsFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const slug = sectionSlug(title);
  return (
    <section className="card settings-section" id={`section-${slug}`} aria-labelledby={`settings-${slug}`}>
      <h2 id={`settings-${slug}`}>{title}</h2>
      {intro && <p className="hint">{intro}</p>}
      {children}
    </section>
  );
}

/**
 * The foot of a section's form: its own outcome (saved, or what went wrong), whether it holds
 * unsaved edits, and its one Save button; staff read why there is none (issue 24).
 */
export function SaveRow({
  label,
  busy,
  saved,
  problem,
  dirty,
  problemId,
  ownerOnly = true,
}: {
  label: string;
  busy: boolean;
  saved: string | null;
  problem: string | null;
  dirty: boolean;
  /** the problem's id, for a field that it describes */
  problemId?: string;
  /** false: anyone signed in may save it (their own password) */
  ownerOnly?: boolean;
}) {
  const staff = useIsStaff();
  return (
    <div className="save-row">
      {problem && (
        <p id={problemId} className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p className="form-ok" role="status">
        {saved}
      </p>
      {ownerOnly && staff ? (
        <OwnerOnlyNote />
      ) : (
        <div className="toolbar">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Saving..." : label}
          </button>
          {dirty && <span className="hint">Unsaved changes</span>}
        </div>
      )}
    </div>
  );
}

/**
 * A section of Settings fields saved together, and only those: the update is partial, so another
 * section's fields, saved or still being edited, are left as they are.
 */
export function SettingsSection({
  title,
  intro,
  fields,
  settings,
  saveLabel,
}: {
  title: string;
  intro?: string;
  fields: SettingField[];
  settings: Settings;
  saveLabel: string;
}) {
  const utils = trpc.useUtils();
  const staff = useIsStaff();
  const [baseline, setBaseline] = useState<Values>(() => valuesOf(fields, settings));
  const [values, setValues] = useState<Values>(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = trpc.settings.update.useMutation({
    onSuccess: async (res) => {
      // what the server kept (trimmed, upper-cased, each pin code once) becomes this section's values
      const kept = valuesOf(fields, res);
      setBaseline(kept);
      setValues(kept);
      setSaved(res.message);
      await utils.settings.invalidate();
    },
    onError: (e) => {
      const mine = Object.fromEntries(Object.entries(fieldErrorsOf(e)).filter(([name]) => fields.some((f) => f.name === name)));
      setErrors(mine);
      // a field's own error is said beside it; anything else once, at the foot of the section
      setProblem(Object.keys(mine).length > 0 ? null : errorMessage(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const payload: Record<string, string | boolean | string[]> = {};
    for (const f of fields) {
      const v = values[f.name] ?? "";
      payload[f.name] =
        f.kind === "list"
          ? String(v)
              .split(/[\s,]+/)
              .filter(Boolean)
          : v;
    }
    const parsed = settingsUpdateSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      setProblem(null);
      return;
    }
    setErrors({});
    setProblem(null);
    save.mutate(parsed.data);
  };
  const id = (name: string) => `setting-${name}`;
  return (
    <SettingsFrame title={title} intro={intro}>
      <form noValidate onSubmit={submit}>
        {fields.map((f) => {
          const error = errors[f.name];
          const described = error ? `${id(f.name)}-error` : f.hint ? `${id(f.name)}-hint` : undefined;
          const common = { id: id(f.name), "aria-invalid": error ? true : undefined, "aria-describedby": described, disabled: staff };
          const value = values[f.name];
          const set = (v: string | boolean) => {
            setSaved(null);
            setValues((prev) => ({ ...prev, [f.name]: v }));
          };
          return (
            <div className={f.kind === "checkbox" ? "check-field" : "field"} key={f.name}>
              {f.kind === "checkbox" ? (
                <>
                  <input type="checkbox" {...common} checked={value === true} onChange={(e) => set(e.target.checked)} />
                  <label htmlFor={id(f.name)}>{f.label}</label>
                </>
              ) : (
                <>
                  <label htmlFor={id(f.name)}>{f.label}</label>
                  {f.kind === "select" ? (
                    <select {...common} value={String(value)} onChange={(e) => set(e.target.value)}>
                      {f.options?.map((o) => (
                        <option key={o} value={String(o)}>
                          {o}
                        </option>
                      ))}
                    </select>
                  ) : f.kind === "list" || f.kind === "lines" ? (
                    <textarea {...common} rows={f.kind === "lines" ? 8 : 2} value={String(value)} onChange={(e) => set(e.target.value)} />
                  ) : (
                    <input {...common} inputMode={f.inputMode} value={String(value)} onChange={(e) => set(e.target.value)} />
                  )}
                </>
              )}
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
        <SaveRow label={saveLabel} busy={save.isPending} saved={saved} problem={problem} dirty={!sameValues(values, baseline)} />
      </form>
    </SettingsFrame>
  );
}
