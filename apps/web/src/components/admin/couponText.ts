import { formatINR } from "../../lib/format";

interface CouponTerms {
  type: string;
  value: number;
  maxDiscount: number | null;
  usedCount: number;
  usageLimit: number | null;
}

/** "10% off (up to ₹150.00)", "₹50.00 off", "Free delivery" */
export function couponOffer(c: CouponTerms): string {
  if (c.type === "PERCENT") return `${c.value}% off${c.maxDiscount === null ? "" : ` (up to ${formatINR(c.maxDiscount)})`}`;
  if (c.type === "FLAT") return `${formatINR(c.value)} off`;
  return "Free delivery";
}

/** "3 / 100", or "3 / no limit" */
export const couponUses = (c: CouponTerms): string => `${c.usedCount} / ${c.usageLimit ?? "no limit"}`;

const METHOD_NAMES: Record<string, string> = { COD: "COD", UPI: "UPI", ONLINE: "Online" };
export const couponMethods = (methods: readonly string[]): string =>
  methods.length === 2 && methods.includes("UPI") && methods.includes("ONLINE") ? "Prepaid only" : methods.map((m) => METHOD_NAMES[m] ?? m).join(", ");

export const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);
