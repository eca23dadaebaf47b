// Which shipping zone serves a PIN code (issue 27, contracts/delivery.md): the most specific match
// wins — the longest PIN-code prefix, then the PIN code's GST state, then a zone with an empty match.
import { GST_STATES } from "./gst.ts";

export interface ZoneMatchable {
  zoneId: number;
  /** PIN-code prefixes of 1–6 digits and GST state codes ("27") */
  match: readonly string[];
  position: number;
}

/**
 * A two-digit entry that is a GST state code ("27") names that state; every other entry is a PIN-code
 * prefix. (A two-digit prefix that is also a state code, such as Delhi's "11", is written as its
 * three-digit prefixes "110"…"119"; docs/decisions.md, issue 27.)
 */
export const isStateEntry = (entry: string): boolean => entry.length === 2 && GST_STATES[entry] !== undefined;

/** Why a zone's match list cannot be used (an entry that is not 1–6 digits, or a prefix starting with 0), or null. */
export function whyBadZoneMatch(match: readonly string[]): string | null {
  for (const entry of match) {
    if (!/^\d{1,6}$/.test(entry)) return `"${entry}" is neither a PIN-code prefix (1 to 6 digits) nor a GST state code such as 27.`;
    if (!isStateEntry(entry) && entry.startsWith("0")) return `"${entry}": no Indian PIN code starts with 0.`;
  }
  return null;
}

/** The same match, whatever order and repeats it was written in (two zones may not share one). */
export const matchKey = (match: readonly string[]): string => [...new Set(match)].sort().join(",");

/** How well `zone` fits the PIN code: 10 + prefix length for a prefix, 1 for its state, 0 for the default zone, -1 for none. */
function specificity(zone: ZoneMatchable, pincode: string, stateCode: string | null): number {
  if (zone.match.length === 0) return 0;
  let best = -1;
  for (const entry of zone.match) {
    if (isStateEntry(entry)) {
      if (entry === stateCode) best = Math.max(best, 1);
    } else if (pincode.startsWith(entry)) {
      best = Math.max(best, 10 + entry.length);
    }
  }
  return best;
}

/** The zone for a PIN code (with its GST state code when known), or null when no zone serves it; ties go to the lower position. */
export function matchZone<Z extends ZoneMatchable>(zones: readonly Z[], pincode: string, stateCode: string | null): Z | null {
  let chosen: Z | null = null;
  let chosenScore = -1;
  for (const zone of zones) {
    const score = specificity(zone, pincode, stateCode);
    if (score < 0) continue;
    if (
      score > chosenScore ||
      (score === chosenScore && chosen && (zone.position < chosen.position || (zone.position === chosen.position && zone.zoneId < chosen.zoneId)))
    ) {
      chosen = zone;
      chosenScore = score;
    }
  }
  return chosen;
}
