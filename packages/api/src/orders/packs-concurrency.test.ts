// Packs under concurrency (issue 25): one product in two packs bought by 20 buyers at once, through
// the cart and the one-product order, asking for more than there is. Per pack, stock never goes
// below zero and units sold + units left = the stock at the start; the product's mirror ends equal to
// its default pack. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (real parallel transactions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { givePacks } from "./packs-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 0 });
});
afterAll(() => env.close());

describe("two packs of one product, 20 buyers at once", () => {
  it("never sells more of a pack than it has; sold + left = initial per pack; the mirror is the default pack's", async () => {
    const db = env.handle.db;
    const productId = await env.newProduct({ productName: "Rush Shine" });
    const initial = { small: 9, big: 6 };
    const [small, big] = await givePacks(db, productId, [
      { label: "500 ml", price: 120, stock: initial.small, netQuantity: 500, netUnit: "ml" },
      { label: "5 l", price: 899, stock: initial.big, netQuantity: 5, netUnit: "l", gstRate: 5 },
    ]);
    if (!small || !big) throw new Error("two packs were made");
    const buyers = await Promise.all(Array.from({ length: 20 }, () => env.newCustomer()));
    // half check out a cart (some with both packs), half order one pack on its own; demand: 20 + 20 units
    for (const [i, b] of buyers.entries()) {
      if (i % 2 === 1) continue;
      await b.caller.cart.save({ productId, variantId: small, quantity: 1 });
      if (i % 4 === 0) await b.caller.cart.save({ productId, variantId: big, quantity: 1 });
    }
    const results = await Promise.allSettled(
      buyers.map((b, i) =>
        i % 2 === 0
          ? b.caller.cart.checkout().then((r) => r.orders)
          : b.caller.orders.save({ productId, variantId: i % 4 === 1 ? small : big, quantity: 2 }).then((r) => [r.order]),
      ),
    );
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/SKU T\d+-(500ML|5L)/) });
    }
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
    expect(placed.length).toBeGreaterThan(0);
    expect(results.some((r) => r.status === "rejected")).toBe(true);

    const sold = async (variantId: number) => (await db.productOrder.aggregate({ where: { variantId }, _sum: { quantity: true } }))._sum.quantity ?? 0;
    const left = async (variantId: number) => (await db.productVariant.findUniqueOrThrow({ where: { variantId } })).stock;
    for (const [variantId, start] of [
      [small, initial.small],
      [big, initial.big],
    ] as const) {
      const stock = await left(variantId);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect((await sold(variantId)) + stock).toBe(start);
      // what the answers said was placed is what the database holds
      expect(placed.filter((o) => o.variantId === variantId).reduce((n, o) => n + o.quantity, 0)).toBe(await sold(variantId));
    }
    // a failed checkout took nothing and kept its cart; a placed one emptied it
    const failedCarts = buyers.filter((_, i) => i % 2 === 0 && results[i]?.status === "rejected").map((b) => b.customerId);
    expect(await db.cartItem.count({ where: { customerId: { in: failedCarts } } })).toBe(
      buyers.filter((_, i) => i % 2 === 0 && i % 4 === 0 && results[i]?.status === "rejected").length + failedCarts.length,
    );
    // the product mirrors its default pack as it is after the rush
    const product = await db.product.findUniqueOrThrow({ where: { productId } });
    const packs = await db.productVariant.findMany({ where: { productId, active: true }, orderBy: [{ position: "asc" }, { variantId: "asc" }] });
    const expectedDefault = packs.find((p) => p.stock > 0) ?? packs[0];
    expect(product).toMatchObject({ defaultVariantId: expectedDefault?.variantId, quantity: expectedDefault?.stock, productPrice: expectedDefault?.price });
  }, 120_000);
});
