// Packs (issue 25) as a shopper sees them: one card a product ("from ₹…", "2 sizes"), the product
// page's pack chooser (price, MRP, unit prices and stock follow the pack; the address keeps it, so a
// reload and a shared link open it, rendered by the server), two packs of one product as two cart
// lines, checked out, on the order and on its GST invoice; Order (buy now) takes the chosen pack.
import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { adminToken, expect, loginCustomerInBrowser, must, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, uniq } from "../admin/helpers";

interface Pack {
  variantId: number;
  sku: string;
  label: string;
  price: number;
}

/** A product with two packs, made through the API: 500 ml at ₹99 (MRP ₹120) and 1 l at ₹180 (MRP ₹220). */
async function twoPackProduct(request: APIRequestContext) {
  const token = await adminToken(request);
  const tag = uniq("");
  const product = await createProduct(request, token, {
    productName: `Zz Floor Shine ${tag}`,
    productPrice: 99,
    mainPrice: 120,
    packSize: "500 ml",
    quantity: 40,
    deliveryCharge: "Free",
    hsnCode: "3402",
    gstRate: 18,
  });
  const res = await request.post(`/api/v1/products/${product.productId}/variants`, {
    headers: bearer(token),
    data: {
      sku: `ZZ-${tag}-1L`.toUpperCase(),
      label: "1 l",
      netQuantity: 1,
      netUnit: "l",
      mrp: 220,
      price: 180,
      stock: 25,
      hsnCode: "3402",
      gstRate: 18,
      weightGrams: 1100,
      active: true,
      position: 2,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const details = (await (await request.get(`/api/v1/products/details/${product.productId}`)).json()) as { variants: Pack[]; defaultVariantId: number };
  const small = must(
    details.variants.find((v) => v.label === "500 ml"),
    "the 500 ml pack",
  );
  const big = must(
    details.variants.find((v) => v.label === "1 l"),
    "the 1 l pack",
  );
  expect(details.defaultVariantId).toBe(small.variantId);
  return { ...product, small, big };
}

/** The text of a PDF, its white space made single spaces (a long line may wrap in its cell). */
async function pdfText(path: string): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(proxy, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test.describe("packs on the storefront", () => {
  test("the pack chooser switches price, MRP, unit prices and stock; the address keeps the pack through a reload and a shared link", async ({
    page,
    browser,
    request,
  }) => {
    const p = await twoPackProduct(request);

    // one card for the product, from its lowest price, with its number of sizes
    await page.goto(`/search?q=${encodeURIComponent(p.productName)}`);
    const card = page.locator(".product-card").filter({ hasText: p.productName });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("from ₹99.00");
    await expect(card).toContainText("2 sizes");

    // the spec's address opens the default pack
    await page.goto(`/singleProductDetails/${p.productId}`);
    const sizes = page.getByRole("group", { name: "Pack size" });
    const small = sizes.getByRole("button", { name: "500 ml, ₹99.00" });
    const big = sizes.getByRole("button", { name: "1 l, ₹180.00" });
    await expect(small).toHaveAttribute("aria-pressed", "true");
    await expect(big).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("line-price")).toHaveText("₹99.00");
    await expect(page.getByTestId("pack-mrp")).toHaveText("₹120.00");
    // the unit sale price is on the MRP (Legal Metrology), the unit price on the selling price
    await expect(page.getByTestId("unit-price")).toHaveText("₹0.24 per ml");
    await expect(page.getByTestId("pack-unit-price")).toContainText("₹0.20 per ml");
    await expect(page.getByTestId("pack-stock")).toHaveText("In stock");

    await big.click();
    await expect(page).toHaveURL(new RegExp(`/singleProductDetails/${p.productId}\\?pack=${p.big.variantId}$`));
    await expect(big).toHaveAttribute("aria-pressed", "true");
    await expect(small).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("pack-label")).toHaveText("1 l");
    await expect(page.getByTestId("line-price")).toHaveText("₹180.00");
    await expect(page.getByTestId("pack-mrp")).toHaveText("₹220.00");
    await expect(page.getByTestId("unit-price")).toHaveText("₹220.00 per litre");
    await expect(page.getByTestId("pack-unit-price")).toContainText("₹180.00 per litre");
    await expect(page.locator(".legal-facts")).toContainText(p.big.sku);

    // a quantity follows the pack's stock
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByTestId("line-price")).toHaveText("₹360.00");

    await page.reload();
    await expect(sizes.getByRole("button", { name: "1 l, ₹180.00" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("line-price")).toHaveText("₹180.00");

    // a shared link, read without scripts: the server renders the chosen pack
    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const shared = await plain.newPage();
      await shared.goto(`/singleProductDetails/${p.productId}?pack=${p.big.variantId}`);
      await expect(shared.getByRole("button", { name: "1 l, ₹180.00" })).toHaveAttribute("aria-pressed", "true");
      await expect(shared.getByTestId("line-price")).toHaveText("₹180.00");
      // a pack the product does not have opens its default
      await shared.goto(`/singleProductDetails/${p.productId}?pack=999999999`);
      await expect(shared.getByRole("button", { name: "500 ml, ₹99.00" })).toHaveAttribute("aria-pressed", "true");
    } finally {
      await plain.close();
    }
  });

  test("two packs of one product: two cart lines naming their packs, checked out, both on the order and on its GST invoice", async ({ page, request }) => {
    const p = await twoPackProduct(request);
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/singleProductDetails/${c.customerId}/${p.productId}`);
    const sizes = page.getByRole("group", { name: "Pack size" });
    await expect(sizes.getByRole("button", { name: "500 ml, ₹99.00" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
    await sizes.getByRole("button", { name: "1 l, ₹180.00" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?pack=${p.big.variantId}$`));
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: "Basket, 2 items" })).toBeVisible();

    await page.goto(`/myCart/${c.customerId}`);
    const smallLine = page.getByRole("listitem", { name: `${p.productName} – 500 ml` });
    const bigLine = page.getByRole("listitem", { name: `${p.productName} – 1 l` });
    await expect(smallLine).toContainText("₹99.00 each");
    await expect(smallLine).toContainText(p.small.sku);
    await expect(bigLine).toContainText("₹180.00 each");
    await expect(bigLine).toContainText("₹220.00 per litre on MRP");
    await expect(page.locator(".cart-line")).toHaveCount(2);

    await page.getByRole("button", { name: "Checkout cart" }).click();
    await expect(page.getByText("Your order is placed.")).toBeVisible();
    const placed = page.locator(".confirmation");
    await expect(placed).toContainText(`${p.productName} – 500 ml × 1`);
    await expect(placed).toContainText(`${p.productName} – 1 l × 1`);
    const reference = (await page.getByTestId("order-reference").innerText()).trim();

    await page.goto(`/myOrder/${c.customerId}`);
    const group = page.locator(".order-group").filter({ hasText: `Order ${reference}` });
    await expect(group.locator(".order-row")).toHaveCount(2);
    await expect(group).toContainText(`${p.productName} – 500 ml`);
    await expect(group).toContainText(`${p.productName} – 1 l`);

    // the GST invoice has a line a pack, named "<product> – <pack>"
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      group.getByRole("button", { name: `Download the invoice of order ${reference}` }).click(),
    ]);
    const text = await pdfText(await download.path());
    expect(text).toContain(`${p.productName} – 500 ml`);
    expect(text).toContain(`${p.productName} – 1 l`);
  });

  test("Order (buy now) takes the chosen pack to the checkout and the order", async ({ page, request }) => {
    const p = await twoPackProduct(request);
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/singleProductDetails/${c.customerId}/${p.productId}?pack=${p.big.variantId}`);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Order", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkOut/${c.customerId}/${p.productId}\\?quantity=2&pack=${p.big.variantId}$`));
    await expect(page.getByTestId("checkout-pack")).toContainText("1 l");
    await expect(page.getByTestId("checkout-quantity")).toHaveText("2");
    const amounts = page.getByRole("complementary", { name: "Amount Details" });
    await expect(amounts).toContainText("₹180.00");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Your order is placed.")).toBeVisible();
    await expect(page.locator(".confirmation")).toContainText(`${p.productName} – 1 l × 2`);
    const after = (await (await request.get(`/api/v1/products/details/${p.productId}`)).json()) as { variants: (Pack & { stock: number })[] };
    expect(after.variants.find((v) => v.variantId === p.big.variantId)?.stock).toBe(23);
    expect(after.variants.find((v) => v.variantId === p.small.variantId)?.stock).toBe(40);
  });
});
