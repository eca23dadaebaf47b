import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, productFields, type TestEnv } from "../testing.ts";

let env: TestEnv;
let pngDataUrl: string;
beforeAll(async () => {
  env = await createTestEnv();
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();
  pngDataUrl = `data:image/png;base64,${png.toString("base64")}`;
});
afterAll(() => env.close());

describe("products.save (admin)", () => {
  it("adds a product with prices in rupees stored as paise, and image URLs (never base64)", async () => {
    const res = await env.admin.products.save(
      productFields({
        productName: "Glass Cleaner",
        productPrice: 149.5,
        mainPrice: 199,
        deliveryCharge: 40,
        productImg: pngDataUrl,
        category: "Glass & Surfaces",
      }),
    );
    expect(res).toMatchObject({
      success: true,
      message: "Product added.",
      product: {
        productName: "Glass Cleaner",
        productPrice: 149.5,
        mainPrice: 199,
        deliveryCharge: 40,
        quantity: 50,
        inStock: true,
        category: "Glass & Surfaces",
      },
    });
    const row = await env.handle.db.product.findUniqueOrThrow({ where: { productId: res.product.productId } });
    expect(row.productPrice).toBe(14950);
    expect(row.deliveryCharge).toBe(4000);
    expect(res.product.productImg).toBe(`/images/products/${row.productId}/396/${row.imageHash}.webp`);
    expect(res.product.productImgSmall).toBe(`/images/products/${row.productId}/150/${row.imageHash}.webp`);
    expect(res.product.productImgThumb).toBe(`/images/products/${row.productId}/100/${row.imageHash}.webp`);
    const images = await env.handle.db.productImage.findMany({ where: { productId: row.productId }, orderBy: { size: "desc" } });
    expect(images.map((i) => i.size)).toEqual([396, 150, 100]);
    for (const img of images) {
      const meta = await sharp(Buffer.from(img.data, "base64")).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([img.size, img.size]);
    }
    expect(JSON.stringify(res)).not.toContain("base64");
  });

  it("stores 'Free' delivery as no charge and accepts numbers sent as strings (forms)", async () => {
    const res = await env.admin.products.save(productFields({ deliveryCharge: "free", productPrice: "89", quantity: "7" }));
    expect(res.product).toMatchObject({ deliveryCharge: "Free", productPrice: 89, quantity: 7, productImg: null });
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId: res.product.productId } })).deliveryCharge).toBeNull();
  });

  it.each([
    [{ productName: "" }, "Product Name is required"],
    [{ productPrice: undefined }, "Price is required"],
    [{ productPrice: 0 }, "Price must be at least ₹1"],
    [{ productPrice: 10.555 }, "Price can have at most 2 decimals"],
    [{ mainPrice: "" }, "Main Price is required"],
    [{ packSize: "" }, "Pack Size is required"],
    [{ productInfo: "" }, "Details is required"],
    [{ deliveryCharge: "" }, "Delivery is required: 'Free' or a charge in rupees"],
    [{ deliveryCharge: -5 }, "Delivery charge cannot be negative"],
    [{ quantity: "" }, "Quantity is required"],
    [{ quantity: 1.5 }, "Quantity must be a whole number"],
    [{ quantity: -1 }, "Quantity must be at least 0"],
    [{ productImg: "data:text/plain;base64,aGVsbG8=" }, "Image must be an image file"],
  ])("rejects %j with %s", async (override, message) => {
    const before = await env.handle.db.product.count();
    await expect(env.admin.products.save(productFields(override))).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    expect(await env.handle.db.product.count()).toBe(before);
  });

  it("rejects bytes that claim to be an image but are not (400) and stores nothing", async () => {
    const before = await env.handle.db.product.count();
    const fake = `data:image/png;base64,${Buffer.from("this is not a png at all").toString("base64")}`;
    await expect(env.admin.products.save(productFields({ productImg: fake }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Image must be an image file"),
    });
    expect(await env.handle.db.product.count()).toBe(before);
  });

  it("is admin only", async () => {
    const c = await env.newCustomer();
    await expect(env.anonymous.products.save(productFields())).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(c.caller.products.save(productFields())).rejects.toMatchObject({ code: "FORBIDDEN", message: "Only the store's admin can do this." });
  });
});

describe("products.list / byId (public)", () => {
  it("lists live products for anyone, newest first, as an array", async () => {
    const id1 = await env.newProduct({ productName: "Alpha Soap" });
    const id2 = await env.newProduct({ productName: "Beta Soap" });
    const c = await env.newCustomer();
    for (const caller of [env.anonymous, c.caller, env.admin]) {
      const list = await caller.products.list();
      expect(Array.isArray(list)).toBe(true);
      const ids = list.map((p) => p.productId);
      expect(ids.indexOf(id2)).toBeLessThan(ids.indexOf(id1));
      expect(ids.indexOf(id1)).toBeGreaterThanOrEqual(0);
    }
    await expect(env.anonymous.products.byId({ productId: id1 })).resolves.toMatchObject({ productId: id1, productName: "Alpha Soap" });
  });

  it("searches case-insensitively over name, details and pack size", async () => {
    const a = await env.newProduct({ productName: "Lemon ZESTY Dishwash", productInfo: "For plates.", packSize: "750ml" });
    const b = await env.newProduct({ productName: "Toilet Gel", productInfo: "Kills 99.9% of GERMSQUATCH.", packSize: "500ml" });
    const c = await env.newProduct({ productName: "Tile Wash", productInfo: "Shiny tiles.", packSize: "4321ML" });
    const ids = async (search: string) => (await env.anonymous.products.list({ search })).map((p) => p.productId);
    expect(await ids("zesty")).toEqual([a]);
    expect(await ids("germsquatch")).toEqual([b]);
    expect(await ids("4321ml")).toEqual([c]);
    expect(await ids("no-such-thing-xyz")).toEqual([]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    const pct = await env.newProduct({ productName: "Germ Kill", productInfo: "Kills 97.3% germs" });
    await env.newProduct({ productName: "Decoy", productInfo: "Version 97.3x formula" });
    const under = await env.newProduct({ productName: "Qz_9 Wipes", productInfo: "Wipes." });
    await env.newProduct({ productName: "Qzx9 Wipes", productInfo: "Wipes." });
    const ids = async (search: string) => (await env.anonymous.products.list({ search })).map((p) => p.productId);
    expect(await ids("97.3%")).toEqual([pct]);
    expect(await ids("qz_9")).toEqual([under]);
  });

  it("filters by category and sorts by price", async () => {
    const laundry = async (o: Record<string, unknown>) => (await env.admin.products.save(productFields({ ...o, category: "Laundry" }))).product.productId;
    const cheap = await laundry({ productName: "Cheap Laundry", productPrice: 39, mainPrice: 50 });
    const dear = await laundry({ productName: "Dear Laundry", productPrice: 378, mainPrice: 400 });
    const asc = await env.anonymous.products.list({ category: "Laundry", sort: "priceAsc" });
    expect(asc.map((p) => p.productId)).toEqual([cheap, dear]);
    const desc = await env.anonymous.products.list({ category: "Laundry", sort: "priceDesc" });
    expect(desc.map((p) => p.productId)).toEqual([dear, cheap]);
    await expect(env.anonymous.products.list({ category: "Weapons" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("pages the storefront grid 24 at a time, in one stable order, fresh after every write", async () => {
    const category = "Glass & Surfaces";
    const made: number[] = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        (await env.admin.products.save(productFields({ productName: `Shelf Probe ${String(i).padStart(2, "0")}`, productPrice: 100, category }))).product
          .productId,
      );
    }
    // equal prices: the id decides, so no product shows on two pages or on none
    const first = await env.anonymous.products.shelf({ search: "shelf probe", category, sort: "priceAsc" });
    const second = await env.anonymous.products.shelf({ search: "shelf probe", category, sort: "priceAsc", page: 2 });
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 24 });
    expect(first.items).toHaveLength(24);
    expect(second.items).toHaveLength(6);
    expect([...first.items, ...second.items].map((p) => p.productId)).toEqual(made);
    expect((await env.anonymous.products.shelf({ search: "shelf probe", page: 3 })).items).toEqual([]);
    // a search pages the same way and counts its matches
    const search = await env.anonymous.products.shelf({ search: "shelf probe 2", sort: "name" });
    expect(search.total).toBe(10);
    expect(search.items.map((p) => p.productName)).toEqual(Array.from({ length: 10 }, (_, i) => `Shelf Probe 2${i}`));
    // a new product is on the (cached) first page of the plain grid at once
    const before = await env.anonymous.products.shelf({ category, sort: "newest" });
    const newest = (await env.admin.products.save(productFields({ productName: "Shelf Probe New", category }))).product.productId;
    const after = await env.anonymous.products.shelf({ category, sort: "newest" });
    expect(after.items[0]?.productId).toBe(newest);
    expect(after.total).toBe(before.total + 1);
    await expect(env.anonymous.products.shelf({ page: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "page starts at 1" });
    await expect(env.anonymous.products.shelf({ page: 10_001 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("answers 404 for a missing product and 400 for a bad id", async () => {
    await expect(env.anonymous.products.byId({ productId: 999999 })).rejects.toMatchObject({ code: "NOT_FOUND", message: "Product 999999 was not found." });
    await expect(env.anonymous.products.byId({ productId: "abc" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("lists the categories", async () => {
    await expect(env.anonymous.products.categories()).resolves.toContain("Floor Care");
  });
});

describe("products.update (admin)", () => {
  it("changes what is sent and keeps every omitted field", async () => {
    const { product } = await env.admin.products.save(
      productFields({ productName: "Old Name", productPrice: 120, deliveryCharge: 30, offer: "10% off", productImg: pngDataUrl }),
    );
    const before = await env.handle.db.product.findUniqueOrThrow({ where: { productId: product.productId } });
    const res = await env.admin.products.update({ productId: product.productId, productName: "New Name" });
    expect(res).toMatchObject({ success: true, message: "Product updated." });
    const after = await env.handle.db.product.findUniqueOrThrow({ where: { productId: product.productId } });
    expect(after).toMatchObject({
      productName: "New Name",
      productPrice: before.productPrice,
      mainPrice: before.mainPrice,
      offer: "10% off",
      packSize: before.packSize,
      productInfo: before.productInfo,
      deliveryCharge: 3000,
      quantity: before.quantity,
      imageHash: before.imageHash,
    });
    await env.admin.products.update({ productId: product.productId, productName: "New Name", productPrice: 99.99, deliveryCharge: "Free", quantity: 3 });
    const again = await env.handle.db.product.findUniqueOrThrow({ where: { productId: product.productId } });
    expect(again).toMatchObject({ productPrice: 9999, deliveryCharge: null, quantity: 3, imageHash: before.imageHash });
  });

  it("replaces the image (the URL changes) and rejects a non-image", async () => {
    const productId = await env.newProduct();
    const other = await sharp({ create: { width: 10, height: 10, channels: 4, background: "#00ff0080" } })
      .png()
      .toBuffer();
    const res = await env.admin.products.update({ productId, productName: "Pic", productImg: `data:image/png;base64,${other.toString("base64")}` });
    expect(res.product.productImg).toMatch(new RegExp(`^/images/products/${productId}/396/[0-9a-f]{12}\\.webp$`));
    await expect(
      env.admin.products.update({ productId, productName: "Pic", productImg: `data:image/jpeg;base64,${Buffer.from("GIF89a nope").toString("base64")}` }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).productName).toBe("Pic");
  });

  it("requires the name, answers 404 for a missing or deleted product, and is admin only", async () => {
    const productId = await env.newProduct();
    await expect(env.admin.products.update({ productId, productName: "" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Product Name is required" });
    await expect(env.admin.products.update({ productId: 999999, productName: "X" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const c = await env.newCustomer();
    await expect(c.caller.products.update({ productId, productName: "X" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.products.update({ productId, productName: "X" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await env.admin.products.remove({ productId });
    await expect(env.admin.products.update({ productId, productName: "X" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("products.delete / remove (admin, soft delete)", () => {
  it("hides the product, takes it out of carts, and keeps past orders readable", async () => {
    const productId = await env.newProduct({ productName: "Soon Gone", productPrice: 55, quantity: 10 });
    const c = await env.newCustomer();
    const { order } = await c.caller.orders.save({ productId, quantity: 2 });
    await c.caller.cart.save({ productId, quantity: 1 });
    await expect(c.caller.products.delete({ productId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.products.remove({ productId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.products.delete({ productId })).resolves.toEqual({ success: true, message: "Product deleted." });
    expect((await env.anonymous.products.list()).map((p) => p.productId)).not.toContain(productId);
    await expect(env.anonymous.products.byId({ productId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await env.handle.db.cartItem.count({ where: { productId } })).toBe(0);
    expect((await env.handle.db.product.findUniqueOrThrow({ where: { productId } })).deletedAt).toBeInstanceOf(Date);
    await expect(c.caller.orders.byId({ orderId: order.orderId })).resolves.toMatchObject({ productName: "Soon Gone", productPrice: 55, orderTotalPrice: 110 });
    await expect(c.caller.orders.orderProducts({ customerId: c.customerId })).resolves.toMatchObject({
      orderProducts: [{ orderId: order.orderId, products: [{ productName: "Soon Gone" }] }],
    });
    await expect(env.admin.products.delete({ productId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(env.admin.products.remove({ productId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.caller.orders.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(c.caller.cart.save({ productId, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("remove (DELETE) works like the legacy GET", async () => {
    const productId = await env.newProduct();
    await expect(env.admin.products.remove({ productId })).resolves.toMatchObject({ success: true });
    await expect(env.anonymous.products.byId({ productId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("products.page and trending", () => {
  it("pages for the admin only, searching by name or id", async () => {
    const productId = await env.newProduct({ productName: "Quixotic Polish" });
    const res = await env.admin.products.page({ page: 1, search: "QUIXOTIC" });
    expect(res.items.map((p) => p.productId)).toEqual([productId]);
    expect((await env.admin.products.page({ page: 1, search: String(productId) })).items.map((p) => p.productId)).toContain(productId);
    const c = await env.newCustomer();
    await expect(c.caller.products.page({ page: 1, search: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("ranks trending products by units ordered, leaving cancelled orders out", async () => {
    const own = await createTestEnv();
    try {
      const p1 = await own.newProduct({ productName: "T1" });
      const p2 = await own.newProduct({ productName: "T2" });
      const c = await own.newCustomer();
      await c.caller.orders.save({ productId: p1, quantity: 2 });
      await c.caller.orders.save({ productId: p2, quantity: 5 });
      const { order } = await c.caller.orders.save({ productId: p1, quantity: 9 });
      await own.admin.orders.updateStatus({ orderId: order.orderId, orderStatus: "Cancelled" });
      const trending = await own.anonymous.products.trending();
      expect(trending.map((t) => [t.productId, t.orderedUnits])).toEqual([
        [p2, 5],
        [p1, 2],
      ]);
    } finally {
      await own.close();
    }
  });
});
