// HTTP tests of the cart, order and count paths of /api/v1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 24 * 3600 * 1000;

async function customer() {
  const c = await env.newCustomer();
  return { ...c, token: await env.tokenFor(c.customerId) };
}
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string) => env.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });

function expectError(res: { statusCode: number; json(): Record<string, unknown> }, status: number, message?: string | RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(expect.arrayContaining(["timestamp", "status", "error", "message", "path", "code"]));
  expect(body.status).toBe(status);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
}

describe("cart paths", () => {
  it("POST /addToCart/save adds, raises the quantity, and ignores the client's price", async () => {
    const a = await customer();
    const productId = await env.newProduct({ productName: "Cart Gel", productPrice: 60, quantity: 10 });
    const first = await post(
      "/api/v1/addToCart/save",
      { productId, quantity: 1, productPrice: 1, productName: "x", customerId: a.customerId, productOrderId: "P" },
      a.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, addToCart: { productName: "Cart Gel", productPrice: 60, quantity: 1 } });
    const again = await post("/api/v1/addToCart/save", { productId, quantity: 2 }, a.token);
    expect(again.json().addToCart).toMatchObject({ addToCartId: first.json().addToCart.addToCartId, quantity: 3 });
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(1);
    expectError(await post("/api/v1/addToCart/save", { productId, quantity: 8 }, a.token), 409, "Only 10 left of Cart Gel.");
    expectError(await post("/api/v1/addToCart/save", { productId, quantity: 0 }, a.token), 400, "Quantity must be at least 1");
    expectError(await post("/api/v1/addToCart/save", { productId }, undefined), 401);
    expectError(await post("/api/v1/addToCart/save", { productId }, env.adminToken), 403);
    const b = await customer();
    expectError(await post("/api/v1/addToCart/save", { productId, customerId: a.customerId }, b.token), 403);
  });

  it("GET /addToCart/update/{id}?quantity= and its POST twin set the quantity (owner or admin)", async () => {
    const a = await customer();
    const b = await customer();
    const productId = await env.newProduct({ quantity: 10 });
    const line = (await post("/api/v1/addToCart/save", { productId }, a.token)).json().addToCart;
    const url = `/api/v1/addToCart/update/${line.addToCartId}`;
    const res = await get(`${url}?quantity=3`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Quantity updated.", addToCart: { quantity: 3 } });
    expect((await post(url, { quantity: 4 }, env.adminToken)).json().addToCart.quantity).toBe(4);
    expectError(await get(`${url}?quantity=3`, b.token), 403);
    expectError(await get(`${url}?quantity=3`), 401);
    expectError(await get(`${url}?quantity=abc`, a.token), 400);
    expectError(await get(`${url}?quantity=11`, a.token), 409, /^Only 10 left/);
    expectError(await get(`/api/v1/addToCart/update/999999?quantity=1`, a.token), 404);
    expect((await env.handle.db.cartItem.findUniqueOrThrow({ where: { addToCartId: line.addToCartId } })).quantity).toBe(4);
  });

  it("GET /addToCart/details (admin array), /details/{id} and /details/addToCartProductCustomerDetails/{customerId} (owner or admin)", async () => {
    const a = await customer();
    const b = await customer();
    const productId = await env.newProduct();
    const line = (await post("/api/v1/addToCart/save", { productId }, a.token)).json().addToCart;
    const all = await get("/api/v1/addToCart/details", env.adminToken);
    expect(Array.isArray(all.json())).toBe(true);
    expect(all.json().map((l: { addToCartId: number }) => l.addToCartId)).toContain(line.addToCartId);
    expectError(await get("/api/v1/addToCart/details", a.token), 403);
    expect((await get(`/api/v1/addToCart/details/${line.addToCartId}`, a.token)).json()).toMatchObject({ addToCartId: line.addToCartId });
    expect((await get(`/api/v1/addToCart/details/${line.addToCartId}`, env.adminToken)).statusCode).toBe(200);
    expectError(await get(`/api/v1/addToCart/details/${line.addToCartId}`, b.token), 403);
    expectError(await get(`/api/v1/addToCart/details/${line.addToCartId}`), 401);
    const mine = await get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${a.customerId}`, a.token);
    expect(mine.json()).toEqual([expect.objectContaining({ addToCartId: line.addToCartId, productId })]);
    expect((await get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${a.customerId}`, env.adminToken)).json()).toHaveLength(1);
    expectError(await get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${a.customerId}`, b.token), 403);
  });

  it("GET /addToCart/delete/{id} and DELETE /addToCart/{id} remove a line (owner or admin)", async () => {
    const a = await customer();
    const b = await customer();
    const l1 = (await post("/api/v1/addToCart/save", { productId: await env.newProduct() }, a.token)).json().addToCart;
    const l2 = (await post("/api/v1/addToCart/save", { productId: await env.newProduct() }, a.token)).json().addToCart;
    expectError(await get(`/api/v1/addToCart/delete/${l1.addToCartId}`, b.token), 403);
    expectError(await env.app.inject({ method: "DELETE", url: `/api/v1/addToCart/${l1.addToCartId}`, headers: bearer(b.token) }), 403);
    expect((await get(`/api/v1/addToCart/delete/${l1.addToCartId}`, a.token)).json()).toEqual({ success: true, message: "Removed from your cart." });
    expect((await env.app.inject({ method: "DELETE", url: `/api/v1/addToCart/${l2.addToCartId}`, headers: bearer(env.adminToken) })).statusCode).toBe(200);
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(0);
    expectError(await get(`/api/v1/addToCart/delete/${l1.addToCartId}`, a.token), 404);
  });

  it("POST /addToCart/checkout orders the whole cart under one reference and empties it; rolls back on missing stock", async () => {
    const a = await customer();
    const p1 = await env.newProduct({ productPrice: 10, deliveryCharge: 5, quantity: 5 });
    const p2 = await env.newProduct({ productPrice: 20, deliveryCharge: "Free", quantity: 5 });
    await post("/api/v1/addToCart/save", { productId: p1, quantity: 2 }, a.token);
    await post("/api/v1/addToCart/save", { productId: p2, quantity: 1 }, a.token);
    const res = await post("/api/v1/addToCart/checkout", {}, a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.productOrderId).toMatch(/^ORD-\d{8}-\d{6}$/);
    expect(body.orders.map((o: { productOrderId: string; orderTotalPrice: number }) => [o.productOrderId, o.orderTotalPrice]).sort()).toEqual(
      [
        [body.productOrderId, 25],
        [body.productOrderId, 20],
      ].sort(),
    );
    expect((await get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${a.customerId}`, a.token)).json()).toEqual([]);
    expectError(await post("/api/v1/addToCart/checkout", {}, a.token), 400, "Your cart is empty.");

    await post("/api/v1/addToCart/save", { productId: p1, quantity: 1 }, a.token);
    await post("/api/v1/addToCart/save", { productId: p2, quantity: 4 }, a.token);
    // stock is the pack's (issue 25): the product's quantity only mirrors it
    await env.handle.db.productVariant.updateMany({ where: { productId: p2 }, data: { stock: 2 } });
    expectError(await post("/api/v1/addToCart/checkout", {}, a.token), 409, /^Only 2 left of /);
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId: p1 } })).quantity).toBe(3);
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(2);
    expectError(await post("/api/v1/addToCart/checkout", {}, env.adminToken), 403);
    expectError(await post("/api/v1/addToCart/checkout", {}), 401);
  });
});

describe("order paths", () => {
  it("POST /productOrder/save answers { success, message } and sets everything on the server", async () => {
    const a = await customer();
    const productId = await env.newProduct({ productName: "Http Order", productPrice: 100, deliveryCharge: 50, quantity: 3 });
    const res = await post(
      "/api/v1/productOrder/save",
      {
        productId,
        customerId: a.customerId,
        quantity: 2,
        orderTotalPrice: 1,
        productName: "Cheap",
        paymentStatus: "Paid",
        orderStatus: "Completed",
        returnStatus: "Refunded",
        deliveryDate: "2000-01-01",
        productOrderId: "X",
      },
      a.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.stringMatching(/^Order ORD-\d{8}-\d{6} placed\.$/) });
    expect(body.order).toMatchObject({
      productName: "Http Order",
      orderTotalPrice: 250,
      paymentStatus: "Pending",
      returnStatus: "Pending",
      orderStatus: "Shipped",
      productOrderId: body.productOrderId,
    });
    expect(Date.parse(body.order.deliveryDate) - Date.parse(body.order.orderAddDateTime)).toBe(3 * DAY);
    // the refusal names the pack and its SKU (issue 25)
    expectError(
      await post("/api/v1/productOrder/save", { productId, quantity: 2 }, a.token),
      409,
      /^Only 1 left of Http Order – \S+ \(SKU P\d+-\w+\)\. Please lower the quantity\.$/,
    );
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(1);
    expectError(await post("/api/v1/productOrder/save", { productId, quantity: 1 }), 401);
    expectError(await post("/api/v1/productOrder/save", { productId, quantity: 1 }, env.adminToken), 403);
    expectError(await post("/api/v1/productOrder/save", { productId, quantity: "lots" }, a.token), 400);
  });

  it("30 simultaneous HTTP orders for the last 4 units: exactly 4 succeed, the rest 409, stock 0", async () => {
    const productId = await env.newProduct({ productName: "Hot Item", quantity: 4 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/api/v1/productOrder/save", { productId, quantity: 1 }, buyers.at(i % buyers.length)?.token)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(26);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/^(Hot Item – \S+ \(SKU P\d+-\w+\) is out of stock\.|Only \d left of Hot Item)/);
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(0);
    expect(await env.handle.db.productOrder.count({ where: { productId } })).toBe(4);
  });

  it("GET /productOrder/details (admin array), /details/{orderId}, /details/CustomerId/{id}, /details/orderProductCustomerDetails/{id}", async () => {
    const a = await customer();
    const b = await customer();
    const productId = await env.newProduct({ productName: "Listed" });
    const order = (await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token)).json().order;
    const all = await get("/api/v1/productOrder/details", env.adminToken);
    expect(Array.isArray(all.json())).toBe(true);
    expect(all.json().map((o: { orderId: number }) => o.orderId)).toContain(order.orderId);
    expectError(await get("/api/v1/productOrder/details", a.token), 403);
    expectError(await get("/api/v1/productOrder/details"), 401);
    expect((await get(`/api/v1/productOrder/details/${order.orderId}`, a.token)).json()).toMatchObject({
      orderId: order.orderId,
      ProductOrderDate: order.orderAddDateTime,
    });
    expectError(await get(`/api/v1/productOrder/details/${order.orderId}`, b.token), 404); // another customer's order is answered as missing (issue 13)
    expectError(await get(`/api/v1/productOrder/details/999999`, env.adminToken), 404);
    expect((await get(`/api/v1/productOrder/details/CustomerId/${a.customerId}`, a.token)).json()).toEqual([
      expect.objectContaining({ orderId: order.orderId }),
    ]);
    expectError(await get(`/api/v1/productOrder/details/CustomerId/${a.customerId}`, b.token), 403);
    const op = await get(`/api/v1/productOrder/details/orderProductCustomerDetails/${a.customerId}`, a.token);
    expect(op.json()).toEqual({
      orderProducts: [expect.objectContaining({ orderId: order.orderId, productImg: null, products: [expect.objectContaining({ productName: "Listed" })] })],
    });
    expect((await get(`/api/v1/productOrder/details/orderProductCustomerDetails/${a.customerId}`, env.adminToken)).statusCode).toBe(200);
    expectError(await get(`/api/v1/productOrder/details/orderProductCustomerDetails/${a.customerId}`, b.token), 403);
  });

  it("GET /productOrder/update?orderId=&orderStatus=&paymentStatus= and POST /productOrder/update/{orderId} move the lifecycle (admin)", async () => {
    const a = await customer();
    const productId = await env.newProduct({ quantity: 5 });
    const order = (await post("/api/v1/productOrder/save", { productId, quantity: 2 }, a.token)).json().order;
    const r1 = await get(`/api/v1/productOrder/update?orderId=${order.orderId}&orderStatus=On%20the%20way`, env.adminToken);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().order).toMatchObject({ orderStatus: "On the way", onTheWay: true });
    expectError(await get(`/api/v1/productOrder/update?orderId=${order.orderId}&orderStatus=Shipped`, env.adminToken), 409);
    expectError(await get(`/api/v1/productOrder/update?orderId=${order.orderId}&orderStatus=Completed`, a.token), 403);
    expectError(await get(`/api/v1/productOrder/update?orderId=${order.orderId}&orderStatus=Lost`, env.adminToken), 400);
    const done = await post(`/api/v1/productOrder/update/${order.orderId}`, { orderStatus: "Completed" }, env.adminToken);
    expect(done.json().order).toMatchObject({ orderStatus: "Completed", paymentStatus: "Paid", endDate: expect.any(String) });
    expectError(await post(`/api/v1/productOrder/update/${order.orderId}`, { orderStatus: "Cancelled" }, env.adminToken), 409);

    const other = (await post("/api/v1/productOrder/save", { productId, quantity: 3 }, a.token)).json().order;
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(0);
    const cancel = await post(`/api/v1/productOrder/update/${other.orderId}`, { orderStatus: "Cancelled" }, env.adminToken);
    expect(cancel.json().order.orderStatus).toBe("Cancelled");
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity).toBe(3);
  });

  it("returns: POST /productOrder/return/{id} by the owner within 7 days, decisions by the admin", async () => {
    const a = await customer();
    const b = await customer();
    const productId = await env.newProduct();
    const order = (await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token)).json().order;
    expectError(
      await post(`/api/v1/productOrder/return/${order.orderId}`, { reason: "Damaged product" }, a.token),
      409,
      "A return can be asked for once the order is delivered.",
    );
    await post(`/api/v1/productOrder/update/${order.orderId}`, { orderStatus: "Completed" }, env.adminToken);
    expectError(await post(`/api/v1/productOrder/return/${order.orderId}`, { reason: "Damaged product" }, b.token), 404);
    expectError(await post(`/api/v1/productOrder/return/${order.orderId}`, { reason: "Bored" }, a.token), 400);
    const req = await post(`/api/v1/productOrder/return/${order.orderId}`, { reason: "Expired product" }, a.token);
    expect(req.statusCode).toBe(200);
    expect(req.json().order).toMatchObject({ returnStatus: "Requested", returnReason: "Expired product" });
    expectError(await post(`/api/v1/productOrder/return/${order.orderId}/decision`, { returnStatus: "Approved" }, a.token), 403);
    expect((await post(`/api/v1/productOrder/return/${order.orderId}/decision`, { returnStatus: "Approved" }, env.adminToken)).json().order.returnStatus).toBe(
      "Approved",
    );
    expect((await post(`/api/v1/productOrder/return/${order.orderId}/decision`, { returnStatus: "Refunded" }, env.adminToken)).json().order.returnStatus).toBe(
      "Refunded",
    );

    const late = (await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token)).json().order;
    await post(`/api/v1/productOrder/update/${late.orderId}`, { orderStatus: "Completed" }, env.adminToken);
    await env.handle.db.productOrder.update({ where: { orderId: late.orderId }, data: { endDate: new Date(Date.now() - 8 * DAY) } });
    expectError(
      await post(`/api/v1/productOrder/return/${late.orderId}`, { reason: "Wrong product" }, a.token),
      409,
      "The 7-day return window for this order has closed.",
    );
  });
});

describe("counts", () => {
  it("each count path answers a plain number for the admin and 401/403 otherwise", async () => {
    const a = await customer();
    const db = env.handle.db;
    const expected: Record<string, () => Promise<number>> = {
      "/api/v1/customers/count": () => db.customer.count(),
      "/api/v1/products/count": () => db.product.count({ where: { deletedAt: null } }),
      "/api/v1/productOrder/count": () => db.productOrder.count(),
      "/api/v1/productOrder/completed/count": () => db.productOrder.count({ where: { orderStatus: "Completed" } }),
      "/api/v1/productOrder/pending/count": () => db.productOrder.count({ where: { orderStatus: { notIn: ["Completed", "Cancelled"] } } }),
      "/api/v1/addToCart/count": () => db.cartItem.count(),
    };
    // make sure there is something of each kind to count
    const productId = await env.newProduct({ quantity: 10 });
    const o = (await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token)).json().order;
    await post(`/api/v1/productOrder/update/${o.orderId}`, { orderStatus: "Completed" }, env.adminToken);
    await post("/api/v1/productOrder/save", { productId, quantity: 1 }, a.token);
    await post("/api/v1/addToCart/save", { productId }, a.token);
    for (const [url, count] of Object.entries(expected)) {
      const res = await get(url, env.adminToken);
      expect(res.statusCode, url).toBe(200);
      const n = await count();
      expect(n, url).toBeGreaterThan(0);
      expect(res.body, url).toBe(String(n));
      expectError(await get(url, a.token), 403);
      expectError(await get(url), 401);
    }
  });
});
