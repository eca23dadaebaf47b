// HTTP tests of a product's packs (issue 25, contracts/packs.md) over the real Fastify app: the three
// admin endpoints and the product's details, with the error shape and codes the contract names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
});
afterAll(() => env.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const pack = (o: Record<string, unknown> = {}) => ({ sku: "hp-5l", label: "5 l", netQuantity: 5, netUnit: "l", mrp: 499, price: 449, stock: 10, ...o });

describe("a product's packs over HTTP", () => {
  it("adds (201), changes (200) and removes (200) a pack, and the details answer shows them", async () => {
    const productId = await env.newProduct({ productName: "Http Packs Cleaner" });
    const added = await env.app.inject({ method: "POST", url: `/api/v1/products/${productId}/variants`, headers: bearer(env.adminToken), payload: pack() });
    expect(added.statusCode).toBe(201);
    const variant = added.json<{ variantId: number }>();
    expect(variant).toMatchObject({
      sku: "HP-5L",
      label: "5 l",
      netQuantity: 5,
      netUnit: "l",
      mrp: 499,
      price: 449,
      stock: 10,
      inStock: true,
      hsnCode: "3402",
      gstRate: 18,
      weightGrams: 5000,
      active: true,
      position: 1,
      unitSalePrice: { amount: 99.8, per: "litre", text: "₹99.80 per litre" },
      unitPrice: { amount: 89.8, per: "litre", text: "₹89.80 per litre" },
    });

    const changed = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/${productId}/variants/${variant.variantId}`,
      headers: bearer(env.adminToken),
      payload: { price: 399, stock: 0 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ price: 399, mrp: 499, stock: 0, inStock: false });

    const details = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    expect(details.statusCode).toBe(200);
    const body = details.json<{ variants: { variantId: number; sku: string }[]; defaultVariantId: number }>();
    expect(body).toMatchObject({
      productName: "Http Packs Cleaner",
      productPrice: 99,
      mainPrice: 120,
      packSize: "500ml",
      quantity: 50,
      priceFrom: 99,
      variantCount: 2,
    });
    expect(body.variants.map((v) => v.sku)).toEqual([expect.stringMatching(/^P\d+-500ML$/), "HP-5L"]);
    expect(body.defaultVariantId).toBe(body.variants[0]!.variantId);

    const list = await env.app.inject({ method: "GET", url: "/api/v1/products/details?search=hp-5l" });
    expect(list.json<{ productId: number; priceFrom: number; variantCount: number; defaultVariantId: number }[]>()).toEqual([
      expect.objectContaining({ productId, priceFrom: 99, variantCount: 2, defaultVariantId: body.defaultVariantId }),
    ]);

    const removed = await env.app.inject({
      method: "DELETE",
      url: `/api/v1/products/${productId}/variants/${variant.variantId}`,
      headers: bearer(env.adminToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, deleted: true, variant: null });
    const after = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    expect(after.json<{ variants: unknown[] }>().variants).toHaveLength(1);
  });

  it("answers bad input with 400 and errors[field], the contract's codes with 409/400, 401 and 403", async () => {
    const productId = await env.newProduct({ productName: "Http Refused Cleaner" });
    const url = `/api/v1/products/${productId}/variants`;
    const post = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(env.adminToken)) =>
      env.app.inject({ method: "POST", url, headers, payload });

    const aboveMrp = await post(pack({ sku: "HR-1", mrp: 100, price: 120 }));
    expect(aboveMrp.statusCode).toBe(400);
    expect(aboveMrp.json()).toMatchObject({ status: 400, message: "Price cannot be above the MRP", errors: { price: "Price cannot be above the MRP" } });
    for (const [bad, field] of [
      [{ netUnit: "cup" }, "netUnit"],
      [{ netQuantity: 0 }, "netQuantity"],
      [{ gstRate: 3 }, "gstRate"],
      [{ stock: -2 }, "stock"],
      [{ weightGrams: 0 }, "weightGrams"],
    ] as const) {
      const refused = await post(pack({ sku: "HR-2", ...bad }));
      expect(refused.statusCode, field).toBe(400);
      expect(Object.keys(refused.json<{ errors: Record<string, string> }>().errors), field).toContain(field);
    }

    expect((await post(pack({ sku: "HR-OK" }))).statusCode).toBe(201);
    const taken = await post(pack({ sku: "hr-ok" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 409, code: "SKU_TAKEN" });

    const { customerId } = await env.newCustomer();
    expect((await post(pack({ sku: "HR-C" }), bearer(await env.tokenFor(customerId)))).statusCode).toBe(403);
    expect((await post(pack({ sku: "HR-A" }), {})).statusCode).toBe(401);

    const details = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    const [first, second] = details.json<{ variants: { variantId: number }[] }>().variants;
    const del = (variantId: number) =>
      env.app.inject({ method: "DELETE", url: `/api/v1/products/${productId}/variants/${variantId}`, headers: bearer(env.adminToken) });
    expect((await del(second!.variantId)).statusCode).toBe(200);
    const last = await del(first!.variantId);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ status: 409, code: "LAST_VARIANT" });
    const partial = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/${productId}/variants/${first!.variantId}`,
      headers: bearer(env.adminToken),
      payload: { price: 500 },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ errors: { price: "Price cannot be above the MRP" } });

    for (let i = 0; i < 19; i++) expect((await post(pack({ sku: `HR-MANY-${i}` }))).statusCode).toBe(201);
    const tooMany = await post(pack({ sku: "HR-21" }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "TOO_MANY_VARIANTS" });
  });

  it("shows a guest only the active packs, the admin all of them", async () => {
    const productId = await env.newProduct({ productName: "Http Hidden Pack Cleaner" });
    const added = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/${productId}/variants`,
      headers: bearer(env.adminToken),
      payload: pack({ sku: "HH-OFF", active: false }),
    });
    expect(added.statusCode).toBe(201);
    const guest = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}` });
    const admin = await env.app.inject({ method: "GET", url: `/api/v1/products/details/${productId}`, headers: bearer(env.adminToken) });
    expect(guest.json<{ variants: unknown[] }>().variants).toHaveLength(1);
    expect(admin.json<{ variants: { sku: string; active: boolean }[] }>().variants.map((v) => [v.sku, v.active])).toEqual([
      [expect.any(String), true],
      ["HH-OFF", false],
    ]);
  });
});
