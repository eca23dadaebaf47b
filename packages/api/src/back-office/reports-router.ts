import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { gstSummary } from "../invoices/gst-report.ts";
import { salesReport } from "./sales-report.ts";
import { REPORT_INTERVALS, salesReportInput } from "@store/validators";

const amounts = { taxableValue: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() };

const salesFigures = { orders: z.number().int(), placedRevenue: z.number(), paidRevenue: z.number(), averageOrderValue: z.number() };

export const reportsRouter = createTRPCRouter({
  sales: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/sales",
        tags: ["Reports"],
        summary:
          "Sales per IST day, week or month from `from` to `to` (YYYY-MM-DD, both included): orders, placed and paid revenue (₹), average order value; top 10 products, payment-method split, return rate, low stock (admin)",
      },
    })
    .input(salesReportInput)
    .output(
      z.object({
        from: z.string(),
        to: z.string(),
        interval: z.enum(REPORT_INTERVALS),
        series: z.array(z.object({ period: z.string().describe("the bucket's first IST day"), ...salesFigures })),
        totals: z.object(salesFigures),
        topProducts: z.array(z.object({ productId: z.number().int(), productName: z.string(), quantity: z.number().int(), revenue: z.number() })),
        paymentMethods: z.array(z.object({ method: z.string(), orders: z.number().int(), placedRevenue: z.number() })),
        returns: z.object({ delivered: z.number().int(), returned: z.number().int(), requested: z.number().int(), rate: z.number() }),
        lowStockThreshold: z.number().int(),
        lowStock: z.array(z.object({ productId: z.number().int(), productName: z.string(), packSize: z.string(), quantity: z.number().int() })),
      }),
    )
    .query(({ ctx, input }) => salesReport(ctx, input)),

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
