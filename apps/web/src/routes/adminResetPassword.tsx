import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordForm } from "../components/PasswordReset";
import { tokenSearch } from "../lib/searchParams";
import "../admin.css";

export const Route = createFileRoute("/adminResetPassword")({
  validateSearch: tokenSearch,
  component: AdminResetPassword,
});

function AdminResetPassword() {
  const { token } = Route.useSearch();
  return (
    <main className="admin-login" id="main">
      <title>Choose a new admin password | Clean Store</title>
      <div className="card">
        <h1>Choose a new admin password</h1>
        <ResetPasswordForm role="admin" token={token} />
      </div>
    </main>
  );
}
