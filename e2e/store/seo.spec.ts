// Search engines' tags in the browser (issue 18): the canonical link, Open Graph tags and JSON-LD the
// server rendered are taken over by hydration (one of each, no error), and follow the visitor's
// navigation. Their URLs are on PUBLIC_URL, which the server writes into the page.
import { test, expect, must } from "../fixtures";
import type { Page } from "@playwright/test";

const ldJson = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);

test.describe("search engine tags", () => {
  test("hydrate without a duplicate or an error, and follow client-side navigation", async ({ page, request }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    const catalogue = (await (await request.get("/api/v1/products/details")).json()) as { productId: number; productName: string; productPrice: number }[];
    const product = must(catalogue[0], "a product in the catalogue");

    await page.goto(`/singleProductDetails/${product.productId}`);
    await expect(page.locator("html")).toHaveAttribute("data-app-ready", "");
    const base = must(await page.locator('meta[name="public-url"]').getAttribute("content"), "PUBLIC_URL in the page");
    const canonical = page.locator('head link[rel="canonical"]');
    const ogUrl = page.locator('head meta[property="og:url"]');
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute("href", `${base}/singleProductDetails/${product.productId}`);
    await expect(ogUrl).toHaveCount(1);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "product");
    const [ld, ...more] = await ldJson(page);
    expect(more).toEqual([]);
    expect(ld).toMatchObject({ "@type": "Product", name: product.productName, offers: { price: product.productPrice.toFixed(2), priceCurrency: "INR" } });

    // a client-side navigation: the product's tags go, the policy page's come
    await page.getByRole("link", { name: "Refund policy", exact: true }).click();
    await expect(page).toHaveURL(/\/refundPolicy$/);
    await expect(canonical).toHaveAttribute("href", `${base}/refundPolicy`);
    await expect(canonical).toHaveCount(1);
    await expect(ogUrl).toHaveCount(1);
    await expect(page.locator('head meta[property="og:image"]')).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);

    await page.getByRole("link", { name: "Clean Store", exact: true }).first().click();
    await expect(canonical).toHaveAttribute("href", `${base}/`);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(await ldJson(page)).toMatchObject([{ "@type": "Organization", url: `${base}/` }]);

    // and the home page served by the server takes over the same way
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-app-ready", "");
    await expect(canonical).toHaveCount(1);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });
});
