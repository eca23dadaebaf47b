// Delivery at the checkout and in its quote (issue 27, contracts/delivery.md "Checkout rules"): with
// shipping zones, one charge per order (the zone's fee, free at the threshold), the PIN code served or
// 400 PINCODE_NOT_SERVICEABLE, cash on delivery where it is offered or 400 COD_NOT_AVAILABLE, and the
// order's delivery date from the dispatch calendar. A store without zones keeps each product's charge
// and today's date; its codBlockedPinCodes refusal now carries COD_NOT_AVAILABLE too.
import { istDayStart, whyNoCod, type PaymentMethod } from "@store/domain";
import type { Prisma } from "@store/db";
import { StoreError } from "../platform/errors.ts";
import { deliveryRefusal, deliveryTerms, noCodMessage, type DeliverySettings, type DeliveryTerms } from "./serviceability.ts";

type Reader = Pick<Prisma.TransactionClient, "pincode" | "shippingZone">;

export interface CheckoutDelivery {
  terms: DeliveryTerms;
  /** paise for the whole order before the threshold (quoteCart's orderDelivery); null: each line's own charge (no zones) */
  orderDelivery: number | null;
  /** the order lines' deliveryDate; null: today's rule (order time + 3 days) */
  deliveryDate: Date | null;
  /** the GST state of the PIN code, which is the place of supply (null: not in the directory) */
  stateName: string | null;
}

/** Midday in India on an IST date: the same calendar day whether a screen reads it in IST or UTC. */
const middayIst = (day: string): Date => new Date(istDayStart(day).getTime() + 12 * 3_600_000);

/** What delivering this order costs and when, refusing what cannot be delivered (or not by cash) as the checkout must. */
export async function checkoutDelivery(
  db: Reader,
  input: { pincode: string; method: PaymentMethod; now: Date; settings: DeliverySettings },
): Promise<CheckoutDelivery> {
  const terms = await deliveryTerms(db, { pincode: input.pincode, method: input.method, now: input.now, settings: input.settings });
  const refusal = deliveryRefusal(terms, input.method);
  if (refusal) throw refusal;
  if (input.method === "COD" && input.settings.codBlockedPinCodes.includes(input.pincode)) {
    // the message it always gave, now with the contract's code
    const message = whyNoCod(
      { codEnabled: true, codMaxOrderValuePaise: null, codBlockedPinCodes: input.settings.codBlockedPinCodes },
      { grandTotalPaise: 0, pinCode: input.pincode },
    );
    throw new StoreError(400, "COD_NOT_AVAILABLE", message ?? noCodMessage(input.pincode));
  }
  return quoteDelivery(terms);
}

/** The same terms for a quote, which refuses nothing: a PIN code no zone serves prices no delivery (the checkout says why). */
export function quoteDelivery(terms: DeliveryTerms): CheckoutDelivery {
  return {
    terms,
    orderDelivery: terms.zoned ? (terms.zoneFeePaise ?? 0) : null,
    deliveryDate: terms.zoned && terms.deliverBy ? middayIst(terms.deliverBy) : null,
    stateName: terms.place?.stateName ?? null,
  };
}
