// Two server instances on one database (issue 26, contracts/offers.md "Usage accounting"): a coupon with
// one use left, 10 customers checking out with it at once, their requests split across both instances →
// exactly one order gets it, the nine others a 409 USAGE_LIMIT_REACHED with their carts intact. With
// TEST_DATABASE_URL each instance has its own connection pool to the PostgreSQL database (real parallel
// transactions); on PGlite both share the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createTestServices } from "@store/api/testing";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle | null };
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  env = await createHttpTestEnv();
  let handle: DbHandle | null = null;
  if (pgUrl) {
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  }
  // createTestServices signs with the same secret, so a customer's token is good on both
  const app = await buildApp({ handle: handle ?? env.handle, services: createTestServices(), logLevel: "silent" });
  await app.ready();
  second = { app, handle };
});

afterAll(async () => {
  await second.app.close();
  await second.handle?.close();
  await env.close();
});

describe("a coupon's last use, two instances", () => {
  it("10 parallel checkouts split across both instances: one order with the coupon, nine 409 with their carts intact", async () => {
    await env.admin.settings.update({ upiVpa: "shop@okicici" });
    const coupon = await env.handle.db.coupon.create({
      data: {
        code: `LAST${Date.now() % 100000}`,
        description: "The last one",
        type: "FLAT",
        value: 2_000,
        usageLimit: 1,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
        paymentMethods: "COD,UPI,ONLINE",
      },
    });
    // a product each: the checkouts do not queue on one pack's stock, they meet at the coupon's row
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const c = await env.newCustomer();
        const productId = await env.newProduct({ productName: "Zz Last Coupon Gel", productPrice: 250, mainPrice: 300, quantity: 100 });
        await c.caller.cart.save({ productId, quantity: 1 });
        return { ...c, productId, token: await env.tokenFor(c.customerId) };
      }),
    );
    const apps = [env.app, second.app];
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        apps[i % 2]!.inject({
          method: "POST",
          url: "/api/v1/addToCart/checkout",
          headers: { authorization: `Bearer ${s.token}` },
          payload: { paymentMethod: "UPI", couponCode: coupon.code },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const a of answers) if (a.statusCode === 409) expect(a.json()).toMatchObject({ code: "USAGE_LIMIT_REACHED" });
    const db = env.handle.db;
    expect((await db.coupon.findUniqueOrThrow({ where: { couponId: coupon.couponId } })).usedCount).toBe(1);
    expect(await db.couponUse.count({ where: { couponId: coupon.couponId } })).toBe(1);
    expect(await db.order.count({ where: { couponCode: coupon.code } })).toBe(1);
    const losers = shoppers.filter((_, i) => answers[i]?.statusCode === 409);
    for (const s of losers) {
      expect(await db.cartItem.count({ where: { customerId: s.customerId } })).toBe(1);
      // their stock was put back with the rest of their transaction
      expect((await db.productVariant.findFirstOrThrow({ where: { productId: s.productId } })).stock).toBe(100);
    }
  });
});
