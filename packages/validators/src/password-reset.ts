import { z } from "zod";
import { email, newPassword, phoneNumber } from "./common.ts";

/** "Forgot password?": the account's email, or its phone number. */
export const forgotPasswordSchema = z
  .object({ email: email.optional(), number: phoneNumber.optional() })
  .refine((v) => Boolean(v.email || v.number), { message: "Enter your email or phone number", path: ["email"] });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** The form behind the emailed link: its token and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: "The reset link is incomplete. Please open it again from the email." })
    .trim()
    .min(20, "The reset link is incomplete. Please open it again from the email.")
    .max(200),
  password: newPassword,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
