import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../FormField";

/** The 6-digit code's input: the phone's number pad, and the SMS's code offered by the keyboard. */
export function CodeField({ id, registration, error, hint }: { id: string; registration: UseFormRegisterReturn; error?: FieldError; hint?: string }) {
  return (
    <div className="otp-code">
      <FormField
        id={id}
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        hint={hint}
        registration={registration}
        error={error}
      />
    </div>
  );
}
