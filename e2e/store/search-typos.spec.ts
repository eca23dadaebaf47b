// Search that forgives typing (issues 18 and 23) in the browser: a misspelt search finds the
// product and lists the best match first, the words of a search apart and in Hindi too; the
// owner's synonym list in Settings takes effect on the storefront.
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

  test("what Indians type finds the right sample products (issue 23), from the header's box and the search page", async ({ page }) => {
    const names = page.locator("#products .product-name");
    const search = async (q: string) => {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for “${q}”`);
      await expect(names.first()).toBeVisible();
      return names.allTextContents();
    };

    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search for an Item..." });
    await box.fill("toilet clenar");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=toilet(\+|%20)clenar$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
    await expect(names.first()).toHaveText("Toilet Bowl Power Cleaner");
    // "loo", a synonym of toilet, is not the "loo" of "Floor"
    await expect(page.locator("#products").getByRole("heading", { name: /floor/i })).toHaveCount(0);
    await expectAccessible(page);

    // every floor cleaner of the sample catalogue (other tests may add more floor cleaners), and only floor cleaners
    const floor = await search("flor cleanr");
    expect(floor.filter((n) => n === "Floor Shine Lavender Cleaner")).toHaveLength(1);
    expect(floor).toContain("Floor Cleaner Bulk Can");
    for (const name of floor) expect(name).toMatch(/floor/i);

    expect((await search("laundry liquid")).slice(0, 2)).toEqual(["Liquid Detergent Top Load", "Liquid Detergent Front Load"]);

    // the sample catalogue sells its phenyl as a pine floor disinfectant (a product named phenyl would come first)
    const phenyl = await search("phenyl");
    expect(phenyl).toContain("Disinfectant Liquid Pine");
    for (const name of phenyl) expect(name).toMatch(/phenyl|disinfectant/i);
    expect(await search("फिनाइल")).toEqual(phenyl);

    expect((await search("glas"))[0]).toBe("Glass Sparkle Spray");
  });

  test("the owner adds a synonym line in Settings and the storefront search uses it", async ({ page, request }) => {
    const admin = await adminToken(request);
    await loginAdminInBrowser(page, admin);
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Search", exact: true });
    const field = card.getByLabel("Search synonyms");
    // the default list: Hindi and Hinglish words and brand names
    await expect(field).toHaveValue(/^phenyl, phenyle, fenyl, phenol, फिनाइल, pine disinfectant, floor disinfectant\n/);
    await expect(field).toHaveValue(/\npocha, pochha, pochhaa, ponchha, पोछा, पोंछा => mop\n/);
    await expect(field).toHaveValue(/\nharpic, domex, sani fresh => toilet cleaner\n/);
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
