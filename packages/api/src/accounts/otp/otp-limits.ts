// How often OTPs may be sent (issue 29, contracts/otp-and-sms.md): each SMS costs money and a flood of
// them is an attack on the phone's owner (SMS bombing). In the shared limit store, so several servers
// on one PostgreSQL keep one budget (limit-store.ts).
import { memoryLimitStore, secondsToWait, type LimitStore } from "../../platform/limit-store.ts";

export const RESEND_AFTER_SECONDS = 30;

export type OtpSendRefusal = { reason: "resend" | "phone" | "ip"; retryAfterSeconds: number };

export interface OtpLimiter {
  /** counts one send to `phone` asked from `ip`: why it is refused and for how long, or null when it may go */
  send(phone: string, ip: string): Promise<OtpSendRefusal | null>;
}

export interface OtpLimiterOptions {
  /** seconds before another code to the same phone; 0 turns the wait off (tests of the hourly limits) */
  resendSeconds?: number;
  perPhonePerHour?: number;
  perIpPerHour?: number;
  store?: LimitStore;
}

export function createOtpLimiter({
  resendSeconds = RESEND_AFTER_SECONDS,
  perPhonePerHour = 5,
  perIpPerHour = 20,
  store = memoryLimitStore,
}: OtpLimiterOptions = {}): OtpLimiter {
  const byIp = store({ keyPrefix: "otp-ip", points: perIpPerHour, duration: 3600 });
  const resend = resendSeconds > 0 ? store({ keyPrefix: "otp-resend", points: 1, duration: resendSeconds }) : null;
  const byPhone = store({ keyPrefix: "otp-phone", points: perPhonePerHour, duration: 3600 });
  return {
    async send(phone, ip) {
      // the address first: one client hammering refused resends spends its own budget, not the phone's
      const ipWait = await secondsToWait(byIp, ip);
      if (ipWait > 0) return { reason: "ip", retryAfterSeconds: ipWait };
      const resendWait = resend ? await secondsToWait(resend, phone) : 0;
      if (resendWait > 0) return { reason: "resend", retryAfterSeconds: resendWait };
      const phoneWait = await secondsToWait(byPhone, phone);
      if (phoneWait > 0) return { reason: "phone", retryAfterSeconds: phoneWait };
      return null;
    },
  };
}
