// HTTP tests of the reviews (issue 31, contracts/reviews.md) over the real Fastify app: the statuses
// and codes of /api/v1/products/{productId}/reviews and /api/v1/reviews, a rating sent as the JSON
// string "5" (read as 5, as the REST facade reads every number), text stored and answered exactly as written, the public
// list, moderation and replies on the audit trail, the owner's report, the job review-requests with
// a moved clock, and ratingAverage/ratingCount on the product's details and the product list.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { customerFields } from "@store/api/testing";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
});
afterAll(() => env.close());

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  env.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const BODY = "Works on hard water stains, no streaks left.";

/** a customer made straight in the database (no password hashing) and its token */
async function shopper(firstName = "Asha", lastName = "Verma") {
  const { password: _p, agreeToTerms: _a, ...fields } = customerFields({ firstName, lastName });
  const { customerId } = await env.handle.db.customer.create({ data: { ...fields, passwordHash: "not-a-hash" }, select: { customerId: true } });
  return { customerId, email: fields.email, token: await env.tokenFor(customerId), caller: env.as({ role: "customer", customerId }) };
}
/** the shopper's delivered line of the product */
async function delivered(s: Awaited<ReturnType<typeof shopper>>, productId: number) {
  const { order } = await s.caller.orders.save({ productId, quantity: 1 });
  await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" });
  return order.orderId;
}
const review = (productId: number, customerId: number, rating: number, status = "Pending", createdAt = new Date()) =>
  env.handle.db.review
    .create({ data: { productId, customerId, rating, status, createdAt, body: "Written for the HTTP suite." }, select: { reviewId: true } })
    .then((r) => r.reviewId);

describe("POST /api/v1/products/{productId}/reviews", () => {
  it("201 for a buyer; 409 ALREADY_REVIEWED; 403 NOT_A_BUYER; with the setting off 201 verifiedPurchase false; an admin 403; unknown product 404", async () => {
    const productId = await env.newProduct();
    const buyer = await shopper();
    await delivered(buyer, productId);
    const created = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating: 5, title: "Good", body: BODY });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ reviewId: expect.any(Number) as number, status: "Pending", verifiedPurchase: true });
    const again = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating: 4, body: BODY });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: "ALREADY_REVIEWED", message: expect.stringContaining("Edit your review") as unknown });

    const stranger = await shopper();
    const refused = await call("POST", `/products/${productId}/reviews`, stranger.token, { rating: 2, body: BODY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "NOT_A_BUYER", message: expect.stringContaining("Only buyers who received this product") as unknown });
    await env.admin.settings.update({ reviewsRequirePurchase: false });
    try {
      const open = await call("POST", `/products/${productId}/reviews`, stranger.token, { rating: 2, body: BODY });
      expect(open.statusCode).toBe(201);
      expect(open.json()).toMatchObject({ status: "Pending", verifiedPurchase: false });
    } finally {
      await env.admin.settings.update({ reviewsRequirePurchase: true });
    }

    const byAdmin = await call("POST", `/products/${productId}/reviews`, env.adminToken, { rating: 5, body: BODY });
    expect(byAdmin.statusCode).toBe(403);
    expect((await call("POST", `/products/${productId}/reviews`, null, { rating: 5, body: BODY })).statusCode).toBe(401);
    expect((await call("POST", "/products/99999999/reviews", stranger.token, { rating: 5, body: BODY })).statusCode).toBe(404);
  });

  it('a rating of 0, 6, 4.5, "4.5" or "five" is 400 naming the rating; the string "5" is accepted as 5 stars, as every REST number', async () => {
    const productId = await env.newProduct();
    const buyer = await shopper();
    await delivered(buyer, productId);
    for (const rating of [0, 6, 4.5, "4.5", "five", null]) {
      const res = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating, body: BODY });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().message).toBe("Rating must be a whole number of stars from 1 to 5");
    }
    const short = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating: 5, body: "Nice" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Review must be at least 10 characters");
    // the REST facade (trpc-to-openapi) reads a numeric string as the number for every number field: "5" is 5 stars
    const asText = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating: "5", body: BODY });
    expect(asText.statusCode).toBe(201);
    expect(
      await env.handle.db.review.findUniqueOrThrow({ where: { reviewId: asText.json<{ reviewId: number }>().reviewId }, select: { rating: true } }),
    ).toEqual({
      rating: 5,
    });
  });

  it("stores a <script> in the title and body as written and answers it as plain JSON text", async () => {
    const productId = await env.newProduct();
    const buyer = await shopper();
    await delivered(buyer, productId);
    const title = "<script>alert(1)</script>";
    const body = `Great "value" & <b>fresh</b> <script>alert('x')</script>`;
    const created = await call("POST", `/products/${productId}/reviews`, buyer.token, { rating: 4, title, body });
    expect(created.statusCode).toBe(201);
    const { reviewId } = created.json<{ reviewId: number }>();
    await env.admin.reviews.moderate({ reviewId, decision: "Published" });
    const listed = await call("GET", `/products/${productId}/reviews`, null);
    expect(listed.headers["content-type"]).toMatch(/^application\/json/);
    expect(listed.json().items[0]).toMatchObject({ title, body });
    expect(await env.handle.db.review.findUniqueOrThrow({ where: { reviewId }, select: { title: true, body: true } })).toEqual({ title, body });
  });
});

describe("the author's /api/v1/reviews/{reviewId}", () => {
  it("edits (back to Pending) and deletes their own; another customer's is 404; an admin cannot edit one (403)", async () => {
    const productId = await env.newProduct();
    const author = await shopper();
    const reviewId = await review(productId, author.customerId, 2, "Published");
    const other = await shopper();
    expect((await call("POST", `/reviews/${reviewId}`, other.token, { rating: 5, body: BODY })).statusCode).toBe(404);
    expect((await call("DELETE", `/reviews/${reviewId}`, other.token)).statusCode).toBe(404);
    expect((await call("POST", `/reviews/${reviewId}`, env.adminToken, { rating: 5, body: BODY })).statusCode).toBe(403);

    const edited = await call("POST", `/reviews/${reviewId}`, author.token, { rating: 3, title: "Changed", body: BODY });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ reviewId, rating: 3, title: "Changed", body: BODY, status: "Pending", reply: null });
    const removed = await call("DELETE", `/reviews/${reviewId}`, author.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true });
  });
});

describe("GET /api/v1/products/{productId}/reviews", () => {
  it("Published only, sorted and paged, with the histogram and the average (null with none), 'Priya D.'", async () => {
    const productId = await env.newProduct();
    const none = await call("GET", `/products/${productId}/reviews`, null);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      summary: { average: null, count: 0, histogram: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } },
    });

    const priya = await shopper("Priya", "Deshmukh");
    const base = Date.now() - 600_000;
    await review(productId, priya.customerId, 5, "Published", new Date(base));
    for (let i = 1; i <= 10; i++) await review(productId, (await shopper()).customerId, i % 2 ? 4 : 3, "Published", new Date(base + i * 1000));
    await review(productId, (await shopper()).customerId, 1, "Pending");
    const page1 = await call("GET", `/products/${productId}/reviews?sort=highest`, null);
    expect(page1.json()).toMatchObject({
      total: 11,
      page: 1,
      pageSize: 10,
      summary: { average: 3.6, count: 11, histogram: { "1": 0, "2": 0, "3": 5, "4": 5, "5": 1 } },
    });
    expect(page1.json().items[0]).toMatchObject({ rating: 5, authorName: "Priya D.", verifiedPurchase: false, variantLabel: null, reply: null });
    const page2 = await call("GET", `/products/${productId}/reviews?sort=newest&page=2`, null);
    expect(page2.json().items.map((r: { authorName: string }) => r.authorName)).toEqual(["Priya D."]);
    expect((await call("GET", `/products/${productId}/reviews?sort=best`, null)).statusCode).toBe(400);
    expect((await call("GET", "/products/99999999/reviews", null)).statusCode).toBe(404);
  });

  it("ratingAverage and ratingCount on the product's details and in the product list follow moderation", async () => {
    const productId = await env.newProduct({ productName: "Zz Rated Spray" });
    const ids = [await review(productId, (await shopper()).customerId, 5), await review(productId, (await shopper()).customerId, 4)];
    const details = () => call("GET", `/products/details/${productId}`, null).then((r) => r.json<{ ratingAverage: number | null; ratingCount: number }>());
    const listed = () =>
      call("GET", "/products/details?search=Zz%20Rated%20Spray", null).then((r) => r.json<{ productId: number }[]>().find((p) => p.productId === productId));
    expect(await details()).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    expect(await listed()).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    for (const reviewId of ids) {
      expect((await call("POST", `/reviews/${reviewId}/moderate`, env.adminToken, { decision: "Published" })).statusCode).toBe(200);
    }
    expect(await details()).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
    expect(await listed()).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
  });
});

describe("the back office", () => {
  it("moderates (Rejected needs a listed reason: 400) and replies, both audited; customers are 403; the list puts Pending first", async () => {
    const productId = await env.newProduct();
    const author = await shopper();
    const reviewId = await review(productId, author.customerId, 1);
    const noReason = await call("POST", `/reviews/${reviewId}/moderate`, env.adminToken, { decision: "Rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain("A rejected review needs one of the published reasons");
    const badReason = await call("POST", `/reviews/${reviewId}/moderate`, env.adminToken, { decision: "Rejected", rejectReason: "NEGATIVE" });
    expect(badReason.statusCode).toBe(400);
    expect((await call("POST", `/reviews/${reviewId}/moderate`, author.token, { decision: "Published" })).statusCode).toBe(403);

    const rejected = await call("POST", `/reviews/${reviewId}/moderate`, env.adminToken, { decision: "Rejected", rejectReason: "NOT_ABOUT_PRODUCT" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ reviewId, status: "Rejected", rejectReason: "NOT_ABOUT_PRODUCT", rating: 1, customerId: author.customerId });
    const replied = await call("POST", `/reviews/${reviewId}/reply`, env.adminToken, { text: "Thanks, we passed this on to the courier." });
    expect(replied.json()).toMatchObject({ reply: { text: "Thanks, we passed this on to the courier." } });
    expect((await call("POST", `/reviews/${reviewId}/reply`, env.adminToken, { text: "x".repeat(1001) })).statusCode).toBe(400);

    const audit = await call("GET", `/audit?entity=review&entityId=${reviewId}`, env.adminToken);
    expect(audit.json().items.map((e: { action: string }) => e.action)).toEqual(["reviews.reply", "reviews.moderate"]);

    const pending = await review(productId, (await shopper()).customerId, 5);
    const list = await call("GET", `/reviews?productId=${productId}`, env.adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { reviewId: number }) => r.reviewId)).toEqual([pending, reviewId]);
    expect((await call("GET", "/reviews", author.token)).statusCode).toBe(403);
  });

  it("GET /reports/reviews?month= counts by reason and by rating (the owner); a bad month is 400", async () => {
    const productId = await env.newProduct();
    const inMonth = new Date("2026-02-10T06:00:00Z");
    const reject = async (rating: number, rejectReason: string) => {
      const reviewId = await review(productId, (await shopper()).customerId, rating, "Pending", inMonth);
      await env.admin.reviews.moderate({ reviewId, decision: "Rejected", rejectReason: rejectReason as "SPAM" });
    };
    await reject(1, "SPAM");
    await reject(2, "CONFLICT_OF_INTEREST");
    await review(productId, (await shopper()).customerId, 5, "Published", inMonth);
    const report = await call("GET", "/reports/reviews?month=2026-02", env.adminToken);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({
      month: "2026-02",
      received: 3,
      published: 1,
      rejected: 2,
      pending: 0,
      rejectedByReason: { ABUSIVE: 0, SPAM: 1, PERSONAL_DATA: 0, NOT_ABOUT_PRODUCT: 0, CONFLICT_OF_INTEREST: 1 },
      rejectedByRating: { "1": 1, "2": 1, "3": 0, "4": 0, "5": 0 },
    });
    expect((await call("GET", "/reports/reviews?month=2026-13", env.adminToken)).statusCode).toBe(400);
  });
});

describe("POST /api/v1/admin/jobs/review-requests/run with a moved clock", () => {
  it("2 days after delivery nothing; 3 days after one mail with the review link; run again nothing", async () => {
    const productId = await env.newProduct({ productName: "Zz Asked Gel" });
    const buyer = await shopper("Kavya", "Rao");
    await delivered(buyer, productId);
    const start = Date.now();
    const runAt = async (days: number) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(start + days * 86_400_000 + 60_000);
        // a token signed at the moved time (the suite's own would have expired)
        const token = await env.services.tokens.sign({ role: "admin", adminId: env.adminId });
        const res = await call("POST", "/admin/jobs/review-requests/run", token);
        expect(res.statusCode).toBe(200);
        return res.json<{ processed: number }>().processed;
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await runAt(2)).toBe(0);
    expect(await runAt(3)).toBeGreaterThanOrEqual(1);
    const mails = await env.handle.db.outboxMessage.findMany({ where: { kind: "review-request", recipient: buyer.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain(`/rate/${productId}`);
    expect(await runAt(3)).toBe(0);
    expect(await env.handle.db.outboxMessage.count({ where: { kind: "review-request", recipient: buyer.email } })).toBe(1);
  });
});
