// The complaint tickets' endpoints (issue 31, contracts/grievances.md): filed by a customer or a guest,
// read and answered by the complainant and the store's officers, moved by the officers, reported to the owner.
import {
  grievanceCreateInput,
  grievanceListInput,
  grievanceMessageInput,
  grievanceReportInput,
  grievanceStatusInput,
  grievanceTicketInput,
} from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, guestOrSignedInProcedure, ownerProcedure } from "../../trpc.ts";
import { grievanceCreatedOutput, grievanceDetailOutput, grievanceListOutput } from "./serializers.ts";
import { createGrievance } from "./create-grievance.ts";
import { listGrievances } from "./list-grievances.ts";
import { grievanceDetail } from "./grievance-detail.ts";
import { addGrievanceMessage } from "./add-message.ts";
import { setGrievanceStatus } from "./set-status.ts";
import { grievanceReport, grievanceReportOutput } from "./grievance-report.ts";

const TAGS = ["Grievances"];

export const grievancesRouter = createTRPCRouter({
  create: guestOrSignedInProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/grievances",
        protect: false,
        tags: TAGS,
        summary:
          "File a complaint (201). A customer's token: the account's name, email and phone are used; no token: name, email and phone are required (a guest). An admin token is 403. productOrderId must be the caller's order (a guest's with its X-Order-Token), else 404. Acknowledged at once by mail (and WhatsApp or SMS). At most 5 an hour per customer, phone or address: 429",
      },
    })
    .input(grievanceCreateInput)
    .output(grievanceCreatedOutput)
    .mutation(({ ctx, input }) => createGrievance(ctx, input)),

  list: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/grievances",
        tags: TAGS,
        summary:
          "A customer's own complaints, newest first; for the owner and staff every complaint, filtered by status, category, overdue (open past resolveBy) and search (ticket, name, email, phone, subject, order), overdue first then by resolveBy, 20 a page",
      },
    })
    .input(grievanceListInput)
    .output(grievanceListOutput)
    .query(({ ctx, input }) => listGrievances(ctx, input)),

  byTicket: guestOrSignedInProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/grievances/{ticketNumber}",
        tags: TAGS,
        summary:
          "One complaint with its messages: the customer's own, any for the owner and staff; a guest gives ?email= (the complaint's e-mail; only for complaints filed without an account). Anything else is 404; too many failed guest lookups from one address, 429",
      },
    })
    .input(grievanceTicketInput)
    .output(grievanceDetailOutput)
    .query(({ ctx, input }) => grievanceDetail(ctx, input)),

  addMessage: guestOrSignedInProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/grievances/{ticketNumber}/messages",
        tags: TAGS,
        summary:
          "Write on a complaint (201, the complaint): the complainant (a guest with email) or the owner and staff. The complainant's message on a Resolved or Rejected complaint within 14 days reopens it; later it is 409 TICKET_CLOSED and the complaint is Closed. An officer's message is mailed to the complainant",
      },
    })
    .input(grievanceMessageInput)
    .output(grievanceDetailOutput)
    .mutation(({ ctx, input }) => addGrievanceMessage(ctx, input)),

  setStatus: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/grievances/{ticketNumber}/status",
        tags: TAGS,
        summary:
          "Move a complaint (owner and staff): Acknowledged → In progress → Resolved (resolution, 10+ characters) or Rejected (reason, 10+ characters), and back to In progress (reopen); other moves 409 STATUS_ORDER. The complainant is told; the move is audited",
      },
    })
    .input(grievanceStatusInput)
    .output(grievanceDetailOutput)
    .mutation(({ ctx, input }) => setGrievanceStatus(ctx, input)),

  report: ownerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/grievances",
        tags: TAGS,
        summary:
          "The month's complaints (owner; IST month of filing): received, acknowledged within 48 hours, resolved within their month, open, overdue ticket numbers, count per category. CSV with Accept: text/csv or ?format=csv (one metric,value row per figure)",
      },
    })
    .input(grievanceReportInput)
    .output(grievanceReportOutput)
    .query(({ ctx, input }) => grievanceReport(ctx, input.month)),
});
