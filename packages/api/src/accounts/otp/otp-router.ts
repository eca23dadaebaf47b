// POST /auth/otp/send and /auth/otp/verify (issue 29, contracts/otp-and-sms.md): phone OTPs for login,
// the guest checkout's COD and an order's COD confirmation.
import { z } from "zod";
import { otpSendSchema, otpVerifySchema } from "@store/validators";
import { createTRPCRouter, publicProcedure } from "../../trpc.ts";
import { sendOtp, verifyOtp } from "./otp-flows.ts";

const verifiedOutput = z.union([
  z.object({
    newCustomer: z.literal(false),
    token: z.string().describe("the same customer token as POST /customers/login gives"),
    customerId: z.number().int(),
  }),
  z.object({
    newCustomer: z.literal(true),
    signupToken: z.string().describe("POST /customers/save with it instead of a password, for this phone, within 30 minutes"),
  }),
  z.object({ otpToken: z.string().describe("POST /guest/checkout's otpToken for this phone, valid 30 minutes") }),
  z.object({ success: z.literal(true), message: z.string() }),
]);

export const otpRouter = createTRPCRouter({
  send: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/otp/send",
        tags: ["Customers"],
        summary:
          "Send a 6-digit code by SMS, valid 5 minutes: LOGIN and GUEST_CHECKOUT to `phone`, COD_CONFIRM to the caller's own order's phone (its customer's token, or X-Order-Token). The same answer whether or not an account has the phone; 429 with Retry-After for a resend within 30 seconds, over 5 codes a phone or 20 an address an hour; 503 without SMS",
        protect: false,
      },
    })
    .input(otpSendSchema)
    .output(z.object({ requestId: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }))
    .mutation(({ ctx, input }) => sendOtp(ctx, input)),

  verify: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/otp/verify",
        tags: ["Customers"],
        summary:
          "Check a code. LOGIN: { token, customerId, newCustomer: false }, or { signupToken, newCustomer: true } for an unknown phone; GUEST_CHECKOUT: { otpToken }; COD_CONFIRM: the order is confirmed. 400 OTP_INVALID (attemptsLeft), OTP_LOCKED after 5 wrong codes, OTP_EXPIRED, OTP_USED",
        protect: false,
      },
    })
    .input(otpVerifySchema)
    .output(verifiedOutput)
    .mutation(({ ctx, input }) => verifyOtp(ctx, input)),
});
