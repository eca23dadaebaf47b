// Which SMS provider this server sends with, from its environment (README "Configuration"):
// SMS_PROVIDER=console (development: nothing leaves the server, the outbox keeps the text) or msg91
// (MSG91_AUTH_KEY, its API at MSG91_API_BASE, a stand-in in tests); unset, SMS is not set up.
import { createConsoleSmsProvider } from "./console.ts";
import { createMsg91SmsProvider } from "./msg91/adapter.ts";
import type { SmsProvider } from "./port.ts";

export class SmsConfigError extends Error {
  override name = "SmsConfigError";
}

export function smsFromEnv(env: Record<string, string | undefined>): SmsProvider | null {
  const provider = env.SMS_PROVIDER?.trim().toLowerCase() || undefined;
  if (provider === undefined) return null;
  if (provider === "console") return createConsoleSmsProvider();
  if (provider === "msg91") {
    const authKey = env.MSG91_AUTH_KEY?.trim();
    if (!authKey) throw new SmsConfigError("SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY (the auth key of the MSG91 panel).");
    return createMsg91SmsProvider({ authKey, apiBase: env.MSG91_API_BASE?.trim() || undefined });
  }
  throw new SmsConfigError(`SMS_PROVIDER must be console or msg91, not "${provider}".`);
}
