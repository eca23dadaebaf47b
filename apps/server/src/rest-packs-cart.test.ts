// HTTP tests of buying packs (issue 25, contracts/packs.md) over the real Fastify app: the add-to-cart
// refusals in the REST error shape (400 errors.variantId, 404, 400 VARIANT_NOT_SOLD), a cart of two packs
// of one product checked out into two lines, and the invoice naming each pack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givePacks } from "@store/api/testing/packs";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: object, token: string) => env.app.inject({ method: "POST", url, payload, headers: bearer(token) });
const get = (url: string, token: string) => env.app.inject({ method: "GET", url, headers: bearer(token) });

async function twoPacks() {
  const productId = await env.newProduct({ productName: "Zz Floor Shine" });
  const [small, can] = await givePacks(env.handle.db, productId, [
    { label: "500 ml", price: 120, mrp: 150, stock: 10, netQuantity: 500, netUnit: "ml" },
    { label: "5 l", price: 899, stock: 3, netQuantity: 5, netUnit: "l", gstRate: 5 },
  ]);
  if (!small || !can) throw new Error("two packs were made");
  return { productId, small, can };
}

describe("POST /api/v1/addToCart/save with packs", () => {
  it("refuses a missing, foreign or withdrawn pack in the REST error shape, and adds nothing", async () => {
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const { productId, can } = await twoPacks();
    const other = await twoPacks();

    const missing = await post("/api/v1/addToCart/save", { productId, quantity: 1 }, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      status: 400,
      message: "Choose a pack size",
      errors: { variantId: "Choose a pack size" },
      path: "/api/v1/addToCart/save",
    });

    const foreign = await post("/api/v1/addToCart/save", { productId, variantId: other.small, quantity: 1 }, token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });

    await env.handle.db.productVariant.update({ where: { variantId: can }, data: { active: false } });
    const withdrawn = await post("/api/v1/addToCart/save", { productId, variantId: can, quantity: 1 }, token);
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json()).toMatchObject({ status: 400, code: "VARIANT_NOT_SOLD", message: expect.stringContaining("Zz Floor Shine – 5 l") });

    const badId = await post("/api/v1/addToCart/save", { productId, variantId: "five", quantity: 1 }, token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty("variantId");

    expect(await env.handle.db.cartItem.count({ where: { customerId: c.customerId } })).toBe(0);
    // with one active pack left, variantId may be left out
    const only = await post("/api/v1/addToCart/save", { productId, quantity: 1 }, token);
    expect(only.statusCode).toBe(200);
    expect(only.json().addToCart).toMatchObject({ label: "500 ml", sku: `T${productId}-500ML`, price: 120, mrp: 150 });
  });

  it("two packs of one product: two cart lines, one checkout, two order lines, each pack on the invoice", async () => {
    const c = await env.newCustomer();
    const token = await env.tokenFor(c.customerId);
    const { productId, small, can } = await twoPacks();
    expect((await post("/api/v1/addToCart/save", { productId, variantId: small, quantity: 2 }, token)).statusCode).toBe(200);
    const second = await post("/api/v1/addToCart/save", { productId, variantId: can, quantity: 1 }, token);
    expect(second.json().addToCart).toMatchObject({
      variantId: can,
      sku: `T${productId}-5L`,
      label: "5 l",
      price: 899,
      mrp: 899,
      unitSalePrice: { amount: 179.8, per: "litre", text: "₹179.80 per litre" },
    });
    const cart = await get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${c.customerId}`, token);
    expect(cart.json()).toHaveLength(2);

    const checkout = await post("/api/v1/addToCart/checkout", {}, token);
    expect(checkout.statusCode).toBe(200);
    const { productOrderId, orders } = checkout.json<{
      productOrderId: string;
      orders: { variantId: number; sku: string; label: string; gstRate: number }[];
    }>();
    expect(orders.map((o) => [o.variantId, o.label, o.gstRate]).sort()).toEqual(
      [
        [small, "500 ml", 18],
        [can, "5 l", 5],
      ].sort(),
    );
    const stock = await env.handle.db.productVariant.findMany({ where: { productId }, orderBy: { variantId: "asc" }, select: { stock: true } });
    expect(stock.map((s) => s.stock)).toEqual([8, 2]);

    const invoice = await get(`/api/v1/orders/${productOrderId}/invoice`, token);
    expect(invoice.statusCode).toBe(200);
    const goods = (invoice.json().lines as { description: string; ratePercent: number }[]).filter((l) => !l.description.startsWith("Delivery"));
    expect(goods.map((l) => [l.description, l.ratePercent])).toEqual([
      ["Zz Floor Shine – 500 ml", 18],
      ["Zz Floor Shine – 5 l", 5],
    ]);
    const pdf = await get(`/api/v1/orders/${productOrderId}/invoice.pdf`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
