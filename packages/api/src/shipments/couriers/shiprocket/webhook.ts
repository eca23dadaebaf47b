// Shiprocket's tracking webhook (INDIA.md "Delivery, couriers and returns to origin"), and the scan
// list its track call shares with it, read into the port's neutral TrackingUpdate. Its status words
// are mapped later by @store/domain mapCourierStatus; nothing here decides a status. Never throws:
// a body that is not a tracking update is null.
import type { TrackingEvent, TrackingUpdate } from "../port.ts";
import { parseShiprocketTime } from "./dates.ts";

/** One scan as Shiprocket writes it, in webhooks (`scans`) and tracking (`shipment_track_activities`). */
export interface ShiprocketScan {
  date: string;
  /** the carrier's own code, e.g. "X-PPOM" */
  status: string;
  activity: string;
  location: string;
  "sr-status": string | number;
  /** Shiprocket's word for it, e.g. "PICKED UP" ("NA" when it has none) */
  "sr-status-label": string;
}

const text = (value: unknown, max: number): string | null => {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;
};
const code = (value: unknown): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** Shiprocket writes "NA" where it has no word */
const word = (value: unknown, max: number) => {
  const t = text(value, max);
  return t && t.toUpperCase() !== "NA" ? t : null;
};

/** An AWB as Shiprocket sends it (a string, or a number in some webhooks); null when it is not one. */
export function awbOf(value: unknown): string | null {
  const awb = text(value, 40);
  return awb && /^[A-Za-z0-9-]{4,40}$/.test(awb) ? awb : null;
}

/** The scans that make sense (a date and a word), oldest first; Shiprocket lists them newest first. */
export function parseShiprocketScans(value: unknown): TrackingEvent[] {
  if (!Array.isArray(value)) return [];
  const scans: TrackingEvent[] = [];
  for (const raw of value) {
    if (!isRecord(raw)) continue;
    const at = parseShiprocketTime(raw.date);
    const courierStatus = word(raw["sr-status-label"], 80) ?? word(raw.activity, 80) ?? word(raw.status, 80);
    if (!at || !courierStatus) continue;
    scans.push({ at, courierStatus, courierStatusId: code(raw["sr-status"]), location: text(raw.location, 200), remark: text(raw.activity, 300) });
  }
  return scans.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The latest status, at its time, with the place and remark of the newest scan when that scan is
 * the same status (or the same moment); null without a word or a time for it.
 */
export function currentEvent(statusWord: unknown, statusId: unknown, at: Date | null, scans: TrackingEvent[]): TrackingEvent | null {
  const courierStatus = word(statusWord, 80);
  const newest = scans.at(-1);
  const time = at ?? newest?.at ?? null;
  if (!courierStatus || !time) return null;
  const same = newest && (newest.courierStatus.toUpperCase() === courierStatus.toUpperCase() || newest.at.getTime() === time.getTime()) ? newest : null;
  return { at: time, courierStatus, courierStatusId: code(statusId), location: same?.location ?? null, remark: same?.remark ?? null };
}

/** The body Shiprocket POSTs to the tracking webhook, as a TrackingUpdate; null when it has no AWB or no tracking news. */
export function parseShiprocketWebhook(body: unknown): TrackingUpdate | null {
  try {
    if (!isRecord(body)) return null;
    const awb = awbOf(body.awb);
    if (!awb) return null;
    const scans = parseShiprocketScans(body.scans);
    const current = currentEvent(
      body.current_status ?? body.shipment_status,
      body.current_status_id ?? body.shipment_status_id,
      parseShiprocketTime(body.current_timestamp),
      scans,
    );
    if (!current && scans.length === 0) return null;
    return { awb, current, scans, expectedDeliveryDate: parseShiprocketTime(body.etd) };
  } catch {
    return null;
  }
}
