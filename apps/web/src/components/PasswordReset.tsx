import { useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { forgotPasswordSchema, resetPasswordSchema } from "@store/validators";
import { keepTyped } from "../lib/hydration";
import { errorMessage, trpc } from "../lib/trpc";

type Role = "customer" | "admin";

const loginPage = (role: Role) => (role === "admin" ? "/AdminLogin" : "/customerLogin");

/** "Forgot password?": the account's email or phone number; the same answer whether or not it exists. */
export function ForgotPasswordForm({ role }: { role: Role }) {
  const [account, setAccount] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const customer = trpc.auth.customerForgotPassword.useMutation();
  const admin = trpc.auth.adminForgotPassword.useMutation();
  const busy = customer.isPending || admin.isPending;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = account.trim();
    const parsed = forgotPasswordSchema.safeParse(value === "" ? {} : /^\d+$/.test(value) ? { number: value } : { email: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Enter your email or phone number");
      return;
    }
    setProblem(null);
    try {
      const res = await (role === "admin" ? admin : customer).mutateAsync(parsed.data);
      setSent(res.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  if (sent) {
    return (
      <div role="status">
        <p className="notice">{sent}</p>
        <p>
          <Link to={loginPage(role)}>Back to login</Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="forgot-account">Email or Phone Number</label>
        <input
          id="forgot-account"
          autoComplete="username"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          ref={keepTyped(setAccount)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "forgot-error" : undefined}
        />
      </div>
      {problem && (
        <p id="forgot-error" className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn block" disabled={busy}>
        {busy ? "Sending..." : "Send reset link"}
      </button>
      <p className="auth-switch">
        <Link to={loginPage(role)}>Back to login</Link>
      </p>
    </form>
  );
}

/** The page behind the emailed link: a new password (the password policy applies), then log in. */
export function ResetPasswordForm({ role, token }: { role: Role; token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const customer = trpc.auth.customerResetPassword.useMutation();
  const admin = trpc.auth.adminResetPassword.useMutation();
  const busy = customer.isPending || admin.isPending;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Enter a new password");
      return;
    }
    if (password !== confirm) {
      setProblem("The two passwords do not match.");
      return;
    }
    setProblem(null);
    try {
      const res = await (role === "admin" ? admin : customer).mutateAsync(parsed.data);
      setDone(res.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  if (done) {
    return (
      <div role="status">
        <p className="notice">{done}</p>
        <Link to={loginPage(role)} className="btn">
          Go to login
        </Link>
      </div>
    );
  }
  if (!token) {
    return (
      <p className="form-error" role="alert">
        This reset link is incomplete. Please open it again from the email, or ask for a new one.
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          ref={keepTyped(setPassword)}
        />
        <small className="hint">At least 10 characters, not a common password.</small>
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">Confirm new password</label>
        <input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          ref={keepTyped(setConfirm)}
        />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn block" disabled={busy}>
        {busy ? "Saving..." : "Set new password"}
      </button>
    </form>
  );
}
