import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordForm } from "../components/PasswordReset";
import { tokenSearch } from "../lib/searchParams";
import { StoreLayout } from "../components/store/StoreLayout";

export const Route = createFileRoute("/resetPassword")({
  validateSearch: tokenSearch,
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
