// Search that forgives typing (issue 18) in the browser: a misspelt search finds the product and
// lists the best match first; the owner's synonym list in Settings takes effect on the storefront.
import { adminToken, expect, expectAccessible, loginAdminInBrowser, test } from "../fixtures";

test.describe("search that forgives typing", () => {
  test("a misspelt search finds the sample detergents, best match first", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search for an Item..." });
    await box.fill("detergnt");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=detergnt$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
    await expect(page.locator("#products .product-name").first()).toContainText("Liquid Detergent");
    await expect(page.getByRole("heading", { name: "Citrus Dishwash Gel" })).toHaveCount(0);
    await page.getByLabel("Sort by").selectOption("priceAsc");
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expectAccessible(page);
  });

  test("the owner adds a synonym line in Settings and the storefront search uses it", async ({ page, request }) => {
    const admin = await adminToken(request);
    await loginAdminInBrowser(page, admin);
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Search", exact: true });
    const field = card.getByLabel("Search synonyms");
    await expect(field).toHaveValue(/^phenyl, fenyl, phenyle\npocha, pochha, pochhaa => mop/);
    const before = await field.inputValue();
    try {
      await field.fill(`${before}\nsaaf`);
      await card.getByRole("button", { name: "Save search synonyms" }).click();
      await expect(card.getByRole("alert")).toContainText(/line \d+/);
      await field.fill(`${before}\nsaaf => cleaner`);
      await card.getByRole("button", { name: "Save search synonyms" }).click();
      await expect(card.getByRole("alert")).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("region", { name: "Search", exact: true }).getByLabel("Search synonyms")).toHaveValue(/\nsaaf => cleaner$/);
      await expectAccessible(page);

      await page.goto("/search?q=saaf");
      await expect(page.locator("#products .product-name").first()).toContainText("Cleaner");
    } finally {
      await request.post("/api/v1/settings", { headers: { authorization: `Bearer ${admin}` }, data: { searchSynonyms: before } });
    }
  });
});
