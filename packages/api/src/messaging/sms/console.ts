// The console provider (development and tests): it delivers nothing and answers at once; the outbox
// keeps each message's text, which the owner reads at GET /api/v1/emails?channel=sms.
import type { SmsProvider } from "./port.ts";

export function createConsoleSmsProvider(): SmsProvider {
  let sent = 0;
  return {
    name: "console",
    send() {
      sent += 1;
      return Promise.resolve({ providerMessageId: `console-${Date.now().toString(36)}-${sent}` });
    },
  };
}
