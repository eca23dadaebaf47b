import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const stockOf = async (productId: number) => (await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).quantity;

describe("cart.save", () => {
  it("adds a line with the product's name and price, ignoring the client's price, name and order id", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productName: "Floor Shine", productPrice: 120, deliveryCharge: 40, quantity: 10 });
    const res = await c.caller.cart.save({ productId, quantity: 2, customerId: c.customerId, productPrice: 1, productName: "Free stuff", productOrderId: "X" });
    expect(res).toMatchObject({
      success: true,
      message: "Floor Shine added to your cart.",
      addToCart: {
        productId,
        customerId: c.customerId,
        productName: "Floor Shine",
        productPrice: 120,
        quantity: 2,
        deliveryCharge: 40,
        lineTotal: 280,
        inStock: 10,
      },
    });
    expect(res.addToCart.productOrderId).toBe(`CART-${String(res.addToCart.addToCartId).padStart(6, "0")}`);
    const rows = await env.handle.db.cartItem.findMany({ where: { customerId: c.customerId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.quantity).toBe(2);
    expect(await stockOf(productId)).toBe(10); // a cart does not take stock
  });

  it("raises the quantity when the same product is added again, instead of a second row", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 10 });
    const first = await c.caller.cart.save({ productId });
    expect(first.addToCart.quantity).toBe(1);
    const second = await c.caller.cart.save({ productId, quantity: 3 });
    expect(second.addToCart).toMatchObject({ addToCartId: first.addToCart.addToCartId, quantity: 4 });
    expect(await env.handle.db.cartItem.count({ where: { customerId: c.customerId } })).toBe(1);
  });

  it("counts every one of several simultaneous adds of the same product (no lost update, one row)", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 50 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => c.caller.cart.save({ productId, quantity: 2 })));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const rows = await env.handle.db.cartItem.findMany({ where: { customerId: c.customerId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.quantity).toBe(16);
  });

  it("answers 409 'Only N left' when the cart would hold more than the stock", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productName: "Rare Gel", quantity: 3 });
    await c.caller.cart.save({ productId, quantity: 2 });
    await expect(c.caller.cart.save({ productId, quantity: 2 })).rejects.toMatchObject({ code: "CONFLICT", message: "Only 3 left of Rare Gel." });
    const none = await env.newProduct({ productName: "Gone Gel", quantity: 0 });
    await expect(c.caller.cart.save({ productId: none })).rejects.toMatchObject({ code: "CONFLICT", message: "Gone Gel is out of stock." });
    expect((await env.handle.db.cartItem.findFirstOrThrow({ where: { customerId: c.customerId, productId } })).quantity).toBe(2);
  });

  it("validates the quantity (whole number, 1 to 100) and the product", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 500 });
    await expect(c.caller.cart.save({ productId, quantity: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Quantity must be at least 1" });
    await expect(c.caller.cart.save({ productId, quantity: 1.5 })).rejects.toMatchObject({ message: "Quantity must be a whole number" });
    await expect(c.caller.cart.save({ productId, quantity: 101 })).rejects.toMatchObject({ message: "Quantity must be at most 100" });
    await c.caller.cart.save({ productId, quantity: 60 });
    await expect(c.caller.cart.save({ productId, quantity: 50 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "At most 100 of one product per order.",
    });
    await expect(c.caller.cart.save({ productId: 999999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("access: anonymous 401, admin 403, inactive 403, and a customer cannot add to another's cart", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const productId = await env.newProduct();
    await expect(env.anonymous.cart.save({ productId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.cart.save({ productId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(b.caller.cart.save({ productId, customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(0);
    await env.admin.customers.setStatus({ customerId: b.customerId, customerStatus: false });
    await expect(b.caller.cart.save({ productId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Your account is inactive. Please contact the store.",
    });
  });
});

describe("cart.update / updatePost", () => {
  it("sets the quantity for the owner or an admin; not for another customer or anonymous", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 8 });
    const { addToCart } = await a.caller.cart.save({ productId });
    await expect(a.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 3 })).resolves.toMatchObject({
      message: "Quantity updated.",
      addToCart: { quantity: 3 },
    });
    await expect(env.admin.cart.updatePost({ addToCartId: addToCart.addToCartId, quantity: 5 })).resolves.toMatchObject({ addToCart: { quantity: 5 } });
    await expect(b.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(b.caller.cart.updatePost({ addToCartId: addToCart.addToCartId, quantity: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.cart.update({ addToCartId: addToCart.addToCartId, quantity: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await env.handle.db.cartItem.findUniqueOrThrow({ where: { addToCartId: addToCart.addToCartId } })).quantity).toBe(5);
  });

  it("refuses more than the stock (409), zero (400) and a missing line (404)", async () => {
    const a = await env.newCustomer();
    const productId = await env.newProduct({ productName: "Few", quantity: 4 });
    const { addToCart } = await a.caller.cart.save({ productId });
    await expect(a.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 5 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Only 4 left of Few.",
    });
    await expect(a.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 0 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Quantity must be at least 1",
    });
    await expect(a.caller.cart.update({ addToCartId: 999999, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await env.handle.db.cartItem.findUniqueOrThrow({ where: { addToCartId: addToCart.addToCartId } })).quantity).toBe(1);
  });
});

describe("cart reads", () => {
  it("byId and byCustomer for the owner or admin; another customer 403; list/page admin only", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const p1 = await env.newProduct();
    const p2 = await env.newProduct();
    const l1 = (await a.caller.cart.save({ productId: p1 })).addToCart;
    const l2 = (await a.caller.cart.save({ productId: p2, quantity: 2 })).addToCart;
    await expect(a.caller.cart.byId({ addToCartId: l1.addToCartId })).resolves.toMatchObject({ addToCartId: l1.addToCartId, productId: p1 });
    await expect(env.admin.cart.byId({ addToCartId: l1.addToCartId })).resolves.toMatchObject({ customerId: a.customerId });
    await expect(b.caller.cart.byId({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.cart.byId({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.cart.byId({ addToCartId: 999999 })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const mine = await a.caller.cart.byCustomer({ customerId: a.customerId });
    expect(mine.map((l) => l.addToCartId)).toEqual([l2.addToCartId, l1.addToCartId]);
    expect((await env.admin.cart.byCustomer({ customerId: a.customerId })).length).toBe(2);
    await expect(b.caller.cart.byCustomer({ customerId: a.customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(b.caller.cart.byCustomer({ customerId: b.customerId })).resolves.toEqual([]);

    const all = await env.admin.cart.list();
    expect(all.map((l) => l.addToCartId)).toEqual(expect.arrayContaining([l1.addToCartId, l2.addToCartId]));
    await expect(a.caller.cart.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.cart.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const page = await env.admin.cart.page({ page: 1, search: "", customerId: a.customerId });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    await expect(a.caller.cart.page({ page: 1, search: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("cart.delete (legacy GET) and cart.remove (DELETE)", () => {
  it("removes a line for its owner or an admin, not for another customer", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const p1 = await env.newProduct();
    const p2 = await env.newProduct();
    const l1 = (await a.caller.cart.save({ productId: p1 })).addToCart;
    const l2 = (await a.caller.cart.save({ productId: p2 })).addToCart;
    await expect(b.caller.cart.delete({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(b.caller.cart.remove({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.cart.remove({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(a.caller.cart.delete({ addToCartId: l1.addToCartId })).resolves.toEqual({ success: true, message: "Removed from your cart." });
    await expect(env.admin.cart.remove({ addToCartId: l2.addToCartId })).resolves.toMatchObject({ success: true });
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(0);
    await expect(a.caller.cart.delete({ addToCartId: l1.addToCartId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("cart.checkout", () => {
  it("turns the whole cart into orders sharing one reference, takes the stock and empties the cart", async () => {
    const c = await env.newCustomer();
    const p1 = await env.newProduct({ productName: "Checkout A", productPrice: 100, deliveryCharge: 25, quantity: 10 });
    const p2 = await env.newProduct({ productName: "Checkout B", productPrice: 50, deliveryCharge: "Free", quantity: 5 });
    await c.caller.cart.save({ productId: p1, quantity: 2 });
    await c.caller.cart.save({ productId: p2, quantity: 5 });
    const res = await c.caller.cart.checkout();
    expect(res.productOrderId).toMatch(/^ORD-\d{8}-\d{6}$/);
    expect(res.message).toBe(`Order ${res.productOrderId} placed.`);
    expect(res.orders).toHaveLength(2);
    const byProduct = new Map(res.orders.map((o) => [o.productId, o]));
    expect(byProduct.get(p1)).toMatchObject({ productOrderId: res.productOrderId, quantity: 2, orderTotalPrice: 225, orderStatus: "Shipped" });
    expect(byProduct.get(p2)).toMatchObject({ productOrderId: res.productOrderId, quantity: 5, orderTotalPrice: 250 });
    expect(await env.handle.db.cartItem.count({ where: { customerId: c.customerId } })).toBe(0);
    expect(await stockOf(p1)).toBe(8);
    expect(await stockOf(p2)).toBe(0);
    expect(await env.handle.db.productOrder.count({ where: { productOrderId: res.productOrderId } })).toBe(2);
  });

  it("rolls back completely when one line lacks stock: no orders, stock and cart unchanged", async () => {
    const c = await env.newCustomer();
    const p1 = await env.newProduct({ productName: "Plenty", quantity: 10 });
    const p2 = await env.newProduct({ productName: "Scarce", quantity: 5 });
    await c.caller.cart.save({ productId: p1, quantity: 3 });
    await c.caller.cart.save({ productId: p2, quantity: 4 });
    // someone else buys most of p2 meanwhile
    const other = await env.newCustomer();
    await other.caller.orders.save({ productId: p2, quantity: 3 });
    const ordersBefore = await env.handle.db.productOrder.count();
    const refsBefore = await env.handle.db.orderReference.count();
    // the checkout's refusal names the pack and its SKU (issue 25)
    const { sku } = await env.handle.db.productVariant.findFirstOrThrow({ where: { productId: p2 } });
    await expect(c.caller.cart.checkout()).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Only 2 left of Scarce – 500ml (SKU ${sku}). Please lower the quantity.`,
    });
    expect(await stockOf(p1)).toBe(10);
    expect(await stockOf(p2)).toBe(2);
    expect(await env.handle.db.productOrder.count()).toBe(ordersBefore);
    expect(await env.handle.db.orderReference.count()).toBe(refsBefore);
    expect((await env.handle.db.cartItem.findMany({ where: { customerId: c.customerId }, orderBy: { productId: "asc" } })).map((l) => l.quantity)).toEqual([
      3, 4,
    ]);
  });

  it("refuses an empty cart (400), anonymous (401) and the admin (403)", async () => {
    const c = await env.newCustomer();
    await expect(c.caller.cart.checkout()).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Your cart is empty." });
    await expect(env.anonymous.cart.checkout()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.cart.checkout()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("turns one cart into exactly one order however many checkouts of it arrive at once", async () => {
    const c = await env.newCustomer();
    const p1 = await env.newProduct({ quantity: 50 });
    const p2 = await env.newProduct({ quantity: 50 });
    await c.caller.cart.save({ productId: p1, quantity: 2 });
    await c.caller.cart.save({ productId: p2, quantity: 3 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => c.caller.cart.checkout()));
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "BAD_REQUEST", message: "Your cart is empty." });
    expect(await env.handle.db.productOrder.count({ where: { customerId: c.customerId } })).toBe(2);
    expect(await stockOf(p1)).toBe(48);
    expect(await stockOf(p2)).toBe(47);
  });

  it("only orders the caller's own cart", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const productId = await env.newProduct({ quantity: 10 });
    await a.caller.cart.save({ productId, quantity: 2 });
    await b.caller.cart.save({ productId, quantity: 1 });
    const res = await b.caller.cart.checkout();
    expect(res.orders.map((o) => [o.customerId, o.quantity])).toEqual([[b.customerId, 1]]);
    expect(await env.handle.db.cartItem.count({ where: { customerId: a.customerId } })).toBe(1);
  });
});
