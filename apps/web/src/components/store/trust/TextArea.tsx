import type { TextareaHTMLAttributes } from "react";

/** A labelled text area with a character counter and its validation message, wired for screen readers. */
export function TextArea({
  id,
  label,
  value,
  onChange,
  max,
  error,
  hint,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string;
  hint?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange">) {
  const left = max - value.length;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        maxLength={max}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : hint ? `${id}-hint` : "", `${id}-count`].filter(Boolean).join(" ")}
        {...rest}
      />
      <small id={`${id}-count`} className={left < 50 ? "counter low" : "counter"}>
        {value.length} / {max}
      </small>
      {hint && !error && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
