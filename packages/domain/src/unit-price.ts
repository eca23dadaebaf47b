// The unit sale price the Legal Metrology (Packaged Commodities) Rules ask e-commerce product pages to
// show beside the price (issue 15): per millilitre below one litre, per litre from one litre up; the
// same for grams and kilograms; per piece for counts. Two decimals.
import { formatRupees } from "./money.ts";

const UNITS: Record<string, { base: "ml" | "g" | "piece"; factor: number }> = {
  ml: { base: "ml", factor: 1 },
  l: { base: "ml", factor: 1000 },
  ltr: { base: "ml", factor: 1000 },
  litre: { base: "ml", factor: 1000 },
  liter: { base: "ml", factor: 1000 },
  g: { base: "g", factor: 1 },
  gm: { base: "g", factor: 1 },
  kg: { base: "g", factor: 1000 },
  pc: { base: "piece", factor: 1 },
  pcs: { base: "piece", factor: 1 },
  piece: { base: "piece", factor: 1 },
  pieces: { base: "piece", factor: 1 },
};

/** "500ml" → 500 ml, "1.5 L" → 1500 ml, "2kg" → 2000 g, "3 pcs" → 3 pieces; null when the pack size says no quantity. */
export function netQuantity(packSize: string): { amount: number; base: "ml" | "g" | "piece" } | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\.?\s*$/i.exec(packSize);
  const unit = m?.[2] ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m?.[1] || !unit) return null;
  const amount = Number(m[1]) * unit.factor;
  return amount > 0 ? { amount, base: unit.base } : null;
}

/** e.g. "₹0.24 per ml", "₹149.00 per litre"; null when the pack size cannot be read. */
export function unitSalePrice(pricePaise: number, packSize: string): string | null {
  const q = netQuantity(packSize);
  if (!q) return null;
  if (q.base === "piece") return `${formatRupees(Math.round(pricePaise / q.amount))} per piece`;
  const big = q.amount >= 1000;
  const per = big ? (pricePaise * 1000) / q.amount : pricePaise / q.amount;
  const unit = q.base === "ml" ? (big ? "litre" : "ml") : big ? "kg" : "g";
  return `${formatRupees(Math.round(per))} per ${unit}`;
}

/** The unit sale price of a pack (issue 25, contracts/packs.md): the amount in rupees (to the paisa), what it is per, and the words. */
export interface PackUnitPrice {
  amount: number;
  per: "ml" | "litre" | "g" | "kg" | "piece";
  text: string;
}

const PACK_UNITS: Record<string, { base: "ml" | "g" | "piece"; factor: number }> = {
  ml: { base: "ml", factor: 1 },
  l: { base: "ml", factor: 1000 },
  g: { base: "g", factor: 1 },
  kg: { base: "g", factor: 1000 },
  piece: { base: "piece", factor: 1 },
};

/**
 * From a pack's net quantity and unit (never from its label's text): per ml (g) under 1,000 ml (g), per
 * litre (kg) from there, per piece for pieces; null when the net quantity is not known.
 */
export function packUnitPrice(pricePaise: number, netQuantity: number | null, netUnit: string | null): PackUnitPrice | null {
  const unit = netUnit ? PACK_UNITS[netUnit] : undefined;
  if (!unit || netQuantity === null || !(netQuantity > 0)) return null;
  const base = netQuantity * unit.factor;
  const big = unit.base !== "piece" && base >= 1000;
  const paise = Math.round(big ? (pricePaise * 1000) / base : pricePaise / base);
  const per = unit.base === "piece" ? "piece" : unit.base === "ml" ? (big ? "litre" : "ml") : big ? "kg" : "g";
  return { amount: paise / 100, per, text: `${formatRupees(paise)} per ${per}` };
}

/** The units a pack's net quantity is declared in (contracts/packs.md). */
export const NET_UNITS = ["ml", "l", "g", "kg", "piece"] as const;
export type NetUnit = (typeof NET_UNITS)[number];
