// Packs at procedure depth (issue 25, contracts/packs.md): the cart's rules for choosing a pack, a
// checkout of two packs of one product (stock per pack, the product's mirror), the order lines'
// snapshots, putting stock back, and the invoice and credit note naming and taxing each pack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { taxOfInclusiveAmount } from "@store/domain";
import { fieldErrors } from "../platform/errors.ts";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { givePacks } from "./packs-testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, codFee: 0 });
});
afterAll(() => env.close());

const db = () => env.handle.db;
const stockOf = async (variantId: number) => (await db().productVariant.findUniqueOrThrow({ where: { variantId } })).stock;

/** Floor Shine in 500 ml (₹120, MRP ₹150), 1 l (₹199) and 5 l (₹899, 5 % GST). */
async function floorShine(stock = [10, 10, 10]) {
  const productId = await env.newProduct({ productName: "Floor Shine", deliveryCharge: "Free" });
  const [small, litre, can] = await givePacks(db(), productId, [
    { label: "500 ml", price: 120, mrp: 150, stock: stock[0] ?? 10, netQuantity: 500, netUnit: "ml" },
    { label: "1 l", price: 199, stock: stock[1] ?? 10, netQuantity: 1, netUnit: "l" },
    { label: "5 l", price: 899, stock: stock[2] ?? 10, netQuantity: 5, netUnit: "l", hsnCode: "34022010", gstRate: 5 },
  ]);
  if (!small || !litre || !can) throw new Error("three packs were made");
  return { productId, small, litre, can };
}

describe("adding a pack to the cart", () => {
  it("needs variantId when the product has several active packs: 400 naming the field", async () => {
    const c = await env.newCustomer();
    const { productId } = await floorShine();
    const refusal = await c.caller.cart.save({ productId, quantity: 1 }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "BAD_REQUEST", message: "Choose a pack size" });
    // a validation failure's cause: the REST body's `errors` (platform/errors.ts fieldErrors)
    const cause = (refusal as Error).cause as ZodError;
    expect(fieldErrors(cause)).toEqual({ variantId: "Choose a pack size" });
    expect(await db().cartItem.count({ where: { customerId: c.customerId } })).toBe(0);
  });

  it("takes the only active pack when variantId is left out", async () => {
    const c = await env.newCustomer();
    const productId = await env.newProduct({ productName: "Single Pack" });
    const [only] = await givePacks(db(), productId, [
      { label: "1 l", price: 99, mrp: 120, stock: 5, netQuantity: 1, netUnit: "l" },
      { label: "5 l", price: 399, stock: 5, active: false },
    ]);
    const res = await c.caller.cart.save({ productId, quantity: 2 });
    expect(res.addToCart).toMatchObject({ variantId: only, label: "1 l", packSize: "1 l", price: 99, productPrice: 99, mrp: 120, inStock: 5 });
    expect(res.message).toBe("Single Pack added to your cart.");
  });

  it("a variantId of another product is 404; an inactive pack is 400 VARIANT_NOT_SOLD; nothing is added", async () => {
    const c = await env.newCustomer();
    const a = await floorShine();
    const b = await floorShine();
    await expect(c.caller.cart.save({ productId: a.productId, variantId: b.small, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.caller.cart.save({ productId: a.productId, variantId: 2_000_000_000, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db().productVariant.update({ where: { variantId: a.can }, data: { active: false } });
    const refusal = await c.caller.cart.save({ productId: a.productId, variantId: a.can, quantity: 1 }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("is no longer sold") });
    expect((refusal as Error).cause).toMatchObject({ status: 400, code: "VARIANT_NOT_SOLD" });
    expect(await db().cartItem.count({ where: { customerId: c.customerId } })).toBe(0);
  });

  it("one line per pack: the same pack again raises its quantity, another pack makes a second line", async () => {
    const c = await env.newCustomer();
    const { productId, small, litre } = await floorShine();
    const first = await c.caller.cart.save({ productId, variantId: small, quantity: 1 });
    const again = await c.caller.cart.save({ productId, variantId: small, quantity: 2 });
    expect(again.addToCart.addToCartId).toBe(first.addToCart.addToCartId);
    expect(again.addToCart.quantity).toBe(3);
    expect(again.message).toBe("Floor Shine – 500 ml added to your cart.");
    const other = await c.caller.cart.save({ productId, variantId: litre, quantity: 1 });
    expect(other.addToCart.addToCartId).not.toBe(first.addToCart.addToCartId);
    const cart = await c.caller.cart.byCustomer({ customerId: c.customerId });
    expect(cart.map((l) => [l.variantId, l.quantity]).sort()).toEqual(
      [
        [small, 3],
        [litre, 1],
      ].sort(),
    );
  });

  it("a line shows its pack: variantId, sku, label, price, mrp and the unit sale price on the MRP; the line's price and stock are the pack's", async () => {
    const c = await env.newCustomer();
    const { productId, small, can } = await floorShine([10, 10, 4]);
    const { addToCart } = await c.caller.cart.save({ productId, variantId: can, quantity: 2 });
    expect(addToCart).toMatchObject({
      variantId: can,
      sku: `T${productId}-5L`,
      label: "5 l",
      packSize: "5 l",
      price: 899,
      productPrice: 899,
      mrp: 899,
      unitSalePrice: { amount: 179.8, per: "litre", text: "₹179.80 per litre" },
      inStock: 4,
      lineTotal: 1798,
      productName: "Floor Shine",
    });
    const small1 = (await c.caller.cart.save({ productId, variantId: small, quantity: 1 })).addToCart;
    expect(small1.unitSalePrice).toEqual({ amount: 0.3, per: "ml", text: "₹0.30 per ml" });
    // the stock checked is the pack's, not the product's default pack's
    await expect(c.caller.cart.save({ productId, variantId: can, quantity: 3 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Only 4 left of Floor Shine – 5 l.",
    });
    await expect(c.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 5 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await c.caller.cart.update({ addToCartId: addToCart.addToCartId, quantity: 4 })).addToCart.quantity).toBe(4);
    // the admin's cart views carry the pack too, and find a line by its SKU
    const page = await env.admin.cart.page({ page: 1, search: `T${productId}-5L` });
    expect(page.items.map((l) => l.variantId)).toEqual([can]);
  });
});

describe("checking out packs", () => {
  it("two packs of one product: two lines, each pack's stock taken, the product's mirror re-synced, the lines snapshot their pack", async () => {
    const c = await env.newCustomer();
    const { productId, small, litre, can } = await floorShine([1, 10, 10]);
    await c.caller.cart.save({ productId, variantId: small, quantity: 1 });
    await c.caller.cart.save({ productId, variantId: can, quantity: 2 });
    const placed = await c.caller.cart.checkout();
    expect(placed.orders).toHaveLength(2);
    const bySku = Object.fromEntries(placed.orders.map((o) => [o.label, o]));
    expect(bySku["500 ml"]).toMatchObject({
      variantId: small,
      sku: `T${productId}-500ML`,
      label: "500 ml",
      packSize: "500 ml",
      netQuantity: 500,
      netUnit: "ml",
      mrp: 150,
      price: 120,
      productPrice: 120,
      hsnCode: "3402",
      gstRate: 18,
      quantity: 1,
    });
    expect(bySku["5 l"]).toMatchObject({
      variantId: can,
      netQuantity: 5,
      netUnit: "l",
      mrp: 899,
      price: 899,
      hsnCode: "34022010",
      gstRate: 5,
      orderTotalPrice: 1798,
    });
    expect([await stockOf(small), await stockOf(litre), await stockOf(can)]).toEqual([0, 10, 8]);
    // the 500 ml is sold out: the default pack is now the 1 l, and the product mirrors it
    const product = await db().product.findUniqueOrThrow({ where: { productId } });
    expect(product).toMatchObject({ defaultVariantId: litre, quantity: 10, productPrice: 19_900, packSize: "1 l", priceFrom: 12_000, variantCount: 3 });

    // editing the pack later changes none of the snapshot
    await db().productVariant.update({ where: { variantId: can }, data: { price: 999, mrp: 999, label: "5 litre", sku: "CHANGED-5L", gstRate: 12 } });
    const mine = await c.caller.orders.orderProducts({ customerId: c.customerId });
    const canLine = mine.orderProducts.find((o) => o.variantId === can);
    expect(canLine).toMatchObject({ sku: `T${productId}-5L`, label: "5 l", price: 899, gstRate: 5 });
    expect(canLine?.products[0]).toMatchObject({ variantId: can, sku: `T${productId}-5L`, label: "5 l", packSize: "5 l" });
    const whole = await c.caller.orders.order({ productOrderId: placed.productOrderId });
    expect(whole.lines.map((l) => l.label).sort()).toEqual(["5 l", "500 ml"]);
  });

  it("orders.save takes variantId by the cart's rules; not enough of a pack is a 409 naming its SKU and takes nothing", async () => {
    const c = await env.newCustomer();
    const { productId, litre, can } = await floorShine([10, 2, 10]);
    await expect(c.caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Choose a pack size" });
    await expect(c.caller.orders.save({ productId, variantId: litre, quantity: 3 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Only 2 left of Floor Shine – 1 l (SKU T${productId}-1L). Please lower the quantity.`,
    });
    expect(await stockOf(litre)).toBe(2);
    const { order } = await c.caller.orders.save({ productId, variantId: litre, quantity: 2 });
    expect(order).toMatchObject({ variantId: litre, label: "1 l", productPrice: 199 });
    await expect(c.caller.orders.save({ productId, variantId: litre, quantity: 1 })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Floor Shine – 1 l (SKU T${productId}-1L) is out of stock.`,
    });
    expect(await stockOf(can)).toBe(10);
  });

  it("a pack withdrawn while in a cart is refused at checkout (VARIANT_NOT_SOLD) and the cart is kept", async () => {
    const c = await env.newCustomer();
    const { productId, small } = await floorShine();
    await c.caller.cart.save({ productId, variantId: small, quantity: 1 });
    await db().productVariant.update({ where: { variantId: small }, data: { active: false } });
    await expect(c.caller.cart.checkout()).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(`SKU T${productId}-500ML`) });
    expect(await db().cartItem.count({ where: { customerId: c.customerId } })).toBe(1);
    expect(await stockOf(small)).toBe(10);
  });

  it("the same Idempotency-Key with the same pack gives the first answer and takes the stock once", async () => {
    const c = await env.newCustomer();
    const { productId, litre } = await floorShine();
    const first = await c.caller.orders.save({ productId, variantId: litre, quantity: 2, idempotencyKey: "packs-key-1" });
    const again = await c.caller.orders.save({ productId, variantId: litre, quantity: 2, idempotencyKey: "packs-key-1" });
    expect(again.productOrderId).toBe(first.productOrderId);
    expect(await stockOf(litre)).toBe(8);
    await expect(c.caller.orders.save({ productId, variantId: litre, quantity: 1, idempotencyKey: "packs-key-1" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
  });

  it("cancelling a line puts its units back into its pack and re-syncs the product", async () => {
    const c = await env.newCustomer();
    const { productId, small, litre } = await floorShine([1, 10, 10]);
    const { order } = await c.caller.orders.save({ productId, variantId: small, quantity: 1 });
    expect((await db().product.findUniqueOrThrow({ where: { productId } })).defaultVariantId).toBe(litre);
    await env.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" });
    expect(await stockOf(small)).toBe(1);
    expect(await stockOf(litre)).toBe(10);
    expect(await db().product.findUniqueOrThrow({ where: { productId } })).toMatchObject({ defaultVariantId: small, quantity: 1, packSize: "500 ml" });
  });
});

describe("invoice and credit note per pack", () => {
  it("each goods line is '<product> – <label>' with the line's own HSN and rate; two rates make two differently taxed lines; the credit note the same", async () => {
    const c = await env.newCustomer({ state: "Maharashtra" });
    const { productId, small, can } = await floorShine();
    await c.caller.cart.save({ productId, variantId: small, quantity: 2 });
    await c.caller.cart.save({ productId, variantId: can, quantity: 1 });
    // the product's own (mirror) HSN and rate changed after the order must not matter
    const placed = await c.caller.cart.checkout();
    await db().productVariant.updateMany({ where: { productId }, data: { hsnCode: "9999", gstRate: 28 } });
    const doc = await c.caller.orders.invoice({ productOrderId: placed.productOrderId });
    const goods = doc.lines.filter((l) => !l.description.startsWith("Delivery"));
    const taxed = (totalPaise: number, rate: number) => {
      const t = taxOfInclusiveAmount(totalPaise, rate, false);
      return { totalPaise, ratePercent: rate, taxablePaise: t.taxable, cgstPaise: t.cgst, sgstPaise: t.sgst, igstPaise: 0 };
    };
    expect(goods).toEqual([
      expect.objectContaining({ description: "Floor Shine – 500 ml", hsn: "3402", quantity: 2, ...taxed(24_000, 18) }),
      expect.objectContaining({ description: "Floor Shine – 5 l", hsn: "3402", quantity: 1, ...taxed(89_900, 5) }),
    ]);
    expect(goods[0]?.cgstPaise).not.toBe(goods[1]?.cgstPaise);
    // the GST summary groups by the line's HSN and rate
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const summary = await env.admin.reports.gst({ month });
    const rows = summary.hsnSummary.filter((h) => h.hsn === "3402");
    expect(rows.map((h) => h.ratePercent)).toEqual(expect.arrayContaining([5, 18]));

    const canLine = placed.orders.find((o) => o.variantId === can);
    if (!canLine) throw new Error("the 5 l line was placed");
    await env.admin.orders.updateStatus({ orderId: canLine.orderId, orderStatus: "Cancelled" });
    const whole = await c.caller.orders.order({ productOrderId: placed.productOrderId });
    const [note] = whole.creditNotes;
    if (!note) throw new Error("a credit note was issued");
    const credit = await c.caller.orders.creditNote({ productOrderId: placed.productOrderId, creditNoteNumber: note.number });
    expect(credit.lines).toEqual([expect.objectContaining({ description: "Floor Shine – 5 l", hsn: "3402", ratePercent: 5, totalPaise: 89_900 })]);
  });
});
