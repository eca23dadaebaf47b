import { describe, expect, it } from "vitest";
import { isVerifiedPurchaseLine, ratingAverage, ratingSummary, reviewAuthorName } from "./reviews.ts";

describe("reviews", () => {
  it("names the author by first name and last initial", () => {
    expect(reviewAuthorName("Priya", "Deshmukh")).toBe("Priya D.");
    expect(reviewAuthorName("Priya", "")).toBe("Priya");
    expect(reviewAuthorName(" ", "deshmukh")).toBe("A buyer D.");
  });

  it("rounds the average to one decimal, null with no reviews", () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(3, 13)).toBe(4.3);
    expect(ratingAverage(4, 17)).toBe(4.3);
    expect(ratingAverage(2, 9)).toBe(4.5);
    expect(ratingAverage(1, 5)).toBe(5);
  });

  it("sums a histogram from stars or from counts", () => {
    expect(ratingSummary([5, 4, 4, 1])).toEqual({ average: 3.5, count: 4, histogram: { "1": 1, "2": 0, "3": 0, "4": 2, "5": 1 } });
    expect(ratingSummary({ "1": 0, "2": 0, "3": 1, "4": 0, "5": 1 })).toEqual({ average: 4, count: 2, histogram: { "1": 0, "2": 0, "3": 1, "4": 0, "5": 1 } });
    expect(ratingSummary([])).toEqual({ average: null, count: 0, histogram: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } });
  });

  it("counts a delivered line that was not sent back as a purchase", () => {
    expect(isVerifiedPurchaseLine({ orderStatus: "Completed", returnStatus: "Pending" })).toBe(true);
    expect(isVerifiedPurchaseLine({ orderStatus: "Completed", returnStatus: "Requested" })).toBe(true);
    expect(isVerifiedPurchaseLine({ orderStatus: "Completed", returnStatus: "Approved" })).toBe(false);
    expect(isVerifiedPurchaseLine({ orderStatus: "Completed", returnStatus: "Refunded" })).toBe(false);
    expect(isVerifiedPurchaseLine({ orderStatus: "Shipped", returnStatus: "Pending" })).toBe(false);
  });
});
