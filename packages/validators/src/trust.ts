// Complaints and reviews (issue 31, contracts/grievances.md and contracts/reviews.md): written once,
// used by the storefront's and the back office's forms and by the procedures.
import { z } from "zod";
import {
  GRIEVANCE_ANSWER_MIN,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  GRIEVANCE_TARGET_STATUSES,
  REVIEW_REJECT_REASONS,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  TICKET_NUMBER_PATTERN,
} from "@store/domain";
import { email, id, requiredText, trueOrFalse } from "./common.ts";
import { mobileNumber } from "./guest.ts";
import { productOrderIdSchema } from "./payments.ts";

/** Text between min and max characters after trimming, with messages naming the field. */
const textBetween = (label: string, min: number, max: number) =>
  requiredText(label, max).pipe(z.string().min(min, `${label} must be at least ${min} characters`));

const pageNumber = z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page starts at 1").max(100_000).default(1);

/** "2026-11": a calendar month of a report */
export const reportMonth = z
  .string({ error: "month is required (YYYY-MM)" })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a month as YYYY-MM");

export const reportFormat = z.enum(["json", "csv"], { error: 'format must be "json" or "csv"' }).optional();

// ——— grievances ———

export const ticketNumberSchema = z
  .string({ error: "Ticket number is required" })
  .trim()
  .toUpperCase()
  .regex(TICKET_NUMBER_PATTERN, "A ticket number looks like GRV-20261126-000123");

export const grievanceCategorySchema = z.enum(GRIEVANCE_CATEGORIES, { error: `Category must be one of ${GRIEVANCE_CATEGORIES.join(", ")}` });

/** The complaint form. A guest (no token) gives name, email and phone; a customer's come from the account. */
export const grievanceCreateInput = z.object({
  category: grievanceCategorySchema,
  subject: textBetween("Subject", 5, 120),
  description: textBetween("Description", 10, 2000),
  productOrderId: productOrderIdSchema.optional(),
  name: requiredText("Name", 121).optional(),
  email: email.optional(),
  phone: mobileNumber.optional(),
});
export type GrievanceCreateInput = z.infer<typeof grievanceCreateInput>;

/** A ticket of the caller: a guest names the complainant's e-mail. */
export const grievanceTicketInput = z.object({ ticketNumber: ticketNumberSchema, email: email.optional() });

export const grievanceMessageInput = z.object({
  ticketNumber: ticketNumberSchema,
  text: textBetween("Message", 1, 2000),
  /** a guest: the complainant's e-mail */
  email: email.optional(),
});

export const grievanceListInput = z.object({
  page: pageNumber,
  status: z.enum(GRIEVANCE_STATUSES, { error: `status must be one of ${GRIEVANCE_STATUSES.join(", ")}` }).optional(),
  category: grievanceCategorySchema.optional(),
  overdue: trueOrFalse("overdue").optional(),
  search: z.string().trim().max(100, "Search is at most 100 characters").default(""),
});

export const grievanceStatusInput = z
  .object({
    ticketNumber: ticketNumberSchema,
    status: z.enum(GRIEVANCE_TARGET_STATUSES, { error: `status must be one of ${GRIEVANCE_TARGET_STATUSES.join(", ")}` }),
    resolution: z.string().trim().max(2000, "Resolution must be at most 2000 characters").optional(),
    reason: z.string().trim().max(2000, "Reason must be at most 2000 characters").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "Resolved" && (v.resolution ?? "").length < GRIEVANCE_ANSWER_MIN) {
      ctx.addIssue({ code: "custom", path: ["resolution"], message: `Say how it was resolved: at least ${GRIEVANCE_ANSWER_MIN} characters` });
    }
    if (v.status === "Rejected" && (v.reason ?? "").length < GRIEVANCE_ANSWER_MIN) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: `Give the reason for rejecting it: at least ${GRIEVANCE_ANSWER_MIN} characters` });
    }
  });

export const grievanceReportInput = z.object({ month: reportMonth, format: reportFormat });

// ——— reviews ———

export const reviewRating = z
  .number({ error: "Rating must be a whole number of stars from 1 to 5" })
  .int("Rating must be a whole number of stars from 1 to 5")
  .min(1, "Rating must be a whole number of stars from 1 to 5")
  .max(5, "Rating must be a whole number of stars from 1 to 5");

export const reviewFields = z.object({
  rating: reviewRating,
  title: z.string().trim().max(100, "Title must be at most 100 characters").default(""),
  body: textBetween("Review", 10, 2000),
});

export const reviewCreateInput = reviewFields.extend({ productId: id("Product id"), variantId: id("Pack id").optional() });
export const reviewEditInput = reviewFields.extend({ reviewId: id("Review id") });
export const reviewIdInput = z.object({ reviewId: id("Review id") });

export const reviewSortSchema = z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("newest");

export const productReviewsInput = z.object({ productId: id("Product id"), page: pageNumber, sort: reviewSortSchema });

export const reviewAdminListInput = z.object({
  page: pageNumber,
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(", ")}` }).optional(),
  productId: id("Product id").optional(),
  rating: z.coerce
    .number({ error: "rating must be 1 to 5" })
    .int("rating must be 1 to 5")
    .min(1, "rating must be 1 to 5")
    .max(5, "rating must be 1 to 5")
    .optional(),
});

export const reviewRejectReasonSchema = z.enum(REVIEW_REJECT_REASONS, { error: `rejectReason must be one of ${REVIEW_REJECT_REASONS.join(", ")}` });

export const reviewModerateInput = z
  .object({
    reviewId: id("Review id"),
    decision: z.enum(["Published", "Rejected"], { error: 'decision must be "Published" or "Rejected"' }),
    rejectReason: reviewRejectReasonSchema.optional(),
  })
  .refine((v) => v.decision !== "Rejected" || v.rejectReason !== undefined, {
    path: ["rejectReason"],
    message: `A rejected review needs one of the published reasons: ${REVIEW_REJECT_REASONS.join(", ")}`,
  });

export const reviewReplyInput = z.object({ reviewId: id("Review id"), text: textBetween("Reply", 1, 1000) });

export const reviewReportInput = z.object({ month: reportMonth, format: reportFormat });
