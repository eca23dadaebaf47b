// Packs (issue 25) in the back office: the product form's packs table (add a pack, a field error for a
// price above the MRP, edit in place, reorder, deactivate a sold pack, the last active pack kept with
// its message) and the product list's stock per pack with low stock marked pack by pack.
import { expect, expectAccessible, must, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, uniq } from "./helpers";

interface Pack {
  variantId: number;
  sku: string;
  label: string;
  stock: number;
  active: boolean;
  position: number;
}

test.describe("packs in the back office", () => {
  test("the product form's packs table: add, price above MRP refused, edit, reorder, deactivate; the list shows stock per pack", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const tag = uniq("");
    const product = await createProduct(request, token, {
      productName: `Zz Pack Admin ${tag}`,
      productPrice: 99,
      mainPrice: 120,
      packSize: "500 ml",
      quantity: 40,
      deliveryCharge: "Free",
    });
    const packsOf = async () =>
      ((await (await request.get(`/api/v1/products/details/${product.productId}`, { headers: bearer(token) })).json()) as { variants: Pack[] }).variants;
    const [first] = await packsOf();
    const small = must(first, "the product's first pack");

    await page.goto(`/UpdateProducts/${product.productId}`);
    const packs = page.getByRole("region", { name: "Packs" });
    await expect(packs.getByLabel("SKU of pack 1")).toHaveValue(small.sku);
    await expect(packs.getByLabel("Size label of pack 1")).toHaveValue("500 ml");

    // a new pack, its price above its MRP: the shared schema's message in the price cell
    await packs.getByRole("button", { name: "Add a pack" }).click();
    const sku = `ZZ-${tag}-1L`.toUpperCase();
    await packs.getByLabel("SKU of pack 2").fill(sku);
    await packs.getByLabel("Size label of pack 2").fill("1 l");
    await packs.getByLabel("Net quantity of pack 2").fill("1");
    await packs.getByLabel("Unit of pack 2").selectOption("l");
    await packs.getByLabel("MRP (₹) of pack 2").fill("200");
    await packs.getByLabel("Price (₹) of pack 2").fill("250");
    await packs.getByLabel("Stock of pack 2").fill("5");
    await packs.getByLabel("Weight (g) of pack 2").fill("1100");
    await packs.getByRole("button", { name: "Add pack" }).click();
    const price = packs.getByLabel("Price (₹) of pack 2");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(packs.locator("td.pack-price .field-error")).toHaveText("Price cannot be above the MRP");
    await expectAccessible(page);
    await price.fill("180");
    await expect(packs.getByText("₹200.00 per litre")).toBeVisible();
    await packs.getByRole("button", { name: "Add pack" }).click();
    await expect(page.getByText("1 l added.")).toBeVisible();
    await expect(packs.getByLabel("SKU of pack 2")).toHaveValue(sku);
    await expect
      .poll(async () => (await packsOf()).map((v) => [v.label, v.stock]))
      .toEqual([
        ["500 ml", 40],
        ["1 l", 5],
      ]);

    // edited in place: a row saves its own changes
    await packs.getByLabel("Stock of pack 1").fill("35");
    await packs.getByRole("button", { name: "Save pack 1" }).click();
    await expect(page.getByText("500 ml saved.")).toBeVisible();
    await expect.poll(async () => (await packsOf()).find((v) => v.variantId === small.variantId)?.stock).toBe(35);

    // reordered: the 1 l pack first
    await packs.getByRole("button", { name: "Move pack 2 up" }).click();
    await expect(packs.getByLabel("SKU of pack 1")).toHaveValue(sku);
    await expect(packs.getByLabel("SKU of pack 2")).toHaveValue(small.sku);
    await expect.poll(async () => (await packsOf()).map((v) => v.label)).toEqual(["1 l", "500 ml"]);

    // the list: each pack's stock, the 1 l pack (5, at or under the threshold) marked low
    await page.goto(`/product-management?search=${encodeURIComponent(product.productName)}`);
    const list = page.getByRole("list", { name: `Packs of ${product.productName}` });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: "1 l" })).toContainText("5 in stock · Low stock");
    await expect(list.getByRole("listitem").filter({ hasText: "500 ml" })).toHaveText("500 ml 35 in stock");

    // a sold pack is deactivated, not deleted; the last active one stays, with the server's message
    const customer = await registerCustomer(request);
    const order = await request.post("/api/v1/productOrder/save", {
      headers: bearer(customer.token),
      data: { productId: product.productId, variantId: small.variantId, quantity: 1 },
    });
    expect(order.status(), await order.text()).toBe(200);
    await page.goto(`/UpdateProducts/${product.productId}`);
    await packs.getByRole("button", { name: "Remove pack 2" }).click();
    await expect(packs.locator(`tr[data-pack="${small.variantId}"]`)).toContainText("Inactive");
    await expect.poll(async () => (await packsOf()).find((v) => v.variantId === small.variantId)?.active).toBe(false);
    await packs.getByRole("button", { name: "Remove pack 1" }).click();
    await expect(packs.getByRole("alert")).toContainText("A product keeps at least one active pack");
    expect((await packsOf()).filter((v) => v.active).map((v) => v.label)).toEqual(["1 l"]);
  });
});
