import { zodResolver } from "@hookform/resolvers/zod";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { localPath } from "../lib/searchParams";
import { adminLoginSchema, type AdminLogin } from "@store/validators";
import { FormField } from "../components/FormField";
import { adminSession, saveAdminSession } from "../lib/auth";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import "../admin.css";

/** Only a path on this site may be a return target (no open redirect). */
const safeRedirect = (target: string | undefined) => (target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/AdminLogin") ? target : undefined);

export const Route = createFileRoute("/AdminLogin")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: localPath(search.redirect) }),
  beforeLoad: ({ search }) => {
    if (adminSession()) throw redirect({ href: safeRedirect(search.redirect) ?? "/Admindashboard" });
  },
  component: AdminLoginScreen,
});

function AdminLoginScreen() {
  const { redirect: target } = Route.useSearch();
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
      const to = safeRedirect(target);
      await (to ? navigate({ href: to }) : navigate({ to: "/Admindashboard" }));
    },
    onError: (error) => {
      const code = errorCode(error);
      // spec §8: an 'Unauthorized' failure shows the server's message, anything else a general one
      setProblem(code === "UNAUTHORIZED" || code === "TOO_MANY_REQUESTS" ? errorMessage(error) : "An error occurred. Please try again later.");
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
          <FormField id="password" label="Password" type="password" registration={register("password")} error={errors.password} autoComplete="current-password" />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </button>
        </form>
      </div>
    </main>
  );
}
