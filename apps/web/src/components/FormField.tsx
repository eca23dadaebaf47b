import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

/** A labelled input with its validation message, wired for screen readers. */
export function FormField({
  id,
  label,
  registration,
  error,
  hint,
  ...input
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | { message?: string };
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const described = error?.message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error?.message ? true : undefined} aria-describedby={described} {...input} {...registration} />
      {hint && !error?.message && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error?.message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </small>
      )}
    </div>
  );
}
