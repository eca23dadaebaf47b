import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "../../../lib/toast";
import { saveCustomerSession } from "../../../lib/auth";
import { OtpLogin } from "./OtpLogin";
import { OtpSignup } from "./OtpSignup";

/**
 * The login page's "Log in with OTP": the code, then the account (or, for a new phone, the short
 * sign-up); the session is kept as after a password login, and the shopper goes where they were going.
 */
export function OtpLoginPanel({ redirect }: { redirect?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signup, setSignup] = useState<{ phone: string; signupToken: string } | null>(null);
  const finish = (token: string, customerId: number) => {
    for (const key of ["customers", "cart", "orders", "addresses"]) queryClient.removeQueries({ queryKey: [[key]] });
    saveCustomerSession(token, customerId);
    if (redirect) void navigate({ href: redirect, replace: true });
    else void navigate({ to: "/product/$customerId", params: { customerId: String(customerId) }, replace: true });
  };
  if (signup) {
    return (
      <OtpSignup
        phone={signup.phone}
        signupToken={signup.signupToken}
        onDone={(customerId, token) => {
          if (token) {
            toast.success("Welcome to Clean Store! Your account is ready.");
            finish(token, customerId);
          } else {
            // a sign-up that gives no session: the phone logs in with a new code
            toast.success("Your account is ready. Log in with a new code.");
            setSignup(null);
          }
        }}
      />
    );
  }
  return (
    <OtpLogin
      onDone={(r) => {
        if (r.kind === "loggedIn") finish(r.token, r.customerId);
        else setSignup({ phone: r.phone, signupToken: r.signupToken });
      }}
    />
  );
}
