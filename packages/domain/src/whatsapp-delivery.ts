// A WhatsApp message's delivery status (issue 30, contracts/whatsapp.md "Webhook"): the provider's
// status webhooks may arrive twice, late or out of order, and a message never goes backwards
// (read stays read when a late "delivered" arrives). "failed" counts only before the phone had it.

export const DELIVERY_STATUSES = ["sent", "delivered", "read", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const RANK: Record<DeliveryStatus, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

export const isDeliveryStatus = (s: string): s is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(s);

/** The status a message has after `incoming` arrives, when it had `current`. */
export function nextDeliveryStatus(current: string | null, incoming: DeliveryStatus): DeliveryStatus {
  if (current === null || !isDeliveryStatus(current)) return incoming;
  return RANK[incoming] > RANK[current] ? incoming : current;
}
