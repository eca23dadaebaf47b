/** Total of one line: price × quantity, plus the delivery charge unless it is 'Free' (spec §9). */
export function lineTotal(price: number, quantity: number, delivery: number | "Free") {
  return Math.round((price * quantity + (delivery === "Free" ? 0 : delivery)) * 100) / 100;
}
export const SITE = "Clean Store";
export const pageTitle = (what: string) => `${what} | ${SITE}`;
