import { z } from "zod";

export const gstSettingsOutput = z.object({
  sellerLegalName: z.string(),
  sellerAddress: z.string(),
  sellerGstin: z.string().describe("its first two digits are the seller's state"),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  hsnDigits: z.number().int().describe("HSN digits printed on invoices: 4 or 6"),
  defaultHsnCode: z.string(),
  defaultGstRate: z.number().int(),
  defaultCountryOfOrigin: z.string(),
  defaultManufacturer: z.string(),
  grievanceOfficerName: z.string(),
  grievanceOfficerDesignation: z.string(),
  grievanceOfficerEmail: z.string(),
  grievanceOfficerPhone: z.string(),
  customerCareEmail: z.string(),
  customerCarePhone: z.string(),
});

export const storeFactsOutput = z.object({
  sellerLegalName: z.string(),
  sellerAddress: z.string(),
  sellerGstin: z.string(),
  sellerState: z.string().describe('e.g. "Maharashtra (27)"'),
  grievanceOfficer: z.object({ name: z.string(), designation: z.string(), email: z.string(), phone: z.string() }),
  customerCare: z.object({ email: z.string(), phone: z.string() }),
  defaultCountryOfOrigin: z.string(),
  defaultManufacturer: z.string(),
  reviewPolicy: z
    .object({
      summary: z.string(),
      reasons: z.array(z.object({ code: z.string().describe("rejectReason of POST /reviews/{reviewId}/moderate"), words: z.string() })),
    })
    .describe("issue 31: the published moderation policy: the only reasons a review is not shown"),
});
