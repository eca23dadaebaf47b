// Delivery terms as the API speaks them: rupees, the place's names, the message when not served.
import { z } from "zod";
import { toRupees } from "@store/domain";
import type { DeliveryTerms } from "./serviceability.ts";

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

export const serviceabilityOutput = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean().describe("cash on delivery is offered to this PIN code"),
  city: z.string().nullable().describe("null when the PIN code is unknown"),
  stateName: z.string().nullable(),
  etaDaysMin: z.number().int().nullable(),
  etaDaysMax: z.number().int().nullable(),
  deliverBy: z.string().nullable().describe("IST date YYYY-MM-DD an order placed now arrives by (dispatch cut-off and non-working days applied)"),
  deliveryFee: z
    .number()
    .nullable()
    .describe(
      "rupees for the whole order; 0 when itemsTotal reaches freeDeliveryAbove; null when not served, or when the store has no zones (each product's own delivery charge)",
    ),
  freeDeliveryAbove: z.number().nullable().describe("rupees; null: no threshold"),
  message: z.string().nullable().describe(`why it is not served ("We don't deliver to 799001 yet")`),
});

export const toServiceabilityOutput = (t: DeliveryTerms): z.infer<typeof serviceabilityOutput> => ({
  pincode: t.pincode,
  serviceable: t.serviceable,
  cod: t.cod,
  city: t.place?.city ?? null,
  stateName: t.place?.stateName ?? null,
  etaDaysMin: t.etaDaysMin,
  etaDaysMax: t.etaDaysMax,
  deliverBy: t.deliverBy,
  deliveryFee: rupeesOrNull(t.feePaise),
  freeDeliveryAbove: rupeesOrNull(t.freeDeliveryAbovePaise),
  message: t.message,
});

/** the owner's preview: the public answer, with the zone and whether the store has zones at all */
export const termsOutput = serviceabilityOutput.extend({
  zoned: z.boolean().describe("the store has a zone: the checkout charges one zone fee an order (false: each product's own charge, as before zones)"),
  zone: z.object({ zoneId: z.number().int(), name: z.string() }).nullable().describe("the zone that serves the PIN code"),
  zoneFee: z.number().nullable().describe("rupees: the zone's fee before the free-delivery threshold"),
  district: z.string().nullable(),
  stateCode: z.string().nullable(),
});

export const toTermsOutput = (t: DeliveryTerms): z.infer<typeof termsOutput> => ({
  ...toServiceabilityOutput(t),
  zoned: t.zoned,
  zone: t.zone,
  zoneFee: rupeesOrNull(t.zoneFeePaise),
  district: t.place?.district ?? null,
  stateCode: t.place?.stateCode ?? null,
});
