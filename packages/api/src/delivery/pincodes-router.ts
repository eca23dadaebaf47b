// The PIN-code directory (issue 27, contracts/delivery.md): tRPC router `pincodes`.
import { z } from "zod";
import { pincodeImportInput, pincodeListInput, pincodeLookupInput, MAX_PINCODE_ROWS } from "@store/validators";
import { createTRPCRouter, ownerProcedure, publicProcedure } from "../trpc.ts";
import { pageOutput } from "../platform/serialize-common.ts";
import { lookupPincode, pincodePage } from "./pincodes.ts";
import { importPincodes, MAX_REPORTED_ERRORS } from "./pincode-import.ts";

const placeOutput = z.object({
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  stateCode: z.string().describe("GST state code, e.g. 27"),
  stateName: z.string(),
});

const pincodeOutput = placeOutput.extend({
  serviceable: z.boolean(),
  cod: z.boolean(),
  etaDays: z.number().int().nullable().describe("days from dispatch, overriding the zone's etaDaysMax"),
  source: z.string().describe("india-post (the shipped directory) or import (a courier list)"),
  updatedAt: z.date(),
});

const rowError = z.object({ line: z.number().int(), field: z.string(), message: z.string() });

export const pincodesRouter = createTRPCRouter({
  lookup: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/pincodes/{pincode}",
        tags: ["Delivery"],
        protect: false,
        summary: "A PIN code's city, district and state, to fill an address form (public; cached for an hour). Unknown: 404 PINCODE_UNKNOWN",
      },
    })
    .input(pincodeLookupInput)
    .output(placeOutput)
    .query(({ ctx, input }) => lookupPincode(ctx, input.pincode)),

  list: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shipping/pincodes",
        tags: ["Delivery"],
        summary: "The PIN-code directory, 20 a page by PIN code; ?search= a PIN-code prefix or a city or district name, ?serviceable=false (the store owner)",
      },
    })
    .input(pincodeListInput)
    .output(pageOutput(pincodeOutput))
    .query(({ ctx, input }) => pincodePage(ctx, input)),

  import: ownerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/shipping/pincodes",
        tags: ["Delivery"],
        summary: `Import a courier's PIN-code list (multipart field \`file\`, or JSON {csv}): columns pincode,city,district,state,serviceable,cod,etaDays (state: name or GST code; serviceable and cod: true/false, yes/no or 1/0; etaDays 0–30 or blank; district blank = city), at most ${MAX_PINCODE_ROWS.toLocaleString("en-IN")} rows. ?dryRun=true answers the counts and each row's errors (at most ${MAX_REPORTED_ERRORS}) without changing anything; applying is all or nothing (a row with errors: 400 with \`errors\`). Rows are added or replace the PIN code's row (the store owner)`,
      },
    })
    .input(pincodeImportInput)
    .output(
      z.object({
        dryRun: z.boolean(),
        applied: z.boolean(),
        rows: z.number().int().describe("rows in the file"),
        created: z.number().int().describe("PIN codes new to the directory (rows without errors)"),
        updated: z.number().int().describe("PIN codes already in it, replaced"),
        serviceable: z.number().int(),
        notServiceable: z.number().int(),
        rowsWithErrors: z.number().int(),
        errors: z.array(rowError),
      }),
    )
    .mutation(({ ctx, input }) => importPincodes(ctx, input)),
});
