import { useId, type ReactNode } from "react";

/** A read-only form: each value in a labelled, read-only input (spec: detail screens are read-only forms). */
export function ReadOnlyFields({ fields }: { fields: [label: string, value: string | number | null | undefined][] }) {
  const base = useId();
  return (
    <div className="form-grid readonly-form">
      {fields.map(([label, value], i) => (
        <div className="field" key={label}>
          <label htmlFor={`${base}-${i}`}>{label}</label>
          <input id={`${base}-${i}`} readOnly value={value === null || value === undefined || value === "" ? "—" : String(value)} />
        </div>
      ))}
    </div>
  );
}

/** Heading, back button and body of a detail screen. */
export function DetailFrame({ title, back, children }: { title: string; back: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>{`${title} | Clean Store Admin`}</title>
      <div className="admin-head">
        <h1 id="page-title">{title}</h1>
        {back}
      </div>
      {children}
    </section>
  );
}
