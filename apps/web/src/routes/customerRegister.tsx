import { useState } from "react";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { toast } from "../lib/toast";
import type { customerPasswordSignUpSchema } from "@store/validators";
import { PASSWORD_MIN_LENGTH } from "@store/validators/constants";
import type { z } from "zod";
import { FormField } from "../components/FormField";
import { StoreLayout } from "../components/store/StoreLayout";
import { errorMessage, fieldErrorsOf, trpc } from "../lib/trpc";
import { useHydrated } from "../lib/hydration";
import { lazyZodResolver } from "../lib/lazyResolver";
import { usePincodeFill } from "../components/store/usePincodeFill";
import { WhatsAppOptIn, whatsappOptInBody } from "../components/store/account/WhatsAppOptIn";

export const Route = createFileRoute("/customerRegister")({ component: CustomerRegister });

type SignUpInput = z.input<typeof customerPasswordSignUpSchema>;
type SignUp = z.output<typeof customerPasswordSignUpSchema>;
const signUpResolver = lazyZodResolver((schemas) => schemas.customerPasswordSignUpSchema);
const FIELDS = ["firstName", "lastName", "number", "email", "houseNo", "areaAddress", "city", "state", "pinCode", "password", "agreeToTerms"] as const;

function CustomerRegister() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver: signUpResolver,
    defaultValues: {
      firstName: "",
      lastName: "",
      number: "",
      email: "",
      houseNo: "",
      areaAddress: "",
      city: "",
      state: "",
      pinCode: "",
      password: "",
      agreeToTerms: false,
      whatsappOptIn: false,
    },
  });
  const pin = usePincodeFill(form);
  const save = trpc.customers.save.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      void navigate({ to: "/customerLogin" });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      for (const f of FIELDS) if (fields[f]) form.setError(f, { message: fields[f] });
      setFormError(errorMessage(error));
    },
  });
  const submit = form.handleSubmit(({ whatsappOptIn, ...values }) => {
    setFormError(null);
    save.mutate({ ...values, ...whatsappOptInBody(whatsappOptIn === true) });
  });
  const e = form.formState.errors;
  const r = form.register;
  return (
    <StoreLayout title="Create an account" narrow>
      <div className="auth-card card wide">
        <h1>Create an account</h1>
        <form onSubmit={submit} onFocus={() => signUpResolver.preload()} noValidate>
          <fieldset>
            <legend>About you</legend>
            <div className="form-grid">
              <FormField id="reg-firstName" label="First Name" autoComplete="given-name" registration={r("firstName")} error={e.firstName} />
              <FormField id="reg-lastName" label="Last Name" autoComplete="family-name" registration={r("lastName")} error={e.lastName} />
              <FormField
                id="reg-number"
                label="Phone Number"
                type="tel"
                inputMode="numeric"
                maxLength={10}
                autoComplete="tel-national"
                hint="10-digit mobile number"
                registration={r("number")}
                error={e.number}
              />
              <FormField id="reg-email" label="Email" type="email" autoComplete="email" registration={r("email")} error={e.email} />
            </div>
          </fieldset>
          <fieldset>
            <legend>Delivery address</legend>
            <div className="form-grid">
              <FormField id="reg-houseNo" label="House Number" autoComplete="address-line1" registration={r("houseNo")} error={e.houseNo} />
              <FormField id="reg-areaAddress" label="Area Address" autoComplete="address-line2" registration={r("areaAddress")} error={e.areaAddress} />
              <FormField id="reg-city" label="City" autoComplete="address-level2" registration={r("city")} error={e.city} />
              <FormField id="reg-state" label="State" autoComplete="address-level1" registration={r("state")} error={e.state} />
              <FormField
                id="reg-pinCode"
                label="Pin Code"
                inputMode="numeric"
                maxLength={6}
                autoComplete="postal-code"
                registration={r("pinCode")}
                error={e.pinCode}
                hint={pin.hint}
              />
            </div>
          </fieldset>
          <FormField
            id="reg-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            registration={r("password")}
            error={e.password}
          />
          <WhatsAppOptIn id="reg-whatsapp" registration={r("whatsappOptIn")} />
          <div className="check-field">
            <input
              id="reg-terms"
              type="checkbox"
              {...r("agreeToTerms")}
              aria-invalid={e.agreeToTerms ? true : undefined}
              aria-describedby={e.agreeToTerms ? "reg-terms-error" : undefined}
            />
            <label htmlFor="reg-terms">
              I agree to the <Link to="/termsCondition">Terms &amp; Conditions</Link> and the <Link to="/privacyPolicy">Privacy Policy</Link>
            </label>
          </div>
          {e.agreeToTerms?.message && (
            <p id="reg-terms-error" className="field-error" role="alert">
              {e.agreeToTerms.message}
            </p>
          )}
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="btn block" disabled={save.isPending || !hydrated}>
            {save.isPending ? "Creating account..." : "Register"}
          </button>
        </form>
        <p className="auth-switch">
          Already have an account? <Link to="/customerLogin">Login</Link>
        </p>
      </div>
    </StoreLayout>
  );
}
