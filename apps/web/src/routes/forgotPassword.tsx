import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordForm } from "../components/PasswordReset";
import { StoreLayout } from "../components/store/StoreLayout";

export const Route = createFileRoute("/forgotPassword")({
  component: () => (
    <StoreLayout title="Forgot password" narrow>
      <div className="auth-card card">
        <h1>Forgot password?</h1>
        <p className="hint">Enter the email or phone number of your account. We will email you a link to choose a new password.</p>
        <ForgotPasswordForm role="customer" />
      </div>
    </StoreLayout>
  ),
});
