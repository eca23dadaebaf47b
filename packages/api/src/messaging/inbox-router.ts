import { z } from "zod";
import { pageInput } from "@store/validators";
import { createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { pageOutput } from "../platform/serialize-common.ts";
import { inboxPage } from "./inbox.ts";

const inboundOutput = z.object({
  inboundId: z.number().int(),
  /** whatsapp */
  channel: z.string(),
  /** as the provider gives it (91XXXXXXXXXX) */
  fromPhone: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  text: z.string(),
  kind: z.string().describe("text, or stop: a STOP reply, which opted the sender out of WhatsApp messages"),
  receivedAt: z.date(),
  windowOpenUntil: z.date().describe("receivedAt + 24 hours: until then the shop may answer this buyer outside templates"),
});

export const inboxRouter = createTRPCRouter({
  list: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/messaging/inbox",
        tags: ["Messaging"],
        summary:
          "What buyers wrote to the shop's WhatsApp number, newest first, 20 a page; ?search= (phone, text). Each names the customer whose mobile it is and when its 24-hour window closes; a STOP is kind stop (the store owner)",
      },
    })
    .input(pageInput)
    .output(pageOutput(inboundOutput))
    .query(({ ctx, input }) => inboxPage(ctx, input)),
});
