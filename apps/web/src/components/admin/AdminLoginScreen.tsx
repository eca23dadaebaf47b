import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../lib/toast";
import { adminLoginSchema, type AdminLogin } from "@store/validators";
import { FormField } from "../FormField";
import { safeAdminRedirect } from "../../lib/searchParams";
import { saveAdminSession } from "../../lib/auth";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
// imported here, not in the route file: a route file's own imports load with the route tree,
// which put the back office's styles on every storefront page
import "../../admin.css";

export function AdminLoginScreen() {
  const { redirect: target } = useSearch({ from: "/AdminLogin" });
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLogin>({ resolver: zodResolver(adminLoginSchema), defaultValues: { email: "", password: "" } });
  const login = trpc.auth.adminLogin.useMutation({
    onSuccess: async (res) => {
      saveAdminSession(res.token);
      toast.success(`Welcome, ${res.name}.`);
      const to = safeAdminRedirect(target);
      await (to ? navigate({ href: to }) : navigate({ to: "/Admindashboard" }));
    },
    onError: (error) => {
      const code = errorCode(error);
      // spec §8: an 'Unauthorized' failure shows the server's message, anything else a general one
      setProblem(
        code === "UNAUTHORIZED" || code === "FORBIDDEN" || code === "TOO_MANY_REQUESTS" ? errorMessage(error) : "An error occurred. Please try again later.",
      );
    },
  });
  return (
    <main className="admin-login" id="main">
      <title>Admin Login | Clean Store</title>
      <div className="card">
        <h1>Admin Login</h1>
        <form
          noValidate
          onSubmit={handleSubmit((values) => {
            setProblem(null);
            login.mutate(values);
          })}
        >
          <FormField id="email" label="Email / Phone Number" registration={register("email")} error={errors.email} autoComplete="username" />
          <FormField
            id="password"
            label="Password"
            type="password"
            registration={register("password")}
            error={errors.password}
            autoComplete="current-password"
          />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </button>
        </form>
        <p className="auth-switch">
          <Link to="/adminForgotPassword">Forgot password?</Link>
        </p>
      </div>
    </main>
  );
}
