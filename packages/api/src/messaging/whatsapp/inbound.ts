// What buyers write to the shop's WhatsApp number (contracts/whatsapp.md "Webhook"): each message is
// kept once for the owner's inbox (GET /messaging/inbox), where it opens the 24-hour window; a "STOP"
// opts the sender's number out of WhatsApp messages as well.
import type { Db } from "@store/db";
import { optOutWhatsAppByPhone } from "../../accounts/preferences/consent.ts";

export interface InboundWhatsApp {
  providerMessageId: string;
  /** as the provider gives it (91XXXXXXXXXX) */
  fromPhone: string;
  /** "" for a message that is not text */
  text: string;
  at: Date;
  /** the provider's message type: text, image, button… */
  type: string;
}

export interface KeptInbound {
  kept: number;
  stops: number;
  duplicates: number;
}

const TEXT_MAX = 4096;
// Meta retries a webhook it got no 200 for, so copies may arrive together and wait on each other
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export const isStop = (message: Pick<InboundWhatsApp, "text" | "type">) => message.type === "text" && message.text.trim().toUpperCase() === "STOP";

/** The 10-digit mobile of a number given as 91XXXXXXXXXX (or +91…, or 10 digits); null when it has fewer digits. */
export function mobileOf(fromPhone: string): string | null {
  const digits = fromPhone.replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** The text kept for the owner: the message's own, or its type in brackets ("[image]") when it has none. */
const keptText = (message: InboundWhatsApp) => (message.type === "text" ? message.text : message.text || `[${message.type}]`).slice(0, TEXT_MAX);

/** Keeps each message once; a STOP from a number opts it out (in the same transaction). */
export async function keepInboundMessages(db: Db, messages: readonly InboundWhatsApp[]): Promise<KeptInbound> {
  const result: KeptInbound = { kept: 0, stops: 0, duplicates: 0 };
  for (const message of messages) {
    const phone = mobileOf(message.fromPhone);
    const kind = isStop(message) ? "stop" : "text";
    const kept = await db.$transaction(async (tx) => {
      const customer = phone ? await tx.customer.findUnique({ where: { number: phone }, select: { customerId: true } }) : null;
      const inserted = await tx.inboundMessage.createMany({
        data: [
          {
            channel: "whatsapp",
            providerMessageId: message.providerMessageId,
            fromPhone: message.fromPhone,
            customerId: customer?.customerId ?? null,
            text: keptText(message),
            kind,
            receivedAt: message.at,
          },
        ],
        skipDuplicates: true,
      });
      if (inserted.count === 0) return false;
      if (kind === "stop" && phone) await optOutWhatsAppByPhone(tx, phone, message.at);
      return true;
    }, TX_OPTIONS);
    if (!kept) result.duplicates++;
    else {
      result.kept++;
      if (kind === "stop") result.stops++;
    }
  }
  return result;
}
