// What delivery to a PIN code costs and when it arrives (issue 27, contracts/delivery.md): THE one
// place that decides the zone, the fee, the delivery date and cash on delivery. The storefront's
// "Check delivery" box, the owner's zone preview and the checkout all ask deliveryTerms, so what is
// shown is what is charged. It only reads, and takes a transaction client as well as the database.
//
// A store without any zone keeps today's behaviour (docs/decisions.md, issue 27): each product's
// own delivery charge (free at freeDeliveryAbove), the order date + 3 days, and no refusals at the
// checkout; the check still says whether the directory knows the PIN code and the courier serves it.
import { DELIVERY_DAYS, deliverBy, expectedDelivery, istDay, matchZone, toPaise, type PaymentMethod } from "@store/domain";
import type { Prisma } from "@store/db";
import type { Settings } from "../back-office/settings.ts";
import { StoreError } from "../platform/errors.ts";
import { matchList } from "./zones.ts";

type Reader = Pick<Prisma.TransactionClient, "pincode" | "shippingZone">;

export type DeliverySettings = Pick<Settings, "codEnabled" | "codBlockedPinCodes" | "freeDeliveryAbove" | "dispatchCutoff" | "nonWorkingDays">;

export interface DeliveryTermsInput {
  /** six digits (the caller has checked the form) */
  pincode: string;
  /** paise: the items' value before any coupon, judged against freeDeliveryAbove; null/absent: not known */
  itemsTotalPaise?: number | null;
  /** how the shopper means to pay: cash on delivery where it is not offered says so in `message` */
  method?: PaymentMethod | null;
  now: Date;
  settings: DeliverySettings;
}

export interface DeliveryTerms {
  pincode: string;
  /** the PIN code in the directory; null when it does not know it */
  place: { city: string; district: string; stateCode: string; stateName: string } | null;
  /** the store has at least one zone: the checkout charges one zone fee an order and refuses what is not served */
  zoned: boolean;
  /** the zone that serves the PIN code (zoned stores only) */
  zone: { zoneId: number; name: string } | null;
  serviceable: boolean;
  /** cash on delivery: the PIN code's cod, the zone's codAllowed, Settings codEnabled and not in codBlockedPinCodes */
  cod: boolean;
  /** paise for the order: the zone's fee, 0 at or above freeDeliveryAbove; null when not served, or without zones (each product's own charge) but under the threshold */
  feePaise: number | null;
  /** the zone's fee before the free-delivery threshold (null as feePaise) */
  zoneFeePaise: number | null;
  freeDeliveryAbovePaise: number | null;
  etaDaysMin: number | null;
  etaDaysMax: number | null;
  /** IST date YYYY-MM-DD the parcel arrives by; null when not served */
  deliverBy: string | null;
  /** why it is not served ("We don't deliver to 799001 yet"), or why not by cash on delivery when that was asked, else null */
  message: string | null;
}

export const notServedMessage = (pincode: string) => `We don't deliver to ${pincode} yet`;
export const noCodMessage = (pincode: string) => `Cash on delivery is not available for PIN code ${pincode}. Please pay by UPI or online.`;

export async function deliveryTerms(db: Reader, input: DeliveryTermsInput): Promise<DeliveryTerms> {
  const { pincode, settings, now } = input;
  const [row, zones] = await Promise.all([
    db.pincode.findUnique({ where: { pincode } }),
    db.shippingZone.findMany({
      select: { zoneId: true, name: true, match: true, fee: true, etaDaysMin: true, etaDaysMax: true, codAllowed: true, position: true },
    }),
  ]);
  const place = row && { city: row.city, district: row.district, stateCode: row.stateCode, stateName: row.stateName };
  const threshold = settings.freeDeliveryAbove === null ? null : toPaise(settings.freeDeliveryAbove);
  const thresholdMet = threshold !== null && input.itemsTotalPaise != null && input.itemsTotalPaise >= threshold;
  const zoned = zones.length > 0;
  const zone =
    zoned && row
      ? matchZone(
          zones.map((z) => ({ ...z, match: matchList(z.match) })),
          pincode,
          row.stateCode,
        )
      : null;
  const serviceable = row !== null && row.serviceable && (!zoned || zone !== null);
  const base = { pincode, place, zoned, freeDeliveryAbovePaise: threshold };
  if (!serviceable) {
    return {
      ...base,
      zone: null,
      serviceable,
      cod: false,
      feePaise: null,
      zoneFeePaise: null,
      etaDaysMin: null,
      etaDaysMax: null,
      deliverBy: null,
      message: notServedMessage(pincode),
    };
  }
  const cod = row.cod && (zone?.codAllowed ?? true) && settings.codEnabled && !settings.codBlockedPinCodes.includes(pincode);
  const message = input.method === "COD" && !cod ? noCodMessage(pincode) : null;
  if (!zone) {
    // no zones: what the checkout does today
    return {
      ...base,
      zone: null,
      serviceable,
      cod,
      feePaise: thresholdMet ? 0 : null,
      zoneFeePaise: null,
      etaDaysMin: DELIVERY_DAYS,
      etaDaysMax: DELIVERY_DAYS,
      deliverBy: istDay(expectedDelivery(now)),
      message,
    };
  }
  const etaDaysMax = row.etaDays ?? zone.etaDaysMax;
  return {
    ...base,
    zone: { zoneId: zone.zoneId, name: zone.name },
    serviceable,
    cod,
    feePaise: thresholdMet ? 0 : zone.fee,
    zoneFeePaise: zone.fee,
    etaDaysMin: Math.min(zone.etaDaysMin, etaDaysMax),
    etaDaysMax,
    deliverBy: deliverBy(now, etaDaysMax, settings),
    message,
  };
}

/**
 * What the checkout refuses for these terms (contracts/delivery.md), or null: a PIN code no zone
 * serves is 400 PINCODE_NOT_SERVICEABLE, cash on delivery where it is not offered 400
 * COD_NOT_AVAILABLE. A store without zones refuses nothing here (today's rules stay where they are).
 */
export function deliveryRefusal(terms: DeliveryTerms, method: PaymentMethod): StoreError | null {
  if (!terms.zoned) return null;
  if (!terms.serviceable) return new StoreError(400, "PINCODE_NOT_SERVICEABLE", `${notServedMessage(terms.pincode)}. Please choose another address.`);
  if (method === "COD" && !terms.cod) return new StoreError(400, "COD_NOT_AVAILABLE", noCodMessage(terms.pincode));
  return null;
}
