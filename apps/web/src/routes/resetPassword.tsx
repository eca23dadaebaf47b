import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordForm } from "../components/PasswordReset";
import { StoreLayout } from "../components/store/StoreLayout";

export const Route = createFileRoute("/resetPassword")({
  validateSearch: z.object({ token: z.string().catch("").default("") }),
  component: ResetPassword,
});

function ResetPassword() {
  const { token } = Route.useSearch();
  return (
    <StoreLayout title="Choose a new password" narrow>
      <div className="auth-card card">
        <h1>Choose a new password</h1>
        <ResetPasswordForm role="customer" token={token} />
      </div>
    </StoreLayout>
  );
}
