import { useState, type FormEvent } from "react";
import { settingsUpdateSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import { errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../lib/trpc";

type Settings = RouterOutputs["settings"]["get"];
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

/** A card of Settings fields saved together through the one settings schema (what is left out keeps its value). */
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
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.kind === "checkbox" ? Boolean(settings[f.name]) : shown(settings[f.name], f.kind)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.settings.update.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await utils.settings.invalidate();
    },
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      toast.error(errorMessage(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
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
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const id = (name: string) => `setting-${name}`;
  const titleId = `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className="hint">{intro}</p>}
      <form noValidate onSubmit={submit}>
        {fields.map((f) => {
          const error = errors[f.name];
          const described = error ? `${id(f.name)}-error` : f.hint ? `${id(f.name)}-hint` : undefined;
          const common = { id: id(f.name), "aria-invalid": error ? true : undefined, "aria-describedby": described };
          const value = values[f.name];
          const set = (v: string | boolean) => setValues((prev) => ({ ...prev, [f.name]: v }));
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
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? "Saving..." : saveLabel}
        </button>
      </form>
    </section>
  );
}
