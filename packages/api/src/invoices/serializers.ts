import { z } from "zod";

const party = { name: z.string(), address: z.string(), gstin: z.string().nullable().optional() };
const state = z.object({ stateName: z.string(), stateCode: z.string() });

/** A GST document as printed (amounts in paise, as on the PDF's source). */
export const invoiceDocumentOutput = z.object({
  kind: z.enum(["TAX INVOICE", "CREDIT NOTE"]),
  number: z.string(),
  date: z.date(),
  originalInvoice: z.object({ number: z.string(), date: z.date() }).optional(),
  orderReference: z.string(),
  seller: z.object({ ...party, gstin: z.string(), stateName: z.string(), stateCode: z.string() }),
  buyer: z.object(party),
  placeOfSupply: state,
  interState: z.boolean(),
  lines: z.array(
    z.object({
      description: z.string(),
      hsn: z.string(),
      quantity: z.number(),
      unit: z.string(),
      unitPricePaise: z.number().int(),
      grossPaise: z.number().int().describe("quantity x unit price, before the coupon discount"),
      discountPaise: z.number().int().describe("the line's share of the coupon discount (issue 26)"),
      ratePercent: z.number(),
      taxablePaise: z.number().int().describe("the value after the discount, without its tax"),
      cgstPaise: z.number().int(),
      sgstPaise: z.number().int(),
      igstPaise: z.number().int(),
      totalPaise: z.number().int().describe("grossPaise - discountPaise = taxablePaise + the tax"),
    }),
  ),
  couponCode: z.string().nullable().describe("the coupon used on the order, null without one"),
  totals: z.object({
    grossPaise: z.number().int(),
    discountPaise: z.number().int(),
    taxablePaise: z.number().int(),
    cgstPaise: z.number().int(),
    sgstPaise: z.number().int(),
    igstPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  amountInWords: z.string(),
  notes: z.array(z.string()),
});
