import { lazy, Suspense, useState } from "react";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type { customerLoginFormSchema } from "@store/validators";
import type { z } from "zod";
import { FormField } from "../components/FormField";
import { StoreLayout } from "../components/store/StoreLayout";
import { loginSearch } from "../components/store/searchParams";
import { saveCustomerSession } from "../lib/auth";
import { errorCode, trpc } from "../lib/trpc";
import { useHydrated } from "../lib/hydration";
import { lazyZodResolver } from "../lib/lazyResolver";
import { LoginMethodSwitch, type LoginMethod } from "../components/store/account/LoginMethodSwitch";
import { Loading } from "../components/QueryState";

// the OTP steps load when chosen: the password form stays the first page's only form
const OtpLoginPanel = lazy(() => import("../components/store/account/OtpLoginPanel").then((m) => ({ default: m.OtpLoginPanel })));

export const Route = createFileRoute("/customerLogin")({
  validateSearch: loginSearch,
  component: CustomerLogin,
});

type LoginForm = z.infer<typeof customerLoginFormSchema>;
const loginResolver = lazyZodResolver((schemas) => schemas.customerLoginFormSchema);
/** Failures whose server message is meant for the person logging in (401 per spec §8; 403 inactive; 429 wait). */
const SHOWN = ["UNAUTHORIZED", "FORBIDDEN", "TOO_MANY_REQUESTS"];

function CustomerLogin() {
  const { redirect } = Route.useSearch();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [method, setMethod] = useState<LoginMethod>("password");
  const form = useForm<LoginForm>({ resolver: loginResolver, defaultValues: { number: "", password: "" } });
  const login = trpc.auth.customerLogin.useMutation({
    onSuccess: (res) => {
      for (const key of ["customers", "cart", "orders"]) queryClient.removeQueries({ queryKey: [[key]] });
      saveCustomerSession(res.token, res.customerId);
      if (redirect) void navigate({ href: redirect, replace: true });
      else void navigate({ to: "/product/$customerId", params: { customerId: String(res.customerId) }, replace: true });
    },
    onError: (error) => {
      setFormError(SHOWN.includes(errorCode(error) ?? "") ? error.message : "An error occurred. Please try again later.");
    },
  });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    login.mutate({ number: values.number, password: values.password });
  });
  const e = form.formState.errors;
  return (
    <StoreLayout title="Customer login" narrow>
      <div className="auth-card card">
        <h1>Login</h1>
        <p className="hint">Log in with your phone number to order, see your cart and track orders.</p>
        {redirect && <p className="notice">Please log in to continue.</p>}
        <LoginMethodSwitch value={method} onChange={setMethod} />
        {method === "otp" ? (
          <Suspense fallback={<Loading />}>
            <OtpLoginPanel redirect={redirect} />
          </Suspense>
        ) : (
          <form onSubmit={submit} onFocus={() => loginResolver.preload()} noValidate>
            <FormField
              id="login-number"
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              registration={form.register("number")}
              error={e.number}
            />
            <FormField
              id="login-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              registration={form.register("password")}
              error={e.password}
            />
            {formError && (
              <p className="form-error" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="btn block" disabled={login.isPending || !hydrated}>
              {login.isPending ? "Logging in..." : "Login"}
            </button>
          </form>
        )}
        <p className="auth-switch">
          <Link to="/forgotPassword">Forgot password?</Link>
        </p>
        <p className="auth-switch">
          New to Clean Store? <Link to="/customerRegister">Create an account</Link>
        </p>
      </div>
    </StoreLayout>
  );
}
