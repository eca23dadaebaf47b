// The guest cart (issue 29, contracts/guest-and-addresses.md): its token, its lines as the customer cart
// checks them, its quote, and the switch that turns guest checkout off. PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { sha256 } from "./order-access.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const refusal = (code: string) => expect.objectContaining({ cause: expect.objectContaining({ code }) });
const guest = () => env.anonymous.guest;

describe("the cart token", () => {
  it("is 43 base64url characters of 32 random bytes, different each time, and stored only as its SHA-256", async () => {
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => guest().createCart()));
    for (const { cartToken } of tokens) {
      expect(cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(cartToken, "base64url")).toHaveLength(32);
      expect(await env.handle.db.guestCart.findUnique({ where: { cartId: cartToken } })).toBeNull();
      expect(await env.handle.db.guestCart.findUnique({ where: { cartId: sha256(cartToken) } })).not.toBeNull();
    }
    expect(new Set(tokens.map((t) => t.cartToken)).size).toBe(5);
  });

  it("an unknown token is 404; a cart unused for 30 days is 404; using it keeps it alive", async () => {
    await expect(guest().cart({ cartToken: "x".repeat(43) })).rejects.toThrow(refusal("NOT_FOUND"));
    const { cartToken } = await guest().createCart();
    const cartId = sha256(cartToken);
    await env.handle.db.guestCart.update({ where: { cartId }, data: { lastUsedAt: new Date(Date.now() - 29 * 86_400_000) } });
    await guest().cart({ cartToken });
    const touched = await env.handle.db.guestCart.findUniqueOrThrow({ where: { cartId } });
    expect(Date.now() - touched.lastUsedAt.getTime()).toBeLessThan(60_000);
    await env.handle.db.guestCart.update({ where: { cartId }, data: { lastUsedAt: new Date(Date.now() - 31 * 86_400_000) } });
    await expect(guest().cart({ cartToken })).rejects.toThrow(refusal("NOT_FOUND"));
    const productId = await env.newProduct();
    await expect(guest().addItem({ cartToken, productId, quantity: 1 })).rejects.toThrow(refusal("NOT_FOUND"));
  });
});

describe("the lines", () => {
  it("adds a pack, adds it again (raising the quantity), sets a quantity, and 0 removes the line", async () => {
    const productId = await env.newProduct({ productPrice: 120, mainPrice: 150, deliveryCharge: 40, quantity: 10 });
    const { cartToken } = await guest().createCart();
    await guest().addItem({ cartToken, productId, quantity: 2 });
    const twice = await guest().addItem({ cartToken, productId, quantity: 1 });
    expect(twice.lines).toHaveLength(1);
    const [line] = twice.lines;
    expect(line).toMatchObject({ productId, quantity: 3, price: 120, amount: 360, inStock: true });
    expect(twice.quote).toMatchObject({ paymentMethod: "COD", itemsTotal: 360, deliveryTotal: 40, grandTotal: 400 });
    const set = await guest().setItem({ cartToken, itemId: line!.itemId, quantity: 5 });
    expect(set.lines[0]).toMatchObject({ quantity: 5, amount: 600 });
    const removed = await guest().setItem({ cartToken, itemId: line!.itemId, quantity: 0 });
    expect(removed.lines).toEqual([]);
    expect(await env.handle.db.guestCartItem.count({ where: { cartId: sha256(cartToken) } })).toBe(0);
  });

  it("checks stock and the per-line limit as the customer cart does, and another cart's line is 404", async () => {
    const productId = await env.newProduct({ quantity: 3 });
    const { cartToken } = await guest().createCart();
    await expect(guest().addItem({ cartToken, productId, quantity: 4 })).rejects.toThrow(refusal("OUT_OF_STOCK"));
    expect((await guest().cart({ cartToken })).lines).toEqual([]);
    const { lines } = await guest().addItem({ cartToken, productId, quantity: 3 });
    await expect(guest().setItem({ cartToken, itemId: lines[0]!.itemId, quantity: 4 })).rejects.toThrow(refusal("OUT_OF_STOCK"));
    const other = await guest().createCart();
    await expect(guest().setItem({ cartToken: other.cartToken, itemId: lines[0]!.itemId, quantity: 1 })).rejects.toThrow(refusal("NOT_FOUND"));
    await expect(guest().addItem({ cartToken, productId: 999_999, quantity: 1 })).rejects.toThrow(refusal("NOT_FOUND"));
  });

  it("quotes the delivery of a PIN code's zone when ?pincode= is given", async () => {
    await env.handle.db.pincode.upsert({
      where: { pincode: "411001" },
      create: { pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" },
      update: {},
    });
    const productId = await env.newProduct({ productPrice: 200, deliveryCharge: "Free" });
    const { cartToken } = await guest().createCart();
    await guest().addItem({ cartToken, productId, quantity: 1 });
    const view = await guest().cart({ cartToken, pincode: "411001", paymentMethod: "UPI" });
    expect(view.quote).toMatchObject({ paymentMethod: "UPI", itemsTotal: 200 });
    expect(view.delivery).toMatchObject({ pincode: "411001" });
    expect((await guest().cart({ cartToken })).delivery).toBeNull();
  });
});

describe("guestCheckoutEnabled off", () => {
  it("answers every guest endpoint 403 GUEST_CHECKOUT_OFF", async () => {
    const { cartToken } = await guest().createCart();
    await env.admin.settings.update({ guestCheckoutEnabled: false });
    try {
      await expect(guest().createCart()).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
      await expect(guest().cart({ cartToken })).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
      await expect(guest().addItem({ cartToken, productId: 1, quantity: 1 })).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
      await expect(guest().setItem({ cartToken, itemId: 1, quantity: 1 })).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
      await expect(guest().exchangeLink({ productOrderId: "ORD-1", link: "x" })).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
      await expect(
        guest().checkout({
          cartToken,
          name: "Ravi Kumar",
          phone: "9876500001",
          email: "ravi@example.in",
          address: { houseNo: "1", areaAddress: "MG Road", city: "Pune", pinCode: "411001", state: "Maharashtra" },
          paymentMethod: "UPI",
        }),
      ).rejects.toThrow(refusal("GUEST_CHECKOUT_OFF"));
    } finally {
      await env.admin.settings.update({ guestCheckoutEnabled: true });
    }
    await expect(guest().cart({ cartToken })).resolves.toMatchObject({ lines: [] });
  });
});
