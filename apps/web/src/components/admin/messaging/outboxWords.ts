// Words of the back office's message list (issues 16, 29, 30): each channel and each delivery status as
// the owner reads them.

export const OUTBOX_CHANNEL_CHOICES = ["email", "sms", "whatsapp", "all"] as const;
export type OutboxChannelChoice = (typeof OUTBOX_CHANNEL_CHOICES)[number];

const CHANNEL_WORDS: Record<string, string> = { email: "Email", sms: "SMS", whatsapp: "WhatsApp", all: "All channels" };
export const channelWord = (channel: string) => CHANNEL_WORDS[channel] ?? channel;

/** what a button calls one message: "email 12", "SMS 13", "WhatsApp message 14" */
export const messageNoun = (channel: string) => (channel === "email" ? "email" : channel === "whatsapp" ? "WhatsApp message" : channelWord(channel));

/** the provider's receipts (WhatsApp): null until the first one comes */
const DELIVERY_WORDS: Record<string, string> = { sent: "Sent", delivered: "Delivered", read: "Read", failed: "Failed" };
export const deliveryWord = (status: string | null) => (status ? (DELIVERY_WORDS[status] ?? status) : "—");
