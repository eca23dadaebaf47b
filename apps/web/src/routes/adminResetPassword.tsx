import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordForm } from "../components/PasswordReset";
import "../admin.css";

export const Route = createFileRoute("/adminResetPassword")({
  validateSearch: z.object({ token: z.string().catch("").default("") }),
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
