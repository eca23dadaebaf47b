// What the review endpoints answer (contracts/reviews.md): the public item, the author's own review,
// the back office's row, and the rating summary. Text is answered exactly as stored: plain text, which
// every page escapes when it shows it.
import type { Prisma } from "@store/db";
import { REVIEW_REJECT_REASON_WORDS, REVIEW_REJECT_REASONS, type ReviewRejectReason } from "@store/domain";
import { z } from "zod";

export const reviewSelect = {
  reviewId: true,
  productId: true,
  variantId: true,
  customerId: true,
  rating: true,
  title: true,
  body: true,
  status: true,
  rejectReason: true,
  verifiedPurchase: true,
  replyText: true,
  replyAt: true,
  moderatedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ReviewSelect;
export type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewSelect }>;

const replyOutput = z.object({ text: z.string(), at: z.date() }).nullable().describe("the store's reply, or null");
const replyOf = (r: Pick<ReviewRow, "replyText" | "replyAt">) => (r.replyText !== null && r.replyAt !== null ? { text: r.replyText, at: r.replyAt } : null);

const histogramOutput = z.object({ "1": z.number().int(), "2": z.number().int(), "3": z.number().int(), "4": z.number().int(), "5": z.number().int() });
export const ratingSummaryOutput = z.object({
  average: z.number().nullable().describe("1 decimal; null when count is 0"),
  count: z.number().int(),
  histogram: histogramOutput.describe('Published reviews per star: { "1": n, …, "5": n }'),
});

export const reviewCreatedOutput = z.object({
  reviewId: z.number().int(),
  status: z.literal("Pending"),
  verifiedPurchase: z.boolean().describe("the author has a delivered, not returned line of the product"),
});

export const publicReviewOutput = z.object({
  reviewId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string().describe('first name and last initial, "Priya D."'),
  verifiedPurchase: z.boolean(),
  variantLabel: z.string().nullable().describe("the pack reviewed, when known"),
  createdAt: z.date(),
  reply: replyOutput,
});
export const productReviewsOutput = z.object({
  items: z.array(publicReviewOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: ratingSummaryOutput,
});

export const myReviewOutput = z.object({
  reviewId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.string().describe("Pending, Published or Rejected"),
  rejectReason: z.string().nullable(),
  rejectReasonWords: z.string().nullable().describe("the published policy's words for rejectReason"),
  verifiedPurchase: z.boolean(),
  variantId: z.number().int().nullable(),
  reply: replyOutput,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type MyReview = z.infer<typeof myReviewOutput>;

const isReason = (r: string | null): r is ReviewRejectReason => r !== null && (REVIEW_REJECT_REASONS as readonly string[]).includes(r);

export const toMyReview = (r: ReviewRow): MyReview => ({
  reviewId: r.reviewId,
  rating: r.rating,
  title: r.title,
  body: r.body,
  status: r.status,
  rejectReason: r.rejectReason,
  rejectReasonWords: isReason(r.rejectReason) ? REVIEW_REJECT_REASON_WORDS[r.rejectReason] : null,
  verifiedPurchase: r.verifiedPurchase,
  variantId: r.variantId,
  reply: replyOf(r),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const mineOutput = z.object({
  productId: z.number().int(),
  productName: z.string(),
  verifiedPurchase: z.boolean(),
  mayReview: z.boolean().describe("the caller may write a review of this product now"),
  whyNot: z.enum(["NOT_A_BUYER", "ALREADY_REVIEWED"]).nullable(),
  review: myReviewOutput.nullable(),
});

export const adminReviewOutput = z.object({
  reviewId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  variantLabel: z.string().nullable(),
  customerId: z.number().int(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.string(),
  rejectReason: z.string().nullable(),
  verifiedPurchase: z.boolean(),
  reply: replyOutput,
  createdAt: z.date(),
  updatedAt: z.date(),
  moderatedAt: z.date().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewOutput>;

/** the names a row needs beside its own fields */
export interface ReviewNames {
  productName: string;
  variantLabel: string | null;
  authorName: string;
}

export const toPublicReview = (r: ReviewRow, names: ReviewNames): z.infer<typeof publicReviewOutput> => ({
  reviewId: r.reviewId,
  rating: r.rating,
  title: r.title,
  body: r.body,
  authorName: names.authorName,
  verifiedPurchase: r.verifiedPurchase,
  variantLabel: names.variantLabel,
  createdAt: r.createdAt,
  reply: replyOf(r),
});

export const toAdminReview = (r: ReviewRow, names: ReviewNames): AdminReview => ({
  reviewId: r.reviewId,
  productId: r.productId,
  productName: names.productName,
  variantLabel: names.variantLabel,
  customerId: r.customerId,
  authorName: names.authorName,
  rating: r.rating,
  title: r.title,
  body: r.body,
  status: r.status,
  rejectReason: r.rejectReason,
  verifiedPurchase: r.verifiedPurchase,
  reply: replyOf(r),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  moderatedAt: r.moderatedAt,
});

const countsOf = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

export const reviewReportOutput = z.object({
  month: z.string(),
  received: z.number().int().describe("reviews written in the month (IST)"),
  published: z.number().int().describe("of those, Published now"),
  rejected: z.number().int(),
  pending: z.number().int(),
  rejectedByReason: countsOf(REVIEW_REJECT_REASONS),
  rejectedByRating: countsOf(["1", "2", "3", "4", "5"] as const),
});
