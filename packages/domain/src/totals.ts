// What an order line costs (docs/store-spec.md §9): price × quantity plus the product's delivery
// charge, per line. Computed in paise; the screens use the rupee form.
import { toPaise, toRupees } from "./money.ts";

/** paise; `deliveryPaise` null means free delivery */
export const lineTotalPaise = (pricePaise: number, quantity: number, deliveryPaise: number | null): number => pricePaise * quantity + (deliveryPaise ?? 0);

/** rupees, for a product as the API shows it (delivery "Free" or rupees) */
export const lineTotal = (price: number, quantity: number, delivery: number | "Free"): number =>
  toRupees(lineTotalPaise(toPaise(price), quantity, delivery === "Free" ? null : toPaise(delivery)));
