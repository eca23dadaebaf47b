// The job review-requests (issue 31) with a moved clock: nothing 2 days after delivery, one "Rate
// your purchase" mail 3 days after, nothing on the next run; one mail per order and product; guests,
// returned lines and products already reviewed get none. Its own database: the job sees every line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../../testing.ts";
import { JOBS } from "../../jobs/registry.ts";
import { sendReviewRequests } from "./review-requests.ts";
import { deliver, ORDER_SETTINGS, quickCustomer, reviewRow } from "./reviews-testing.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update(ORDER_SETTINGS);
});
afterAll(() => env.close());

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY + 60_000);
const requests = () => db().outboxMessage.findMany({ where: { kind: "review-request" }, orderBy: { messageId: "asc" } });

describe("the review-requests job", () => {
  it("asks once per order and product, 3 days after delivery; runs twice (and at once) without a second mail", async () => {
    const productId = await env.newProduct({ productName: "Zz Glass-free Gel" });
    const buyer = await quickCustomer(env, "Meera", "Iyer");
    const lineId = await deliver(env, buyer, productId);
    // a second line of the same product in the same order
    const { orderId: _id, ...line } = await db().productOrder.findUniqueOrThrow({ where: { orderId: lineId } });
    const twin = await db().productOrder.create({ data: line, select: { orderId: true } });
    // a guest's delivered line, a returned one, and one whose product the buyer already reviewed
    const guestLine = await deliver(env, await quickCustomer(env), productId);
    await db().productOrder.update({ where: { orderId: guestLine }, data: { customerId: 0 } });
    const returner = await quickCustomer(env);
    const returned = await deliver(env, returner, productId);
    await db().productOrder.update({ where: { orderId: returned }, data: { returnStatus: "Refunded" } });
    const reviewer = await quickCustomer(env);
    const reviewed = await deliver(env, reviewer, productId);
    await reviewRow(env, { productId, customerId: reviewer.customerId, rating: 5 });

    expect(await sendReviewRequests(db(), env.services, later(2))).toBe(0);
    expect(await requests()).toEqual([]);

    const runs = await Promise.all([sendReviewRequests(db(), env.services, later(3)), sendReviewRequests(db(), env.services, later(3))]);
    expect(runs[0] + runs[1]).toBe(1);
    const [mail, ...more] = await requests();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ recipient: buyer.email, subject: "How is your Zz Glass-free Gel?" });
    expect(mail!.text).toContain(`http://localhost:8080/rate/${productId}`);
    expect(mail!.text).toContain("Meera");
    const marked = await db().productOrder.findMany({
      where: { orderId: { in: [lineId, twin.orderId, guestLine, returned, reviewed] } },
      select: { reviewRequestedAt: true },
    });
    expect(marked.every((l) => l.reviewRequestedAt !== null)).toBe(true);

    expect(await sendReviewRequests(db(), env.services, later(3))).toBe(0);
    expect(await JOBS["review-requests"].run({ db: db(), services: env.services, log: { warn: () => {} } })).toBe(0);
    expect(await requests()).toHaveLength(1);
  });

  it("does not write about lines delivered more than 30 days ago", async () => {
    const productId = await env.newProduct();
    const buyer = await quickCustomer(env);
    const lineId = await deliver(env, buyer, productId);
    expect(await sendReviewRequests(db(), env.services, later(31))).toBe(0);
    expect(await db().productOrder.findUniqueOrThrow({ where: { orderId: lineId }, select: { reviewRequestedAt: true } })).toEqual({ reviewRequestedAt: null });
  });

  it("is listed among the jobs the owner can run", async () => {
    expect(await env.admin.jobs.run({ job: "review-requests" })).toEqual({ job: "review-requests", processed: 0 });
  });
});
