import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { customerSignUpSchema } from "@store/validators";
import { FormField } from "../../FormField";
import { lazyZodResolver } from "../../../lib/lazyResolver";
import { errorMessage, fieldErrorsOf, trpc } from "../../../lib/trpc";
import { usePincodeFill } from "../usePincodeFill";

type Input = z.input<typeof customerSignUpSchema>;
type Output = z.output<typeof customerSignUpSchema>;
// the sign-up's own schema: the verified phone and signupToken are the form's hidden values, and no password
const resolver = lazyZodResolver((s) => s.customerSignUpSchema);
const FIELDS = ["firstName", "lastName", "email", "houseNo", "areaAddress", "city", "state", "pinCode", "agreeToTerms"] as const;

/**
 * The short sign-up after an OTP for a phone without an account: the phone is verified already, so
 * no password; `signupToken` (from /auth/otp/verify) stands for it. `onDone` gets the new session.
 */
export function OtpSignup({
  phone,
  signupToken,
  onDone,
}: {
  phone: string;
  signupToken: string;
  /** token: the new account's session, when the sign-up gives one */
  onDone: (customerId: number, token: string | null) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      firstName: "",
      lastName: "",
      number: phone,
      email: "",
      houseNo: "",
      areaAddress: "",
      city: "",
      state: "",
      pinCode: "",
      signupToken,
      agreeToTerms: false,
    },
  });
  const pin = usePincodeFill(form);
  const save = trpc.customers.save.useMutation({
    onSuccess: (res) => onDone(res.customerId, "token" in res && typeof res.token === "string" ? res.token : null),
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      for (const f of FIELDS) if (fields[f]) form.setError(f, { message: fields[f] });
      setFormError(errorMessage(e));
    },
  });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values);
  });
  const e = form.formState.errors;
  const r = form.register;
  return (
    <form onSubmit={submit} onFocus={() => resolver.preload()} noValidate aria-label="Create your account">
      <h2>Create your account</h2>
      <p className="hint">
        Your phone number <strong>{phone}</strong> is verified. Tell us where to deliver.
      </p>
      <div className="form-grid">
        <FormField id="os-firstName" label="First Name" autoComplete="given-name" registration={r("firstName")} error={e.firstName} />
        <FormField id="os-lastName" label="Last Name" autoComplete="family-name" registration={r("lastName")} error={e.lastName} />
        <FormField id="os-email" label="Email" type="email" autoComplete="email" registration={r("email")} error={e.email} />
        <FormField id="os-houseNo" label="House Number" autoComplete="address-line1" registration={r("houseNo")} error={e.houseNo} />
        <FormField id="os-areaAddress" label="Area Address" autoComplete="address-line2" registration={r("areaAddress")} error={e.areaAddress} />
        <FormField
          id="os-pinCode"
          label="Pin Code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          registration={r("pinCode")}
          error={e.pinCode}
          hint={pin.hint}
        />
        <FormField id="os-city" label="City" autoComplete="address-level2" registration={r("city")} error={e.city} />
        <FormField id="os-state" label="State" autoComplete="address-level1" registration={r("state")} error={e.state} />
      </div>
      <div className="check-field">
        <input
          id="os-terms"
          type="checkbox"
          {...r("agreeToTerms")}
          aria-invalid={e.agreeToTerms ? true : undefined}
          aria-describedby={e.agreeToTerms ? "os-terms-error" : undefined}
        />
        <label htmlFor="os-terms">
          I agree to the <Link to="/termsCondition">Terms &amp; Conditions</Link> and the <Link to="/privacyPolicy">Privacy Policy</Link>
        </label>
      </div>
      {e.agreeToTerms?.message && (
        <p id="os-terms-error" className="field-error" role="alert">
          {e.agreeToTerms.message}
        </p>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn block" disabled={save.isPending}>
        {save.isPending ? "Creating account..." : "Create account"}
      </button>
    </form>
  );
}
