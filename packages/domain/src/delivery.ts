// Delivery dates (docs/store-spec.md §9) and the calendar of India, where the store sells.

/** Expected delivery date = order date + 3 days. */
export const DELIVERY_DAYS = 3;

export const expectedDelivery = (orderedAt: Date): Date => new Date(orderedAt.getTime() + DELIVERY_DAYS * 24 * 3600 * 1000);

// India has no daylight saving: its date is the UTC date of the time 5 h 30 min later
const IST_OFFSET_MS = 330 * 60 * 1000;

/** "YYYYMMDD", the date in India at `at`. */
export const indiaDateStamp = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "");

/** "ORD-YYYYMMDD-": an order reference's prefix, with the date in India. */
export const orderReferencePrefix = (at: Date): string => `ORD-${indiaDateStamp(at)}-`;

/** An order reference: "ORD-YYYYMMDD-000123" (serial from the database). */
export const orderReference = (at: Date, serial: number): string => `${orderReferencePrefix(at)}${String(serial).padStart(6, "0")}`;
