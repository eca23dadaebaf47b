// Storefront browsing as a guest: home, search, categories, trending, product page, policy pages.
import { test, expect, expectAccessible, adminToken, must } from "../fixtures";
import { createProduct } from "../admin/helpers";

/** products a page of the storefront grid (SHELF_SIZE in packages/validators) */
const SHELF = 24;

test.describe("storefront browsing", () => {
  test("home shows the banner, the promise tiles and the server's products", async ({ page, request }) => {
    // other specs add products to the shared database: the grid must show what the server has
    const catalogue = (await (await request.get("/api/v1/products/details")).json()) as unknown[];
    // the sample catalogue's 18 entries are 16 products since issue 25 (a product's packs are one product)
    expect(catalogue.length).toBeGreaterThanOrEqual(16);
    await page.goto("/");
    await expect(page).toHaveTitle(/Clean Store/);
    const grid = page.locator("#products");
    await expect(grid.locator(".product-card")).toHaveCount(Math.min(catalogue.length, SHELF));
    await expect(grid.getByRole("button", { name: /^Add .* to cart$/ }).first()).toBeVisible();
    // the first page of the grid, A to Z, is what the server's shelf says
    const shelf = (await (await request.get("/api/v1/products/shelf?sort=name")).json()) as { items: { productName: string; productPrice: number }[] };
    await expect(grid.locator(".product-name")).toHaveText(shelf.items.map((p) => p.productName));
    await expect(grid.getByText("Packing Size:").first()).toBeVisible();
    await expect(grid.locator(".price").first()).toHaveText(`₹${must(shelf.items[0], "a product on the shelf").productPrice.toFixed(2)}`);
    // images have fixed sizes, alt text, and the ones below the fold load lazily
    const images = grid.locator("img");
    await expect(images.first()).toHaveAttribute("width", "396");
    await expect(images.first()).toHaveAttribute("height", "396");
    await expect(images.first()).toHaveAttribute("alt", /bottle/);
    // (products added by other specs may have no image: the last image is past the first four cards)
    const imageCount = await images.count();
    expect(imageCount).toBeGreaterThan(4);
    await expect(images.nth(imageCount - 1)).toHaveAttribute("loading", "lazy");
    // one return window everywhere
    await expect(page.getByRole("heading", { name: "7-Day Return" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/14-Day|30 days/);
    // the carousel can be paused and moved by hand
    const carousel = page.getByRole("region", { name: "Offers" });
    await carousel.getByRole("button", { name: "Pause slide show" }).click();
    await expect(carousel.getByRole("button", { name: "Play slide show" })).toBeVisible();
    await expect(carousel.getByRole("heading", { name: "Sparkling floors, every day" })).toBeVisible();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel.getByRole("heading", { name: "Grease gone in one wipe" })).toBeVisible();
    await expectAccessible(page);
  });

  test("server-rendered pages take over in the browser without a hydration error", async ({ page, request }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    const catalogue = (await (await request.get("/api/v1/products/details")).json()) as { productId: number; productName: string }[];
    const first = must(catalogue[0], "a product in the catalogue");
    for (const url of [
      "/",
      `/singleProductDetails/${first.productId}`,
      "/customerLogin",
      "/customerRegister",
      "/search?q=floor",
      "/categories",
      "/trending",
      "/refundPolicy",
    ]) {
      await page.goto(url);
      await expect(page.locator("#root")).not.toBeEmpty();
    }
    expect(problems).toEqual([]);
    // and the page reacts: the login button is enabled once the app has taken over
    await page.goto("/customerLogin");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
  });

  test("without JavaScript the catalogue, a product and the search still work", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const catalogue = (await (await request.get("/api/v1/products/details")).json()) as { productId: number; productName: string }[];
    await page.goto("/");
    await expect(page.locator("#products .product-card")).toHaveCount(Math.min(catalogue.length, SHELF));
    await page.getByRole("searchbox", { name: "Search for an Item..." }).fill("dishwash");
    await page.getByRole("searchbox", { name: "Search for an Item..." }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=dishwash$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “dishwash”");
    await expect(page.locator(".product-card").first()).toContainText(/dishwash/i);
    await page.locator(".product-card a").first().click();
    await expect(page).toHaveURL(/\/singleProductDetails\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/dishwash/i);
    await context.close();
  });

  test("the grid pages 24 products at a time; its page links work without JavaScript too", async ({ page, browser, request }) => {
    const shelfTotal = async () => ((await (await request.get("/api/v1/products/shelf")).json()) as { total: number }).total;
    const token = await adminToken(request);
    // named to sort last by name, so the other tests' products stay on the first page
    for (let i = await shelfTotal(); i < 30; i++) await createProduct(request, token, { productName: `Zz Pager Probe ${i}` });
    const total = await shelfTotal();
    const pages = Math.ceil(total / SHELF);
    await page.goto("/");
    const grid = page.locator("#products");
    const pager = page.getByRole("navigation", { name: "Product pages" });
    await expect(grid.locator(".product-card")).toHaveCount(SHELF);
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const firstName = (await grid.locator(".product-name").first().textContent()) ?? "";
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\?page=2#products$/);
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(grid.locator(".product-name").first()).not.toHaveText(firstName);
    if (pages === 2) await expect(grid.locator(".product-card")).toHaveCount(total - SHELF);
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/#products$/);
    await expect(grid.locator(".product-name").first()).toHaveText(firstName);
    await expectAccessible(page);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/");
    await plain.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next page" }).click();
    await expect(plain).toHaveURL(/\?page=2#products$/);
    await expect(plain.getByRole("navigation", { name: "Product pages" })).toContainText(`Page 2 of ${pages}`);
    await noScript.close();
  });

  test("the skip link leads to the main content", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#products .product-card").first()).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("New Arrivals sorts the grid by newest; the sort is kept in the URL", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "New Arrivals" }).click();
    await expect(page).toHaveURL(/sort=newest/);
    await expect(page.getByRole("heading", { name: "New Arrivals" })).toBeVisible();
    await page.getByLabel("Sort by").selectOption("priceAsc");
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expect(page.locator("#products .product-name").first()).toHaveText("Citrus Dishwash Gel");
  });

  test("search finds products by name, details and pack size, and says when nothing matches", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search for an Item..." });
    await box.fill("DISHWASH");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=DISHWASH/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “DISHWASH”");
    // one product with two packs since issue 25
    await expect(page.getByRole("heading", { name: "Citrus Dishwash Gel" })).toHaveCount(1);
    await expect(page.getByText("1 product found")).toBeVisible();
    await expectAccessible(page);

    await box.fill("5000ml");
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "Floor Cleaner Bulk Can" })).toBeVisible();
    await expect(page.getByText("1 product found")).toBeVisible();

    await box.fill("no such cleaner xyz");
    await box.press("Enter");
    await expect(page.getByText("No Products found.")).toBeVisible();
    await expect(page.getByRole("button", { name: /to cart$/ })).toHaveCount(0);
  });

  test("categories lead to a filtered list; trending answers", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page).toHaveTitle("Categories | Clean Store");
    await expectAccessible(page);
    await page.getByRole("link", { name: /Laundry/ }).click();
    await expect(page).toHaveURL(/category=Laundry/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laundry");
    const laundry = (await (await page.request.get("/api/v1/products/details?category=Laundry")).json()) as unknown[];
    expect(laundry.length).toBeGreaterThanOrEqual(3);
    await expect(page.locator(".product-card")).toHaveCount(laundry.length);
    await expect(page.getByRole("heading", { name: "Fabric Softener Rose" })).toBeVisible();

    await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Trending" }).click();
    await expect(page.getByRole("heading", { name: "Trending now" })).toBeVisible();
    const trending = (await (await page.request.get("/api/v1/products/trending")).json()) as unknown[];
    if (trending.length === 0) await expect(page.getByText("No trending products yet.")).toBeVisible();
    else await expect(page.locator(".product-card")).toHaveCount(trending.length);
    await expectAccessible(page);
  });

  test("guest product page: price × quantity, quantity never below 1, Add to Cart keeps a guest cart", async ({ page }) => {
    // found by a search: other specs' products can push it off the home grid's first page
    await page.goto("/search?q=Citrus%20Dishwash%20Gel");
    // one card for its two packs (issue 25); the page opens on the first, 250ml
    await page.locator("#products").getByRole("link", { name: "Citrus Dishwash Gel, 2 sizes" }).click();
    await expect(page).toHaveURL(/\/singleProductDetails\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Citrus Dishwash Gel" })).toBeVisible();
    await expect(page).toHaveTitle("Citrus Dishwash Gel | Clean Store");
    await expect(page.getByText("Pack Size:")).toBeVisible();
    await expect(page.getByRole("group", { name: "Pack size" }).getByRole("button", { name: "250ml, ₹39.00" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Offer: 13% off")).toBeVisible();
    await expect(page.getByText("₹45.00")).toBeVisible(); // main price
    await expect(page.getByTestId("line-price")).toHaveText("₹39.00");
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByTestId("line-price")).toHaveText("₹117.00");
    await expect(page.getByText("(₹39.00 × 3)")).toBeVisible();
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(page.getByTestId("line-price")).toHaveText("₹78.00");
    await expect(page.getByText("Delivery ₹20.00")).toBeVisible();
    await expect(page.locator("main").getByText("7-day return")).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/30 days|14-Day/);
    await expectAccessible(page);
    // issue 29: a guest's Add to Cart keeps a guest cart, no login asked
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: "Basket, 2 items" })).toBeVisible();
    await expect(page).toHaveURL(/\/singleProductDetails\/\d+$/);
  });

  test("lists show Loading... while fetching and a visible error with a retry", async ({ page }) => {
    // the home page arrives rendered with its products: go there from another page, as the
    // browser then asks the server for the list itself
    await page.goto("/refundPolicy");
    let fail = true;
    await page.route("**/api/trpc/products.shelf**", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      if (fail) await route.fulfill({ status: 503, body: "unavailable" });
      else await route.continue();
    });
    await page.getByRole("link", { name: "Clean Store" }).first().click();
    await expect(page.getByText("Loading...")).toBeVisible();
    const error = page.locator("#products").getByRole("alert");
    await expect(error).toBeVisible({ timeout: 20_000 });
    fail = false;
    await error.getByRole("button", { name: "Try again" }).click();
    const catalogue = (await (await page.request.get("/api/v1/products/details")).json()) as unknown[];
    await expect(page.locator("#products .product-card")).toHaveCount(Math.min(catalogue.length, SHELF));
  });

  test("a product that does not exist shows an error, not a blank page", async ({ page }) => {
    await page.goto("/singleProductDetails/999999");
    await expect(page.getByRole("alert")).toContainText("Product 999999 was not found.");
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    // an id that is no number is no page (issue 18)
    await page.goto("/singleProductDetails/abc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("policy pages have the side menu and consistent refund terms", async ({ page }) => {
    await page.goto("/refundPolicy");
    await expect(page).toHaveTitle("Refund Policy | Clean Store");
    const menu = page.getByRole("navigation", { name: "Policies and information" });
    await expect(menu.getByRole("link", { name: "Refund Policy" })).toHaveAttribute("aria-current", "page");
    const text = page.locator("article.policy-text");
    await expect(text).toContainText("within 7 days of delivery");
    await expect(text).toContainText("2-3 business days");
    await expect(text).toContainText("5-7 business days");
    await expect(text).toContainText("original payment mode");
    for (const reason of ["Damaged", "Incomplete", "Expired", "Wrong"])
      await expect(text.getByRole("listitem").filter({ hasText: reason }).first()).toBeVisible();
    await expectAccessible(page);

    for (const [link, heading, path] of [
      ["Privacy Policy", "Privacy Policy", "/privacyPolicy"],
      ["Terms of Use", "Terms of Use", "/termUse"],
      ["Terms & Conditions", "Terms & Conditions", "/termsCondition"],
      ["About Us", "About Us", "/about-us"],
      ["Contact Us", "Contact Us", "/contact-us"],
      ["Blog", "Blog", "/blog"],
    ] as const) {
      await menu.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("article.policy-text")).not.toContainText(/lorem|ipsum|\[company|14-Day|30 days/i);
      await expectAccessible(page);
    }
  });

  test("the footer's .html links are real pages", async ({ page }) => {
    for (const [url, heading] of [
      ["/contact-us.html", "Contact Us"],
      ["/about-us.html", "About Us"],
      ["/blog.html", "Blog"],
      ["/term-use.html", "Terms of Use"],
      ["/term-use", "Terms of Use"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });

  test("a 390 px phone has no sideways scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of ["/", "/search?q=floor", "/categories", "/refundPolicy", "/customerLogin", "/customerRegister"]) {
      await page.goto(url);
      await expect(page.locator("main h1, main h2").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    await page.goto("/search?q=Glass%20Sparkle%20Spray");
    await page.locator("#products").getByRole("link", { name: "Glass Sparkle Spray, 500ml" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
