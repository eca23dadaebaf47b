// The OTP endpoints' use cases (issue 29, contracts/otp-and-sms.md): asking for a code (limits, the
// order's own phone for COD_CONFIRM) and what a right code gives for each purpose. The answer to a
// send is the same whether or not an account has the phone (no enumeration).
import type { OtpSend, OtpVerify } from "@store/validators";
import type { Context } from "../../context.ts";
import { StoreError } from "../../platform/errors.ts";
import { attachGuestOrders } from "../../guest/attach-orders.ts";
import { orderReader } from "../../guest/order-access.ts";
import { confirmCod, whyNotConfirmable } from "../../orders/cod-confirmation.ts";
import { consumeOtp, issueOtp, OtpRefusal } from "./otp.ts";
import { signPhoneToken } from "./phone-tokens.ts";

const SEND_REFUSED = {
  resend: (s: number) => `Please wait ${s} seconds before asking for another code.`,
  phone: (s: number) => `Too many codes were sent to this phone. Please try again in ${Math.ceil(s / 60)} minutes.`,
  ip: (s: number) => `Too many codes were asked from your network. Please try again in ${Math.ceil(s / 60)} minutes.`,
};

/** COD_CONFIRM goes to the caller's own order's phone: its customer, or a guest with its X-Order-Token; anyone else (an admin too) → 404. */
async function codOrderPhone(ctx: Context, productOrderId: string): Promise<string> {
  const order = await orderReader({ ...ctx, auth: ctx.auth?.role === "customer" ? ctx.auth : null }, productOrderId);
  const refusal = whyNotConfirmable(order);
  if (refusal) throw refusal;
  if (!order.phone) throw new StoreError(409, "COD_NOT_PENDING", `Order ${productOrderId} has no phone number to send a code to.`);
  return order.phone;
}

export async function sendOtp(ctx: Context, input: OtpSend) {
  if (!ctx.services.sms) throw new StoreError(503, "SMS_NOT_CONFIGURED", "SMS is not set up on this store.");
  const phone = input.purpose === "COD_CONFIRM" ? await codOrderPhone(ctx, input.productOrderId ?? "") : (input.phone ?? "");
  const refused = await ctx.services.otpLimiter.send(phone, ctx.clientIp);
  if (refused) {
    const { reason, retryAfterSeconds } = refused;
    throw new OtpRefusal(429, "TOO_MANY_REQUESTS", SEND_REFUSED[reason](retryAfterSeconds), { retryAfterSeconds });
  }
  return ctx.db.$transaction((tx) =>
    issueOtp(tx, ctx.services, {
      phone,
      purpose: input.purpose,
      ...(input.purpose === "COD_CONFIRM" && input.productOrderId ? { productOrderId: input.productOrderId } : {}),
      clientIp: ctx.clientIp,
    }),
  );
}

export type OtpVerified =
  | { newCustomer: false; token: string; customerId: number }
  | { newCustomer: true; signupToken: string }
  | { otpToken: string }
  | { success: true; message: string };

export async function verifyOtp(ctx: Context, input: OtpVerify): Promise<OtpVerified> {
  // on the database itself: a wrong code's count must survive the refusal (otp.ts)
  const { phone, purpose, productOrderId } = await consumeOtp(ctx.db, input, ctx.services.otpSecret);
  if (purpose === "GUEST_CHECKOUT") return { otpToken: signPhoneToken(ctx.services.otpSecret, "guest", phone) };
  if (purpose === "COD_CONFIRM") {
    await ctx.db.$transaction((tx) => confirmCod(tx, productOrderId ?? "", { otp: true }));
    return { success: true, message: "Thank you: your cash-on-delivery order is confirmed." };
  }
  return loginByPhone(ctx, phone);
}

/** LOGIN: the account with this phone gets the token a password login gives; an unknown phone a signupToken. */
async function loginByPhone(ctx: Context, phone: string): Promise<OtpVerified> {
  const customer = await ctx.db.customer.findUnique({
    where: { number: phone },
    select: { customerId: true, customerStatus: true, sessionVersion: true, phoneVerified: true },
  });
  if (!customer) return { newCustomer: true, signupToken: signPhoneToken(ctx.services.otpSecret, "signup", phone) };
  if (!customer.customerStatus) throw new StoreError(403, "FORBIDDEN", "Your account is inactive. Please contact the store.");
  await ctx.db.$transaction(async (tx) => {
    if (!customer.phoneVerified) {
      await tx.customer.update({ where: { customerId: customer.customerId }, data: { phoneVerified: true, phoneVerifiedAt: new Date() } });
    }
    await attachGuestOrders(tx, customer.customerId, phone);
  });
  const token = await ctx.services.tokens.sign({ role: "customer", customerId: customer.customerId, sessionVersion: customer.sessionVersion });
  return { newCustomer: false, token, customerId: customer.customerId };
}
