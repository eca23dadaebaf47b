// A pack's own photo (issue 25: the pack chooser switches the image too): the owner uploads one in the
// packs table (a thumbnail appears), and on the product page choosing that pack shows it, the other
// pack the product's image; removed, the pack shows the product's image again.
import sharp from "sharp";
import { expect, expectAccessible, must, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, uniq } from "../admin/helpers";

interface Pack {
  variantId: number;
  label: string;
  image: string | null;
}

/** a 64x64 PNG of one colour */
const solidPng = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

test("the owner uploads a pack's photo; choosing that pack on the product page shows it", async ({ page, request }) => {
  const token = await loginAdmin(page, request);
  const tag = uniq("");
  const productImg = `data:image/png;base64,${(await solidPng("#1e3cc8")).toString("base64")}`;
  const product = await createProduct(request, token, {
    productName: `Zz Pack Photo ${tag}`,
    productPrice: 99,
    mainPrice: 120,
    packSize: "500 ml",
    quantity: 40,
    productImg,
  });
  const added = await request.post(`/api/v1/products/${product.productId}/variants`, {
    headers: bearer(token),
    data: { sku: `ZZ-${tag}-5L`.toUpperCase(), label: "5 l", netQuantity: 5, netUnit: "l", mrp: 499, price: 449, stock: 10 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const packsOf = async () =>
    ((await (await request.get(`/api/v1/products/details/${product.productId}`)).json()) as { variants: Pack[]; productImg: string }).variants;
  const big = must(
    (await packsOf()).find((v) => v.label === "5 l"),
    "the 5 l pack",
  );
  expect(big.image).toBeNull();

  // the packs table: pack 2 (5 l) shows the product's image until a photo is uploaded
  await page.goto(`/UpdateProducts/${product.productId}`);
  const packs = page.getByRole("region", { name: "Packs" });
  const row = packs.locator(`tr[data-pack="${big.variantId}"]`);
  await expect(row.getByText("Product's image")).toBeVisible();
  await packs.getByLabel("Photo of pack 2").setInputFiles({ name: "five-litre.png", mimeType: "image/png", buffer: await solidPng("#c82828") });
  await expect(page.getByText("Photo of 5 l saved.")).toBeVisible();
  const thumb = row.getByRole("img", { name: "Photo of pack 2" });
  await expect(thumb).toHaveAttribute("src", new RegExp(`^/images/variants/${big.variantId}/100/[0-9a-f]{12}\\.webp$`));
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(100);
  await expectAccessible(page);
  const photo = must((await packsOf()).find((v) => v.variantId === big.variantId)?.image, "the 5 l pack's photo");

  // the product page: the default pack shows the product's image, the 5 l pack its own
  await page.goto(`/singleProductDetails/${product.productId}`);
  const main = page.locator(".product-page-image img");
  await expect(main).toHaveAttribute("src", /^\/images\/products\//);
  const sizes = page.getByRole("group", { name: "Pack size" });
  await sizes.getByRole("button", { name: /^5 l/ }).click();
  await expect(main).toHaveAttribute("src", photo);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(396);
  await sizes.getByRole("button", { name: /^500 ml/ }).click();
  await expect(main).toHaveAttribute("src", /^\/images\/products\//);

  // removed: the 5 l pack shows the product's image again
  await page.goto(`/UpdateProducts/${product.productId}`);
  await packs.getByRole("button", { name: "Remove the photo of pack 2" }).click();
  await expect(page.getByText("5 l shows the product's image again.")).toBeVisible();
  await expect(row.getByText("Product's image")).toBeVisible();
  await page.goto(`/singleProductDetails/${product.productId}?pack=${big.variantId}`);
  await expect(page.getByTestId("pack-label")).toHaveText("5 l");
  await expect(main).toHaveAttribute("src", /^\/images\/products\//);
});
