import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { errorCodeOf, fieldErrors } from "../platform/errors.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

let skuCounter = 0;
const nextSku = () => `VT-${Date.now() % 100000}-${++skuCounter}`;
const pack = (overrides: Record<string, unknown> = {}) => ({
  sku: nextSku(),
  label: "5 l",
  netQuantity: 5,
  netUnit: "l",
  mrp: 499,
  price: 449,
  stock: 10,
  ...overrides,
});

/** what a refused call answers: its status word, the store's machine code and the field messages */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("the call was not refused");
    },
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, storeCode: errorCodeOf(error), fields: error.cause instanceof ZodError ? fieldErrors(error.cause) : {} };
}

/** a product of one 500 ml pack (₹99, MRP ₹120, 50 in stock), and its pack's id */
async function newProduct(name = "Floor Shine") {
  const productId = await env.newProduct({ productName: name });
  const details = await env.admin.products.byId({ productId });
  return { productId, firstId: details.variants[0]!.variantId };
}

describe("adding a pack (POST /products/{productId}/variants)", () => {
  it("answers the pack with its unit prices worked out from the net quantity, and the product's summary follows", async () => {
    const { productId, firstId } = await newProduct();
    const sku = nextSku().toLowerCase();
    const created = await env.admin.variants.create({ productId, ...pack({ sku }) });
    expect(created).toMatchObject({
      sku: sku.toUpperCase(),
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
    const details = await env.anonymous.products.byId({ productId });
    expect(details.variants.map((v) => v.variantId)).toEqual([firstId, created.variantId]);
    expect(details.variants[0]).toMatchObject({ netQuantity: 500, netUnit: "ml", mrp: 120, unitSalePrice: { amount: 0.24, per: "ml", text: "₹0.24 per ml" } });
    expect(details).toMatchObject({ defaultVariantId: firstId, priceFrom: 99, variantCount: 2, productPrice: 99, mainPrice: 120, packSize: "500ml" });
  });

  it("takes the product's HSN code and GST rate when left out, and the ones sent otherwise", async () => {
    const { productId } = await newProduct();
    const taxed = await env.admin.variants.create({ productId, ...pack({ hsnCode: "34022010", gstRate: 12, weightGrams: 5200, position: 7 }) });
    expect(taxed).toMatchObject({ hsnCode: "34022010", gstRate: 12, weightGrams: 5200, position: 7 });
  });

  it.each([
    ["price above the MRP", { mrp: 100, price: 120 }, "price", "Price cannot be above the MRP"],
    ["a unit not in the list", { netUnit: "gallon" }, "netUnit", "Net unit must be one of ml, l, g, kg, piece"],
    ["a net quantity of 0", { netQuantity: 0 }, "netQuantity", "Net quantity must be more than 0"],
    ["a negative net quantity", { netQuantity: -1 }, "netQuantity", "Net quantity must be more than 0"],
    ["a net quantity with 4 decimals", { netQuantity: 1.2345 }, "netQuantity", "Net quantity can have at most 3 decimals"],
    ["a GST rate the store does not allow", { gstRate: 7 }, "gstRate", "GST rate must be one of 0, 5, 12, 18, 28 per cent"],
    ["a negative stock", { stock: -1 }, "stock", "Stock cannot be negative"],
    ["a weight of 0", { weightGrams: 0 }, "weightGrams", "Weight must be at least 1 gram"],
    ["a weight over 50 kg", { weightGrams: 50_001 }, "weightGrams", "Weight must be at most 50,000"],
    ["an SKU with other characters", { sku: "AB_12" }, "sku", "SKU may contain only letters, digits and hyphens"],
    ["an SKU over 40 characters", { sku: "A".repeat(41) }, "sku", "SKU must be at most 40 characters"],
    ["no SKU", { sku: "" }, "sku", "SKU is required"],
    ["no label", { label: " " }, "label", "Pack label is required"],
    ["a label over 40 characters", { label: "x".repeat(41) }, "label", "Pack label must be at most 40 characters"],
    ["an HSN code of 3 digits", { hsnCode: "340" }, "hsnCode", "HSN code must be 4 to 8 digits"],
    ["a price of 0", { price: 0 }, "price", "Price must be at least ₹0.01"],
  ])("refuses %s: 400 naming the field", async (_what, bad, field, message) => {
    const { productId } = await newProduct();
    const before = await env.handle.db.productVariant.count({ where: { productId } });
    const refused = await refusal(env.admin.variants.create({ productId, ...pack(bad) }));
    expect(refused).toMatchObject({ code: "BAD_REQUEST", fields: { [field]: message } });
    expect(await env.handle.db.productVariant.count({ where: { productId } })).toBe(before);
  });

  it("refuses an SKU another pack has: 409 SKU_TAKEN, also for two packs added at the same moment", async () => {
    const { productId } = await newProduct();
    const sku = nextSku();
    await env.admin.variants.create({ productId, ...pack({ sku }) });
    expect(await refusal(env.admin.variants.create({ productId, ...pack({ sku: sku.toLowerCase() }) }))).toMatchObject({
      code: "CONFLICT",
      storeCode: "SKU_TAKEN",
    });
    const other = await newProduct("Other Shine");
    const racing = nextSku();
    const results = await Promise.allSettled([
      env.admin.variants.create({ productId, ...pack({ sku: racing }) }),
      env.admin.variants.create({ productId: other.productId, ...pack({ sku: racing }) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect(failed && errorCodeOf(failed.reason as TRPCError)).toBe("SKU_TAKEN");
    expect(await env.handle.db.productVariant.count({ where: { sku: racing } })).toBe(1);
  });

  it("refuses a 21st pack: 400 TOO_MANY_VARIANTS", async () => {
    const { productId } = await newProduct();
    for (let i = 0; i < 19; i++) await env.admin.variants.create({ productId, ...pack({ label: `${i + 2} l`, netQuantity: i + 2 }) });
    expect(await env.handle.db.productVariant.count({ where: { productId } })).toBe(20);
    expect(await refusal(env.admin.variants.create({ productId, ...pack() }))).toMatchObject({ code: "BAD_REQUEST", storeCode: "TOO_MANY_VARIANTS" });
  });

  it("is for the back office: a customer gets 403, no token 401, staff may; an unknown product is 404", async () => {
    const { productId } = await newProduct();
    const { caller } = await env.newCustomer();
    expect((await refusal(caller.variants.create({ productId, ...pack() }))).code).toBe("FORBIDDEN");
    expect((await refusal(env.anonymous.variants.create({ productId, ...pack() }))).code).toBe("UNAUTHORIZED");
    const staff = await env.handle.db.admin.create({ data: { name: "Staff", email: `staff.${nextSku()}@test.in`, passwordHash: "x", role: "staff" } });
    const asStaff = env.as({ role: "admin", adminId: staff.adminId });
    await expect(asStaff.variants.create({ productId, ...pack() })).resolves.toMatchObject({ active: true });
    expect((await refusal(env.admin.variants.create({ productId: 999_999, ...pack() }))).storeCode).toBe("NOT_FOUND");
  });
});

describe("changing a pack (POST /products/{productId}/variants/{variantId})", () => {
  it("changes what is sent and keeps the rest; the product mirrors its default pack", async () => {
    const { productId, firstId } = await newProduct();
    const changed = await env.admin.variants.update({ productId, variantId: firstId, price: 89, stock: 3, label: "500 ml" });
    expect(changed).toMatchObject({ price: 89, mrp: 120, stock: 3, label: "500 ml", netQuantity: 500, unitPrice: { amount: 0.18, per: "ml" } });
    expect(await env.admin.products.byId({ productId })).toMatchObject({ productPrice: 89, quantity: 3, packSize: "500 ml", priceFrom: 89 });
  });

  it("checks a price sent alone against the stored MRP, and an MRP sent alone against the stored price", async () => {
    const { productId, firstId } = await newProduct();
    expect(await refusal(env.admin.variants.update({ productId, variantId: firstId, price: 121 }))).toMatchObject({
      code: "BAD_REQUEST",
      fields: { price: "Price cannot be above the MRP" },
    });
    expect(await refusal(env.admin.variants.update({ productId, variantId: firstId, mrp: 98 }))).toMatchObject({
      fields: { price: "Price cannot be above the MRP" },
    });
    await expect(env.admin.variants.update({ productId, variantId: firstId, mrp: 150, price: 140 })).resolves.toMatchObject({ mrp: 150, price: 140 });
  });

  it("refuses another pack's SKU (409 SKU_TAKEN) and a pack of another product (404)", async () => {
    const a = await newProduct();
    const b = await newProduct();
    const taken = await env.admin.variants.create({ productId: a.productId, ...pack() });
    expect((await refusal(env.admin.variants.update({ productId: b.productId, variantId: b.firstId, sku: taken.sku }))).storeCode).toBe("SKU_TAKEN");
    expect((await refusal(env.admin.variants.update({ productId: a.productId, variantId: b.firstId, stock: 1 }))).storeCode).toBe("NOT_FOUND");
  });

  it("opens the product on the first active pack in stock; priceFrom is the lowest active price", async () => {
    const { productId, firstId } = await newProduct();
    const big = await env.admin.variants.create({ productId, ...pack({ price: 39, mrp: 60, label: "100 ml", netQuantity: 100, netUnit: "ml" }) });
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ defaultVariantId: firstId, priceFrom: 39 });
    await env.admin.variants.update({ productId, variantId: firstId, stock: 0 });
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ defaultVariantId: big.variantId, productPrice: 39, packSize: "100 ml" });
    await env.admin.variants.update({ productId, variantId: big.variantId, active: false });
    const details = await env.anonymous.products.byId({ productId });
    expect(details).toMatchObject({ defaultVariantId: firstId, priceFrom: 99, variantCount: 1, inStock: false });
    expect(details.variants.map((v) => v.variantId)).toEqual([firstId]);
    expect((await env.admin.products.byId({ productId })).variants.map((v) => v.active)).toEqual([true, false]);
  });

  it("refuses to deactivate the last active pack: 409 LAST_VARIANT", async () => {
    const { productId, firstId } = await newProduct();
    expect(await refusal(env.admin.variants.update({ productId, variantId: firstId, active: false }))).toMatchObject({
      code: "CONFLICT",
      storeCode: "LAST_VARIANT",
    });
  });
});

describe("removing a pack (DELETE /products/{productId}/variants/{variantId})", () => {
  async function orderLineOf(productId: number, variantId: number) {
    const { customerId } = await env.newCustomer();
    const id = `ORD-TEST-${nextSku()}`;
    await env.handle.db.order.create({
      data: {
        productOrderId: id,
        customerId,
        customerName: "Asha Verma",
        shippingAddress: "12B MG Road",
        pinCode: "411001",
        state: "Maharashtra",
        itemsTotal: 9900,
        deliveryTotal: 0,
        grandTotal: 9900,
      },
    });
    await env.handle.db.productOrder.create({
      data: {
        productOrderId: id,
        customerId,
        customerName: "Asha Verma",
        shippingAddress: "12B MG Road",
        productId,
        productName: "Floor Shine",
        productPrice: 9900,
        variantId,
        sku: "SNAP",
        label: "500ml",
        mrp: 12000,
        hsnCode: "3402",
        gstRate: 18,
        orderTotalPrice: 9900,
        quantity: 1,
        deliveryDate: new Date(),
      },
    });
  }

  it("deletes a pack never ordered, and its cart lines", async () => {
    const { productId, firstId } = await newProduct();
    const extra = await env.admin.variants.create({ productId, ...pack() });
    const { customerId } = await env.newCustomer();
    await env.handle.db.cartItem.create({ data: { customerId, productId, variantId: extra.variantId, quantity: 2 } });
    expect(await env.admin.variants.remove({ productId, variantId: extra.variantId })).toMatchObject({ success: true, deleted: true, variant: null });
    expect(await env.handle.db.productVariant.findUnique({ where: { variantId: extra.variantId } })).toBeNull();
    expect(await env.handle.db.cartItem.count({ where: { variantId: extra.variantId } })).toBe(0);
    expect(await env.admin.products.byId({ productId })).toMatchObject({ variantCount: 1, defaultVariantId: firstId });
  });

  it("deactivates a pack on an order line instead, and takes it out of every cart", async () => {
    const { productId, firstId } = await newProduct();
    const extra = await env.admin.variants.create({ productId, ...pack({ price: 9, mrp: 10 }) });
    await orderLineOf(productId, extra.variantId);
    const { customerId } = await env.newCustomer();
    await env.handle.db.cartItem.create({ data: { customerId, productId, variantId: extra.variantId, quantity: 2 } });
    const answer = await env.admin.variants.remove({ productId, variantId: extra.variantId });
    expect(answer).toMatchObject({ success: true, deleted: false, variant: { variantId: extra.variantId, active: false } });
    expect(await env.handle.db.cartItem.count({ where: { variantId: extra.variantId } })).toBe(0);
    expect(await env.anonymous.products.byId({ productId })).toMatchObject({ priceFrom: 99, variantCount: 1, defaultVariantId: firstId });
    // removing it again: it is inactive, the product keeps its active pack
    await expect(env.admin.variants.remove({ productId, variantId: extra.variantId })).resolves.toMatchObject({ deleted: false });
  });

  it("refuses to remove the last active pack, ordered or not: 409 LAST_VARIANT", async () => {
    const { productId, firstId } = await newProduct();
    expect((await refusal(env.admin.variants.remove({ productId, variantId: firstId }))).storeCode).toBe("LAST_VARIANT");
    await orderLineOf(productId, firstId);
    expect((await refusal(env.admin.variants.remove({ productId, variantId: firstId }))).storeCode).toBe("LAST_VARIANT");
    expect(await env.handle.db.productVariant.findUniqueOrThrow({ where: { variantId: firstId } })).toMatchObject({ active: true });
  });

  it("never leaves a product without an active pack when its last two are removed at the same moment", async () => {
    const { productId, firstId } = await newProduct();
    const second = await env.admin.variants.create({ productId, ...pack() });
    const results = await Promise.allSettled([
      env.admin.variants.remove({ productId, variantId: firstId }),
      env.admin.variants.remove({ productId, variantId: second.variantId }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await env.handle.db.productVariant.count({ where: { productId, active: true } })).toBe(1);
  });

  it("writes the audit trail: which pack changed, before and after", async () => {
    const { productId, firstId } = await newProduct();
    await env.admin.variants.update({ productId, variantId: firstId, stock: 4 });
    const entry = await env.handle.db.auditEntry.findFirst({ where: { action: "variants.update", entityId: String(productId) }, orderBy: { auditId: "desc" } });
    expect(entry).not.toBeNull();
    expect(JSON.stringify(entry?.changes)).toContain("stock 4");
  });
});

describe("the lists and the search", () => {
  it("lists priceFrom, variantCount and defaultVariantId, and finds a product by a pack's SKU or label", async () => {
    const { productId } = await newProduct("Zz Packs Probe Cleaner");
    const sku = `ZZPROBE-${nextSku()}`;
    const big = await env.admin.variants.create({ productId, ...pack({ sku, label: "7.5 Litre Jerry", netQuantity: 7.5, price: 45, mrp: 60 }) });
    const bySku = await env.anonymous.products.list({ search: sku.toLowerCase() });
    expect(bySku.map((p) => p.productId)).toEqual([productId]);
    expect(bySku[0]).toMatchObject({ priceFrom: 45, variantCount: 2 });
    expect((await env.anonymous.products.shelf({ search: "7.5 litre jerry", page: 1 })).items.map((p) => p.productId)).toEqual([productId]);
    const page = await env.admin.products.page({ page: 1, search: sku });
    expect(page.items.map((p) => p.productId)).toEqual([productId]);
    expect(page.items[0]!.variants.map((v) => v.variantId)).toContain(big.variantId);
    // an inactive pack is not found by the storefront
    await env.admin.variants.update({ productId, variantId: big.variantId, active: false });
    expect(await env.anonymous.products.list({ search: sku.toLowerCase() })).toEqual([]);
  });

  it("lists under needs=netQuantity the products with a pack of unknown net quantity or a raised MRP", async () => {
    const { productId, firstId } = await newProduct("Zz Needs Probe");
    const needs = async () => (await env.admin.products.page({ page: 1, search: "", needs: "netQuantity" })).items.map((p) => p.productId);
    expect(await needs()).not.toContain(productId);
    await env.handle.db.productVariant.update({ where: { variantId: firstId }, data: { netQuantity: null, netUnit: null } });
    env.services.productEvents.changed();
    expect(await needs()).toContain(productId);
    expect((await env.admin.products.byId({ productId })).variants[0]).toMatchObject({ netQuantity: null, unitSalePrice: null, unitPrice: null });
    await env.admin.variants.update({ productId, variantId: firstId, netQuantity: 0.5, netUnit: "l" });
    expect(await needs()).not.toContain(productId);
    await env.handle.db.productVariant.update({ where: { variantId: firstId }, data: { mrpRaised: true } });
    expect(await needs()).toContain(productId);
    await env.admin.variants.update({ productId, variantId: firstId, mrp: 130 });
    expect(await needs()).not.toContain(productId);
  });
});
