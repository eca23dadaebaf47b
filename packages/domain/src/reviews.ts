// Product reviews (issue 31, contracts/reviews.md; IS 19000:2022): who may review, the published
// moderation reasons, and how reviews add up to a product's rating.

export const REVIEW_STATUSES = ["Pending", "Published", "Rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_REJECT_REASONS = ["ABUSIVE", "SPAM", "PERSONAL_DATA", "NOT_ABOUT_PRODUCT", "CONFLICT_OF_INTEREST"] as const;
export type ReviewRejectReason = (typeof REVIEW_REJECT_REASONS)[number];

/** The published moderation policy (GET /store-facts reviewPolicy): the only reasons a review is not shown. */
export const REVIEW_REJECT_REASON_WORDS: Readonly<Record<ReviewRejectReason, string>> = {
  ABUSIVE: "It is abusive, hateful or threatening.",
  SPAM: "It is spam or advertising.",
  PERSONAL_DATA: "It shows someone's personal data (a phone number, an address, an e-mail).",
  NOT_ABOUT_PRODUCT: "It is not about the product (for example only about delivery or another shop).",
  CONFLICT_OF_INTEREST: "It was written by someone with an interest in the product (staff, a competitor, or for payment).",
};

export const REVIEW_POLICY_WORDS =
  "Every review from a buyer is published unless it breaks one of these rules. A review is never rejected for being negative, and the store never edits a review's rating or words." as const;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEWS_PAGE_SIZE = 10;
/** the product page's JSON-LD carries at most this many reviews */
export const JSON_LD_REVIEWS = 5;
/** the review-requests job asks this many days after delivery */
export const REVIEW_REQUEST_AFTER_DAYS = 3;
/** …and not for lines delivered longer ago than this (the store's first run of the job must not write to every past buyer) */
export const REVIEW_REQUEST_WITHIN_DAYS = 30;

/** A published author's name: first name and last initial, "Priya D.". */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim() || "A buyer";
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** Average stars rounded to one decimal (half up); null when there are none. */
export function ratingAverage(count: number, sum: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

export type RatingHistogram = Record<"1" | "2" | "3" | "4" | "5", number>;

/** The product page's summary from the Published reviews' stars. */
export function ratingSummary(ratings: Iterable<number> | RatingHistogram): { average: number | null; count: number; histogram: RatingHistogram } {
  const histogram: RatingHistogram = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  if (Symbol.iterator in Object(ratings)) {
    for (const r of ratings as Iterable<number>) {
      const key = String(r) as keyof RatingHistogram;
      if (key in histogram) histogram[key]++;
    }
  } else Object.assign(histogram, ratings);
  let count = 0;
  let sum = 0;
  for (const [stars, n] of Object.entries(histogram)) {
    count += n;
    sum += Number(stars) * n;
  }
  return { average: ratingAverage(count, sum), count, histogram };
}

/** A delivered line that was not sent back makes its buyer a verified buyer of the product. */
export const isVerifiedPurchaseLine = (line: { orderStatus: string; returnStatus: string }): boolean =>
  line.orderStatus === "Completed" && line.returnStatus !== "Approved" && line.returnStatus !== "Refunded";
