// Issue 13 item 4: an Idempotency-Key on POST /productOrder/save and /addToCart/checkout (header,
// or the `idempotencyKey` input over tRPC): the same key from the same customer within 24 h returns
// the first answer and creates nothing more, in parallel too; the same key with another body is 422.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(async () => {
  await env.close();
});

const post = (url: string, payload: object, token: string, key?: string) =>
  env.app.inject({
    method: "POST",
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, ...(key ? { "idempotency-key": key } : {}) },
  });
const shopper = async () => {
  const c = await env.newCustomer();
  return { ...c, token: await env.tokenFor(c.customerId) };
};

describe("Idempotency-Key", () => {
  it("POST /productOrder/save: 8 parallel submits with one key place one order and all get its answer", async () => {
    const productId = await env.newProduct({ quantity: 50 });
    const { token, customerId } = await shopper();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post("/api/v1/productOrder/save", { productId, quantity: 2 }, token, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.json<{ productOrderId: string }>().productOrderId));
    expect(ids.size).toBe(1);
    expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(1);
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(48);
    // a replay later answers the very same body
    const again = await post("/api/v1/productOrder/save", { productId, quantity: 2 }, token, key);
    expect(again.body).toBe(answers[0]?.body);
  });

  it("the same key with another body is a 422 that says so; another customer's same key is their own", async () => {
    const productId = await env.newProduct({ quantity: 50 });
    const a = await shopper();
    const key = randomUUID();
    expect((await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token, key)).statusCode).toBe(200);
    const changed = await post("/api/v1/productOrder/save", { productId, quantity: 3 }, a.token, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json<{ message: string }>().message).toBe("This Idempotency-Key was already used for a different request. Use a new key for a new order.");
    const b = await shopper();
    expect((await post("/api/v1/productOrder/save", { productId, quantity: 3 }, b.token, key)).statusCode).toBe(200);
    expect(await env.handle.db.productOrder.count({ where: { customerId: { in: [a.customerId, b.customerId] } } })).toBe(2);
  });

  it("a failed order keeps no key: the same key may be tried again", async () => {
    const productId = await env.newProduct({ quantity: 1 });
    const { token } = await shopper();
    const key = randomUUID();
    expect((await post("/api/v1/productOrder/save", { productId, quantity: 2 }, token, key)).statusCode).toBe(409);
    expect((await post("/api/v1/productOrder/save", { productId, quantity: 2 }, token, key)).statusCode).toBe(409);
  });

  it("POST /addToCart/checkout: parallel checkouts with one key all answer the one order; over tRPC the input key works alike", async () => {
    const { token, customerId } = await shopper();
    for (const quantity of [1, 2]) await post("/api/v1/addToCart/save", { productId: await env.newProduct({ quantity: 10 }), quantity }, token);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post("/api/v1/addToCart/checkout", {}, token, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json<{ productOrderId: string }>().productOrderId)).size).toBe(1);
    expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(2);

    await post("/api/v1/addToCart/save", { productId: await env.newProduct({ quantity: 10 }), quantity: 1 }, token);
    const trpcKey = randomUUID();
    const viaTrpc = () =>
      env.app.inject({
        method: "POST",
        url: "/api/trpc/cart.checkout",
        payload: { json: { idempotencyKey: trpcKey } },
        headers: { authorization: `Bearer ${token}` },
      });
    const [first, second] = [await viaTrpc(), await viaTrpc()];
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await env.handle.db.productOrder.count({ where: { customerId } })).toBe(3);
  });

  it("refuses a key that is not 1 to 255 visible characters", async () => {
    const { token } = await shopper();
    const res = await post("/api/v1/productOrder/save", { productId: await env.newProduct(), quantity: 1 }, token, "k".repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Idempotency-Key/);
  });
});
