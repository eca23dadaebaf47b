import { z } from "zod";
import { adminProcedure, createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { gstSummary } from "../invoices/gst-report.ts";
import { hsnNames, nameHsn } from "../invoices/hsn-names.ts";
import { salesReport } from "./sales-report.ts";
import { todoCounts } from "./todo.ts";
import { hsnNameInput, hsnNameOutput, REPORT_INTERVALS, salesReportInput, todoOutput } from "@store/validators";

const amounts = { taxableValue: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() };

const salesFigures = {
  orders: z.number().int(),
  placedRevenue: z.number(),
  paidRevenue: z.number(),
  averageOrderValue: z.number(),
  grossSales: z.number().describe("rupees: the items' value before coupon discounts (no delivery, no COD fee)"),
  discountTotal: z.number().describe("rupees: the coupon discounts of the orders placed (issue 26)"),
  netSales: z.number().describe("rupees: grossSales - discountTotal"),
  couponOrders: z.number().int().describe("orders placed with a coupon"),
};

/** RTO delivered ÷ ended as a fraction (0.25 = 25%), or null when no shipment ended. */
const rtoFraction = z.number().min(0).max(1).nullable().describe("a fraction from 0 to 1 (0.25 is 25%), 4 decimals; null when no shipment ended");

export const reportsRouter = createTRPCRouter({
  sales: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/sales",
        tags: ["Reports"],
        summary:
          "Sales per IST day, week or month from `from` to `to` (YYYY-MM-DD, both included): orders, placed and paid revenue (₹), average order value, gross and net sales around coupon discounts; top 10 products, payment-method split, return rate, low stock; rtoRate: of the shipments made in the range (IST days of their creation) that ended (Delivered or RTO delivered; Cancelled boxes never left and are not counted), the fraction RTO delivered (0 to 1, 4 decimals; null when none ended), overall and by payment method; ndrOpen: shipments in NDR now (admin)",
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
        topProducts: z.array(
          z.object({
            productId: z.number().int(),
            productName: z.string(),
            quantity: z.number().int(),
            revenue: z.number().describe("rupees: price x quantity less the lines' coupon discounts"),
          }),
        ),
        paymentMethods: z.array(z.object({ method: z.string(), orders: z.number().int(), placedRevenue: z.number() })),
        returns: z.object({ delivered: z.number().int(), returned: z.number().int(), requested: z.number().int(), rate: z.number() }),
        rtoRate: z
          .object({
            overall: rtoFraction,
            byPaymentMethod: z.object({ COD: rtoFraction, UPI: rtoFraction, ONLINE: rtoFraction }).describe("by the payment method the shipment was made with"),
            ended: z.number().int().describe("shipments made in the range that ended: Delivered or RTO delivered"),
            rtoDelivered: z.number().int().describe("of those, the shipments that came back to the seller"),
          })
          .describe("returns to origin (issue 28) of the shipments made from `from` to `to`"),
        ndrOpen: z.number().int().describe("shipments in NDR (a failed delivery waiting for a decision) now, whatever the range"),
        lowStockThreshold: z.number().int(),
        lowStock: z.array(
          z.object({
            productId: z.number().int(),
            productName: z.string(),
            variantId: z.number().int().describe("the pack (issue 25): low stock is per pack"),
            sku: z.string(),
            packSize: z.string().describe("the pack's label"),
            quantity: z.number().int().describe("the pack's stock"),
          }),
        ),
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
          z.object({
            hsn: z.string(),
            description: z.string().describe("what the HSN code is: the owner's name for it, else the tariff heading's, else 'HSN <code>'"),
            descriptionSource: z.enum(["owner", "tariff", "none"]),
            unit: z.string(),
            ratePercent: z.number(),
            quantity: z.number().describe("units of goods sold, net of credit notes (delivery charges and COD fees are not units)"),
            products: z.number().int().describe("how many different products those units are"),
            ...amounts,
          }),
        ),
        b2cStateSummary: z.array(z.object({ stateCode: z.string(), stateName: z.string(), ratePercent: z.number(), ...amounts })),
        totals: z.object({ invoices: z.number(), creditNotes: z.number(), invoiceValue: z.number(), creditNoteValue: z.number(), ...amounts }),
        cancelledBeforePayment: z
          .object({
            orders: z.number().int(),
            invoiceValue: z.number(),
            creditNoteValue: z.number(),
            items: z.array(
              z.object({
                productOrderId: z.string(),
                invoiceNumber: z.string().nullable(),
                creditNoteNumbers: z.array(z.string()),
                invoiceValue: z.number(),
                creditNoteValue: z.number(),
                netValue: z.number(),
              }),
            ),
          })
          .describe("the month's invoices and credit notes of orders never paid and cancelled: each invoice netted by its credit notes"),
      }),
    )
    .query(({ ctx, input }) => gstSummary(ctx, input.month)),

  hsnNames: adminProcedure
    .meta({ openapi: { method: "GET", path: "/reports/gst/hsn", tags: ["Reports"], summary: "The owner's names of HSN codes, by code (admin)" } })
    .input(z.object({}).optional())
    .output(z.array(hsnNameOutput))
    .query(({ ctx }) => hsnNames(ctx)),

  nameHsn: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reports/gst/hsn/{hsnCode}",
        tags: ["Reports"],
        summary:
          "Name an HSN code once: the GST summary describes its rows by this (a 4-digit code also names its longer codes); sending it again renames it (the store owner)",
      },
    })
    .input(hsnNameInput)
    .output(hsnNameOutput)
    .mutation(({ ctx, input }) => nameHsn(ctx, input)),

  todo: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/todo",
        tags: ["Reports"],
        summary:
          "Today's work as numbers: paymentsToVerify (UPI UTRs to check), returnsToDecide (Requested), ordersToShip (a line still Shipped, COD or paid), lowStock (products at or under lowStockThreshold), failedMessages (emails failed) (admin)",
      },
    })
    .input(z.object({}).optional())
    .output(todoOutput)
    .query(({ ctx }) => todoCounts(ctx)),
});
