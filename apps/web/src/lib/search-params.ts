import { parseSearchWith } from "@tanstack/react-router";

/**
 * The search string as the router's default reads it (each value through JSON.parse), except that a
 * run of digits too long for a JavaScript number stays text: a 16–20 digit AWB in /track?awb=… would
 * otherwise lose its last digits. (parseSearchWith keeps a value as text when the parser throws.)
 */
export const parseSearch = parseSearchWith((value) => {
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed === "number" && /^\d+$/.test(value) && !Number.isSafeInteger(parsed)) throw new RangeError("kept as text");
  return parsed;
});
