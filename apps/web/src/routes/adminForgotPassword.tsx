import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordForm } from "../components/PasswordReset";
import "../admin.css";

export const Route = createFileRoute("/adminForgotPassword")({
  component: () => (
    <main className="admin-login" id="main">
      <title>Admin password reset | Clean Store</title>
      <div className="card">
        <h1>Admin password reset</h1>
        <p className="hint">Enter the admin email or phone number. We will email a link to choose a new password.</p>
        <ForgotPasswordForm role="admin" />
      </div>
    </main>
  ),
});
