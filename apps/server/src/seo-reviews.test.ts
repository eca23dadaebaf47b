// The product page's reviews as the server renders them (issue 31, contracts/reviews.md "Prompting and
// SEO"): Published reviews whose words try to close the JSON-LD script stay data. Every
// application/ld+json block is parsed strictly; the Product's aggregateRating is the API's summary;
// a product without reviews has none. Needs the built web app (`npm run build`, or WEB_DIST=<folder>).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createTestEnv, type TestEnv } from "@store/api/testing";
import { JSON_LD_REVIEWS } from "@store/domain";
import { buildApp, WEB_DIST } from "./app.ts";

const SHOP = "https://shop.example.in";
const EVIL = "</script><script>alert(1)</script>";
const webDist = process.env.WEB_DIST ?? WEB_DIST;

let env: TestEnv;
let app: FastifyInstance;
beforeAll(async () => {
  const entry = path.join(`${webDist}-server`, "entry-server.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the web app first (npm run build)`);
  env = await createTestEnv();
  env.services.mail = { publicUrl: SHOP, smtpConfigured: false };
  await env.admin.settings.update({ upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
  app = await buildApp({ handle: env.handle, services: env.services, webDist, logLevel: "silent" });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** Every JSON-LD block of a page: the number of opening tags must equal the blocks found, and each must be strict JSON. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  const opened = html.split('<script type="application/ld+json">').length - 1;
  const texts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  expect(texts).toHaveLength(opened);
  for (const text of texts) expect(text.toLowerCase()).not.toContain("</script");
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const productOf = (blocks: Record<string, unknown>[]) => {
  const products = blocks.filter((b) => b["@type"] === "Product");
  expect(products).toHaveLength(1);
  return products[0] as Record<string, unknown>;
};

/** A customer who bought and got the product, writing a review that the back office publishes (or leaves Pending). */
async function publishedReview(
  productId: number,
  who: { firstName: string; lastName: string },
  review: { rating: number; title: string; body: string },
  publish = true,
) {
  const customer = await env.newCustomer(who);
  const { order } = await customer.caller.orders.save({ productId, quantity: 1 });
  await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Completed" });
  const { reviewId } = await customer.caller.reviews.create({ productId, ...review });
  if (publish) await env.admin.reviews.moderate({ reviewId, decision: "Published" });
  return reviewId;
}

describe("the product page's JSON-LD with reviews", () => {
  it("carries aggregateRating equal to the API's summary and the reviews as data, the script-closing words escaped", async () => {
    const productId = await env.newProduct({ productName: "Zz Review Seo Cleaner" });
    await publishedReview(productId, { firstName: "Priya", lastName: "Das" }, { rating: 5, title: EVIL, body: `Cleans very well. ${EVIL}` });
    await publishedReview(productId, { firstName: "Ravi", lastName: "Kumar" }, { rating: 4, title: "", body: "Good, and the smell is mild." });
    await publishedReview(
      productId,
      { firstName: "Kiran", lastName: "Rao" },
      { rating: 1, title: "Pending one", body: "Not yet moderated, not counted." },
      false,
    );

    const api = await app.inject({ method: "GET", url: `/api/v1/products/${productId}/reviews` });
    expect(api.statusCode).toBe(200);
    const { summary } = api.json<{ summary: { average: number | null; count: number } }>();
    expect(summary).toMatchObject({ average: 4.5, count: 2 });

    const page = await app.inject({ method: "GET", url: `/singleProductDetails/${productId}` });
    expect(page.statusCode).toBe(200);
    // the page shows the words as text, never as a script the browser runs
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    const product = productOf(jsonLdBlocks(page.body));
    expect(product.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = product.review as Record<string, unknown>[];
    expect(reviews.length).toBe(2);
    expect(reviews.length).toBeLessThanOrEqual(JSON_LD_REVIEWS);
    for (const r of reviews) {
      expect(r["@type"]).toBe("Review");
      expect(r.author).toEqual({ "@type": "Person", name: expect.any(String) as string });
      expect(r.reviewRating).toMatchObject({ "@type": "Rating", ratingValue: expect.any(Number) as number, bestRating: 5 });
      expect(typeof r.reviewBody).toBe("string");
      expect(r.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if ("name" in r) expect(typeof r.name).toBe("string");
    }
    const evil = reviews.find((r) => r.name === EVIL);
    expect(evil).toMatchObject({ author: { name: "Priya D." }, reviewRating: { ratingValue: 5 }, reviewBody: `Cleans very well. ${EVIL}` });
    expect(reviews.find((r) => !("name" in r))).toMatchObject({ author: { name: "Ravi K." }, reviewRating: { ratingValue: 4 } });
  });

  it("has no aggregateRating nor reviews for a product without a published review, and the page says so", async () => {
    const productId = await env.newProduct({ productName: "Zz Unreviewed Seo Cleaner" });
    const page = await app.inject({ method: "GET", url: `/singleProductDetails/${productId}` });
    expect(page.statusCode).toBe(200);
    const product = productOf(jsonLdBlocks(page.body));
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
    expect(page.body).toContain("No reviews yet");
  });
});
