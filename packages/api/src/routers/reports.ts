import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { gstSummary } from "../domain/gst-report.ts";

const amounts = { taxableValue: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() };

export const reportsRouter = createTRPCRouter({
  gst: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/gst",
        tags: ["Reports"],
        summary: "The month's GST summary for GSTR-1, net of credit notes: HSN-wise and state-wise B2C (admin). CSV with Accept: text/csv or ?format=csv",
      },
    })
    .input(z.object({ month: z.string({ error: "month is required (YYYY-MM)" }).trim(), format: z.enum(["json", "csv"]).optional() }))
    .output(
      z.object({
        month: z.string(),
        hsnSummary: z.array(
          z.object({ hsn: z.string(), description: z.string(), unit: z.string(), ratePercent: z.number(), quantity: z.number(), ...amounts }),
        ),
        b2cStateSummary: z.array(z.object({ stateCode: z.string(), stateName: z.string(), ratePercent: z.number(), ...amounts })),
        totals: z.object({ invoices: z.number(), creditNotes: z.number(), invoiceValue: z.number(), creditNoteValue: z.number(), ...amounts }),
      }),
    )
    .query(({ ctx, input }) => gstSummary(ctx, input.month)),
});
