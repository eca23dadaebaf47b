// Shiprocket's times are Indian Standard Time written without an offset, in two forms: "2026-11-26
// 14:27:00" (tracking, etd) and "26 11 2026 14:27:52" (the webhook's current_timestamp). These read
// both (and ISO with an offset) into real instants, and write the forms it expects.

const IST_OFFSET_MS = 330 * 60_000;

const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const DMY = /^(\d{1,2})[ /-](\d{1,2})[ /-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** an IST wall-clock time as an instant, or null when the fields are not a real date (e.g. "0000-00-00") */
function fromIst(year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59 || year < 2000) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // 31 February rolls over into March: refuse it
  if (new Date(utc).getUTCDate() !== day) return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** A Shiprocket time (IST without offset, either form, or ISO with an offset) as an instant; null for anything else. */
export function parseShiprocketTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const ymd = YMD.exec(text);
  if (ymd) return fromIst(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]), Number(ymd[4] ?? 0), Number(ymd[5] ?? 0), Number(ymd[6] ?? 0));
  const dmy = DMY.exec(text);
  if (dmy) return fromIst(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]), Number(dmy[4] ?? 0), Number(dmy[5] ?? 0), Number(dmy[6] ?? 0));
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const istParts = (at: Date) => {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    mo: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    h: pad(d.getUTCHours()),
    mi: pad(d.getUTCMinutes()),
    s: pad(d.getUTCSeconds()),
  };
};

/** "2026-11-26 14:27" in IST: the create order call's order_date */
export function formatIstMinute(at: Date): string {
  const p = istParts(at);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}`;
}

/** "2026-11-26 14:27:00" in IST: scan dates, etd */
export function formatIstSeconds(at: Date): string {
  const p = istParts(at);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** "26 11 2026 14:27:52" in IST: the webhook's current_timestamp */
export function formatIstWebhook(at: Date): string {
  const p = istParts(at);
  return `${p.d} ${p.mo} ${p.y} ${p.h}:${p.mi}:${p.s}`;
}
