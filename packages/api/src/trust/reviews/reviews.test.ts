// Reviews at procedure depth (issue 31, contracts/reviews.md): only buyers (Setting
// reviewsRequirePurchase), one per customer and product even under a race, the author's edit and
// delete, the public Published-only list with its summary, moderation with a listed reason (audited),
// replies, the monthly report, and the product's rating kept right under concurrent moderation.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_REJECT_REASON_WORDS } from "@store/domain";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { givePacks } from "../../orders/packs-testing.ts";
import { reviewsRouter } from "./reviews-router.ts";
import { deliver, ORDER_SETTINGS, quickCustomer, reviewRow } from "./reviews-testing.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update(ORDER_SETTINGS);
});
afterAll(() => env.close());

const BODY = "Cleans the kitchen tiles well, and it smells fresh.";
const ratingOf = (productId: number) => db().product.findUniqueOrThrow({ where: { productId }, select: { ratingCount: true, ratingSum: true } });

describe("reviews.create", () => {
  it("a buyer's review: Pending, verifiedPurchase, the pack of the latest delivered line; a second one is 409 ALREADY_REVIEWED", async () => {
    const productId = await env.newProduct();
    const [small, big] = await givePacks(db(), productId, [
      { label: "500 ml", price: 99, stock: 20 },
      { label: "1 l", price: 179, stock: 20 },
    ]);
    const c = await quickCustomer(env);
    await deliver(env, c, productId, small);
    await deliver(env, c, productId, big);
    const created = await c.caller.reviews.create({ productId, rating: 5, title: "Good", body: BODY });
    expect(created).toEqual({ reviewId: expect.any(Number) as number, status: "Pending", verifiedPurchase: true });
    expect(await db().review.findUniqueOrThrow({ where: { reviewId: created.reviewId } })).toMatchObject({ variantId: big, status: "Pending", rating: 5 });
    await expect(c.caller.reviews.create({ productId, rating: 4, body: BODY })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already reviewed") as unknown,
    });
  });

  it("with reviewsRequirePurchase a non-buyer (or one who returned it) is 403 NOT_A_BUYER; without it the review is verifiedPurchase false", async () => {
    const productId = await env.newProduct();
    const stranger = await quickCustomer(env);
    await expect(stranger.caller.reviews.create({ productId, rating: 3, body: BODY })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("Only buyers") as unknown,
    });
    const returner = await quickCustomer(env);
    const line = await deliver(env, returner, productId);
    await returner.caller.orders.requestReturn({ orderId: line, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: line, returnStatus: "Approved" });
    await expect(returner.caller.reviews.create({ productId, rating: 1, body: BODY })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await returner.caller.reviews.mine({ productId })).toMatchObject({ verifiedPurchase: false, mayReview: false, whyNot: "NOT_A_BUYER", review: null });

    await env.admin.settings.update({ reviewsRequirePurchase: false });
    try {
      expect(await stranger.caller.reviews.create({ productId, rating: 3, body: BODY })).toMatchObject({ status: "Pending", verifiedPurchase: false });
    } finally {
      await env.admin.settings.update({ reviewsRequirePurchase: true });
    }
    expect(await stranger.caller.reviews.mine({ productId })).toMatchObject({ mayReview: false, whyNot: "ALREADY_REVIEWED", review: { rating: 3 } });
  });

  it("five creates at once: one is made, four are 409 ALREADY_REVIEWED (the unique index)", async () => {
    const productId = await env.newProduct();
    const c = await quickCustomer(env);
    await deliver(env, c, productId);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => c.caller.reviews.create({ productId, rating: 4, body: BODY })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string; message: string }] : []));
    expect(refused.map((e) => e.code)).toEqual(["CONFLICT", "CONFLICT", "CONFLICT", "CONFLICT"]);
    expect(refused.every((e) => e.message.includes("already reviewed"))).toBe(true);
    expect(await db().review.count({ where: { productId } })).toBe(1);
  });

  it("refuses a missing or deleted product and a pack of another product (404), an admin (403) and a rating that is not a whole 1-5 (400)", async () => {
    const productId = await env.newProduct();
    const other = await env.newProduct();
    const c = await quickCustomer(env);
    await deliver(env, c, productId);
    await expect(c.caller.reviews.create({ productId: 99_999_999, rating: 5, body: BODY })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const otherPack = await db().productVariant.findFirstOrThrow({ where: { productId: other }, select: { variantId: true } });
    await expect(c.caller.reviews.create({ productId, variantId: otherPack.variantId, rating: 5, body: BODY })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining(`is not a pack of product ${productId}`) as unknown,
    });
    await expect(env.admin.reviews.create({ productId, rating: 5, body: BODY })).rejects.toMatchObject({ code: "FORBIDDEN" });
    for (const rating of [0, 6, 4.5]) {
      await expect(c.caller.reviews.create({ productId, rating, body: BODY })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await env.admin.products.remove({ productId: other });
    const d = await quickCustomer(env);
    await expect(d.caller.reviews.create({ productId: other, rating: 5, body: BODY })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the author's edit and delete", () => {
  it("edit sends a rejected review back to Pending without its reason; another customer's is 404; removing a Published one takes it out of the rating", async () => {
    const productId = await env.newProduct();
    const author = await quickCustomer(env);
    const reviewId = await reviewRow(env, { productId, customerId: author.customerId, rating: 2, status: "Rejected", rejectReason: "SPAM" });
    const stranger = await quickCustomer(env);
    await expect(stranger.caller.reviews.edit({ reviewId, rating: 5, title: "", body: BODY })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.caller.reviews.remove({ reviewId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.reviews.edit({ reviewId, rating: 5, title: "", body: BODY })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const edited = await author.caller.reviews.edit({ reviewId, rating: 4, title: "Better now", body: BODY });
    expect(edited).toMatchObject({ reviewId, rating: 4, title: "Better now", status: "Pending", rejectReason: null, rejectReasonWords: null });

    await env.admin.reviews.moderate({ reviewId, decision: "Published" });
    expect(await ratingOf(productId)).toEqual({ ratingCount: 1, ratingSum: 4 });
    await author.caller.reviews.edit({ reviewId, rating: 1, title: "", body: BODY });
    expect(await ratingOf(productId)).toEqual({ ratingCount: 0, ratingSum: 0 });
    await env.admin.reviews.moderate({ reviewId, decision: "Published" });
    expect(await ratingOf(productId)).toEqual({ ratingCount: 1, ratingSum: 1 });
    expect(await author.caller.reviews.remove({ reviewId })).toEqual({ success: true, message: expect.any(String) as string });
    expect(await ratingOf(productId)).toEqual({ ratingCount: 0, ratingSum: 0 });
    await expect(author.caller.reviews.remove({ reviewId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("reviews.forProduct", () => {
  it("lists only Published reviews, 10 a page, sorted, with the summary, the author as 'Priya D.' and the pack's label", async () => {
    const productId = await env.newProduct();
    const [pack] = await givePacks(db(), productId, [{ label: "5 l can", price: 499, stock: 5 }]);
    const empty = await env.anonymous.reviews.forProduct({ productId, page: 1, sort: "newest" });
    expect(empty).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      summary: { average: null, count: 0, histogram: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } },
    });

    const priya = await quickCustomer(env, "Priya", "desai");
    const base = Date.now() - 3_600_000;
    const stars = [5, 4, 4, 3, 5, 1, 2, 5, 4, 4, 3];
    const ids: number[] = [];
    for (const [i, rating] of stars.entries()) {
      const customerId = i === 0 ? priya.customerId : (await quickCustomer(env)).customerId;
      ids.push(
        await reviewRow(env, {
          productId,
          customerId,
          rating,
          status: "Published",
          createdAt: new Date(base + i * 1000),
          ...(i === 0 ? { variantId: pack } : {}),
        }),
      );
    }
    await reviewRow(env, { productId, customerId: (await quickCustomer(env)).customerId, rating: 1, status: "Pending" });
    await reviewRow(env, { productId, customerId: (await quickCustomer(env)).customerId, rating: 1, status: "Rejected", rejectReason: "ABUSIVE" });

    const first = await env.anonymous.reviews.forProduct({ productId, page: 1, sort: "newest" });
    expect(first.total).toBe(11);
    expect(first.items.map((r) => r.reviewId)).toEqual(ids.slice(1).reverse());
    expect(first.summary).toEqual({ average: 3.6, count: 11, histogram: { "1": 1, "2": 1, "3": 2, "4": 4, "5": 3 } });
    const second = await env.anonymous.reviews.forProduct({ productId, page: 2, sort: "newest" });
    expect(second.items).toEqual([
      {
        reviewId: ids[0],
        rating: 5,
        title: "",
        body: "Written for a test, long enough.",
        authorName: "Priya D.",
        verifiedPurchase: false,
        variantLabel: "5 l can",
        createdAt: new Date(base),
        reply: null,
      },
    ]);
    const highest = await env.anonymous.reviews.forProduct({ productId, page: 1, sort: "highest" });
    // ties by newest: the 5s are reviews 7, 4, 0
    expect(highest.items.slice(0, 3).map((r) => r.reviewId)).toEqual([ids[7], ids[4], ids[0]]);
    const lowest = await env.anonymous.reviews.forProduct({ productId, page: 1, sort: "lowest" });
    expect(lowest.items.map((r) => r.rating).slice(0, 4)).toEqual([1, 2, 3, 3]);
    expect(lowest.items.slice(2, 4).map((r) => r.reviewId)).toEqual([ids[10], ids[3]]);
    await expect(env.anonymous.reviews.forProduct({ productId: 99_999_999, page: 1, sort: "newest" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("moderation, replies and the report", () => {
  it("Rejected needs a listed reason (400); each decision and reply is audited; a reply replaces the earlier one", async () => {
    const productId = await env.newProduct({ productName: "Zz Tile Gel" });
    const author = await quickCustomer(env);
    const reviewId = await reviewRow(env, { productId, customerId: author.customerId, rating: 1 });
    await expect(env.admin.reviews.moderate({ reviewId, decision: "Rejected" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("ABUSIVE, SPAM") as unknown,
    });
    await expect(author.caller.reviews.moderate({ reviewId, decision: "Published" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.admin.reviews.moderate({ reviewId: 99_999_999, decision: "Published" })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const rejected = await env.admin.reviews.moderate({ reviewId, decision: "Rejected", rejectReason: "PERSONAL_DATA" });
    expect(rejected).toMatchObject({
      reviewId,
      productName: "Zz Tile Gel",
      status: "Rejected",
      rejectReason: "PERSONAL_DATA",
      rating: 1,
      authorName: "Asha V.",
    });
    expect(rejected.moderatedAt).toBeInstanceOf(Date);
    expect(await author.caller.reviews.mine({ productId })).toMatchObject({
      review: { status: "Rejected", rejectReason: "PERSONAL_DATA", rejectReasonWords: REVIEW_REJECT_REASON_WORDS.PERSONAL_DATA },
    });

    const first = await env.admin.reviews.reply({ reviewId, text: "Sorry, we removed your phone number for your safety." });
    const second = await env.admin.reviews.reply({ reviewId, text: "Please write again without it." });
    expect(second.reply).toMatchObject({ text: "Please write again without it." });
    expect(second.reply!.at.getTime()).toBeGreaterThanOrEqual(first.reply!.at.getTime());

    const trail = await db().auditEntry.findMany({ where: { entity: "review", entityId: String(reviewId) }, orderBy: { auditId: "asc" } });
    expect(trail.map((e) => [e.action, e.summary])).toEqual([
      ["reviews.moderate", `Test Admin moderated the review ${reviewId}: Rejected (PERSONAL_DATA)`],
      ["reviews.reply", `Test Admin replied to the review ${reviewId}`],
      ["reviews.reply", `Test Admin replied to the review ${reviewId}`],
    ]);
    expect(JSON.parse(trail[0]!.changes)).toMatchObject({ status: ["Pending", "Rejected"], rejectReason: [null, "PERSONAL_DATA"] });
  });

  it("lists Pending first then the oldest first, filtered by status, product and rating", async () => {
    const productId = await env.newProduct();
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
    const c = () => quickCustomer(env).then((x) => x.customerId);
    const published = await reviewRow(env, { productId, customerId: await c(), rating: 5, status: "Published", createdAt: at(1) });
    const pendingNew = await reviewRow(env, { productId, customerId: await c(), rating: 2, createdAt: at(3) });
    const pendingOld = await reviewRow(env, { productId, customerId: await c(), rating: 2, createdAt: at(2) });
    const list = await env.admin.reviews.list({ page: 1, productId });
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(list.items.map((r) => r.reviewId)).toEqual([pendingOld, pendingNew, published]);
    expect((await env.admin.reviews.list({ page: 1, productId, status: "Published" })).items.map((r) => r.reviewId)).toEqual([published]);
    expect((await env.admin.reviews.list({ page: 1, productId, rating: 2 })).total).toBe(2);
    expect(await env.admin.reviews.list({ page: 2, productId })).toMatchObject({ items: [], total: 3 });
  });

  it("the owner's monthly report counts the month's reviews (IST) by status, and the rejections by every reason and by rating", async () => {
    const productId = await env.newProduct();
    const c = () => quickCustomer(env).then((x) => x.customerId);
    // 1 Dec 2025 00:10 IST is still 30 Nov in UTC: December's
    const inDec = new Date("2025-11-30T18:40:00Z");
    const row = (rating: number, status: string, rejectReason?: string) =>
      c().then((customerId) => reviewRow(env, { productId, customerId, rating, status, createdAt: inDec, ...(rejectReason ? { rejectReason } : {}) }));
    await row(5, "Published");
    await row(1, "Rejected", "ABUSIVE");
    await row(1, "Rejected", "ABUSIVE");
    await row(4, "Rejected", "SPAM");
    await row(3, "Pending");
    // 31 Dec 23:50 IST… and 1 Jan 00:10 IST, which is January's
    await reviewRow(env, { productId, customerId: await c(), rating: 2, createdAt: new Date("2025-12-31T18:20:00Z") });
    await reviewRow(env, { productId, customerId: await c(), rating: 2, createdAt: new Date("2025-12-31T18:40:00Z") });
    expect(await env.admin.reviews.report({ month: "2025-12" })).toEqual({
      month: "2025-12",
      received: 6,
      published: 1,
      rejected: 3,
      pending: 2,
      rejectedByReason: { ABUSIVE: 2, SPAM: 1, PERSONAL_DATA: 0, NOT_ABOUT_PRODUCT: 0, CONFLICT_OF_INTEREST: 0 },
      rejectedByRating: { "1": 2, "2": 0, "3": 0, "4": 1, "5": 0 },
    });
    const staffId = (await db().admin.create({ data: { name: "Staff", email: "staff.reviews@test.in", passwordHash: "x", role: "staff" } })).adminId;
    await expect(env.as({ role: "admin", adminId: staffId }).reviews.report({ month: "2025-12" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("has no procedure that changes a review's stars or words for the back office", () => {
    expect(Object.keys(reviewsRouter._def.procedures).sort()).toEqual([
      "create",
      "edit",
      "forProduct",
      "list",
      "mine",
      "moderate",
      "remove",
      "reply",
      "report",
    ]);
    // the only two that take a rating are the customer's own (customerProcedure: an admin token is 403, tested above)
  });
});

describe("the product's rating", () => {
  it("six reviews of one product published at once count six; details and the list show ratingAverage and ratingCount", async () => {
    const productId = await env.newProduct({ productName: "Zz Rated Cleaner" });
    const stars = [5, 4, 4, 5, 3, 5];
    const ids = [];
    for (const rating of stars) ids.push(await reviewRow(env, { productId, customerId: (await quickCustomer(env)).customerId, rating }));
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    await Promise.all(ids.map((reviewId) => env.admin.reviews.moderate({ reviewId, decision: "Published" })));
    expect(await ratingOf(productId)).toEqual({ ratingCount: 6, ratingSum: 26 });
    // the cached details were dropped by productEvents.changed()
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ ratingAverage: 4.3, ratingCount: 6 });
    const listed = (await env.anonymous.products.list({ search: "Zz Rated" })).find((p) => p.productId === productId);
    expect(listed).toMatchObject({ ratingAverage: 4.3, ratingCount: 6 });
    await env.admin.reviews.moderate({ reviewId: ids[0]!, decision: "Rejected", rejectReason: "SPAM" });
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ ratingAverage: 4.2, ratingCount: 5 });
  });
});
