// Phone OTPs (issue 29, contracts/otp-and-sms.md): asking for a code and checking it.
import { z } from "zod";
// an Indian mobile number as SMS reach it: 10 digits starting with 6–9
import { mobileNumber } from "./guest.ts";

export const OTP_PURPOSES = ["LOGIN", "GUEST_CHECKOUT", "COD_CONFIRM"] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** `phone` is needed except for COD_CONFIRM, which goes to the order's own phone. */
export const otpSendSchema = z
  .object({
    phone: mobileNumber.optional(),
    purpose: z.enum(OTP_PURPOSES, { error: `purpose must be one of ${OTP_PURPOSES.join(", ")}` }),
    productOrderId: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.purpose === "COD_CONFIRM" && !v.productOrderId) ctx.addIssue({ code: "custom", path: ["productOrderId"], message: "productOrderId is required" });
    if (v.purpose !== "COD_CONFIRM" && !v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "Phone Number is required" });
  });
export type OtpSend = z.infer<typeof otpSendSchema>;

export const otpVerifySchema = z.object({
  requestId: z.string({ error: "requestId is required" }).trim().min(1, "requestId is required").max(40),
  code: z
    .string({ error: "code is required" })
    .trim()
    .regex(/^\d{6}$/, "The code has 6 digits"),
});
export type OtpVerify = z.infer<typeof otpVerifySchema>;
