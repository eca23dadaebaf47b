// Issue 23: buying on a cheap phone (390 × 844). A signed-in customer's pages arrive painted: the
// catalogue ones with the products (as a guest gets them), the personal screens as a skeleton
// under the header and their heading when the request has no session cookie (with it, they come
// with the customer's data: session-cookie.spec.ts), never a blank document; the header's own part fills in
// once the app runs. The product page keeps Add to Cart at hand once its buttons scroll away; a
// slow client-side navigation says that the next page is loading; none of it logs an error.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, expectAccessible, loginCustomerInBrowser, must, registerCustomer, test, watchConsole } from "../fixtures";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

interface ShelfProduct {
  productId: number;
  productName: string;
  productPrice: number;
  inStock: boolean;
}

/** A product of the home page's first shelf (sorted by name, as the home page shows it), in stock. */
async function shelfProduct(request: APIRequestContext): Promise<ShelfProduct> {
  const shelf = (await (await request.get("/api/v1/products/shelf?page=1&sort=name")).json()) as { items: ShelfProduct[] };
  return must(
    shelf.items.find((p) => p.inStock && p.productPrice < 1000),
    "an in-stock product under ₹1,000 on the home page",
  );
}

/** A card's link on the home page: "{name}, {pack size}". */
const cardLink = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `);

/** The price as the store writes it (under ₹1,000: no digit grouping). */
const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

/** The header's menu of the signed-in customer ("Hi, {first name}"). */
const accountMenu = (page: Page, firstName: string) => page.getByRole("button", { name: `Account menu of Hi, ${firstName}` });

/** A phone whose browser runs no script: what it shows is the server's document alone. */
async function withoutScripts(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
  return context.newPage();
}

/** Holds the app's scripts until the returned function is called; it then waits for the app. */
async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  };
}

test.describe("a signed-in customer's pages on a phone", () => {
  test("the catalogue pages with the customer's id arrive with the products, without any script", async ({ request, browser, baseURL }) => {
    const customer = await registerCustomer(request);
    const product = await shelfProduct(request);
    const urls = [`/product/${customer.customerId}`, `/singleProductDetails/${customer.customerId}/${product.productId}`];
    for (const url of urls) {
      const res = await request.get(url, { headers: { Authorization: `Bearer ${customer.token}` } });
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(product.productName);
      expect(html, url).toContain(rupees(product.productPrice));
    }
    const phone = await withoutScripts(browser, baseURL);
    try {
      await phone.goto(urls[0]!);
      await expect(
        phone
          .locator("#products")
          .getByRole("link", { name: cardLink(product.productName) })
          .first(),
      ).toBeVisible();
      await phone.goto(urls[1]!);
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(product.productName);
      await expect(phone.getByTestId("line-price")).toHaveText(rupees(product.productPrice));
      // the account corner waits for the app, it does not offer the signed-in customer a login
      await expect(phone.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);
      await expect(phone.getByRole("banner").getByRole("link", { name: "Basket" })).toHaveAttribute("href", `/myCart/${customer.customerId}`);
    } finally {
      await phone.context().close();
    }
  });

  test("the product page is taken over in place, and the header then shows the customer", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const product = await shelfProduct(request);
    await loginCustomerInBrowser(page, customer);
    // a page of the same browser (the token in its localStorage) whose goto does not wait for the app
    const tab = await page.context().newPage();
    const problems = watchConsole(tab);
    const start = await holdAppScripts(tab);
    await tab.goto(`/singleProductDetails/${customer.customerId}/${product.productId}`);
    const heading = tab.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(product.productName);
    await expect(tab.locator("html[data-app-ready]")).toHaveCount(0);
    await heading.evaluate((h) => h.setAttribute("data-server-node", ""));
    await start();
    await expect(accountMenu(tab, customer.firstName)).toBeVisible();
    await expect(tab.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();
    // hydrated: the server's heading is still the one shown (a render from scratch would replace it)
    await expect(tab.locator("h1[data-server-node]")).toHaveText(product.productName);
    await tab.getByRole("link", { name: "Products", exact: true }).click();
    await expect(tab).toHaveURL(new RegExp(`/product/${customer.customerId}#products$`));
    expect(problems).toEqual([]);
  });

  test("My Orders without any script: the header, its heading and a skeleton, never a blank page", async ({ request, browser, baseURL }) => {
    const customer = await registerCustomer(request);
    const phone = await withoutScripts(browser, baseURL);
    try {
      const res = await phone.goto(`/myOrder/${customer.customerId}`);
      expect(res?.status()).toBe(200);
      await expect(phone.getByRole("banner").getByRole("link", { name: "Clean Store" })).toBeVisible();
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText("My Orders");
      await expect(phone).toHaveTitle("My Orders | Clean Store");
      const skeleton = phone.locator("main [aria-busy=true]");
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByRole("status")).toHaveText("Loading...");
      await expect(skeleton.locator(".skeleton-block")).toHaveCount(3);
      await expect(phone.getByRole("contentinfo")).toBeVisible();
    } finally {
      await phone.context().close();
    }
  });

  test("My Orders with the app: the skeleton gives way to the orders", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    await loginCustomerInBrowser(page, customer);
    const problems = watchConsole(page);
    await page.goto(`/myOrder/${customer.customerId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
    await expect(page.getByText("No Order found.")).toBeVisible();
    await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
    await expect(accountMenu(page, customer.firstName)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the guard still works on a server-rendered page: no token goes to the login, another id becomes the own", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const other = await registerCustomer(request);
    const product = await shelfProduct(request);
    const problems = watchConsole(page);
    await page.goto(`/singleProductDetails/${customer.customerId}/${product.productId}`);
    await expect(page).toHaveURL(/\/customerLogin\?redirect=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/login/i);
    await page.evaluate(({ token, customerId }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("customerId", String(customerId));
    }, customer);
    await page.goto(`/myCart/${other.customerId}`);
    await expect(page).toHaveURL(new RegExp(`/myCart/${customer.customerId}$`));
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await page.goto(`/product/${other.customerId}`);
    await expect(page).toHaveURL(new RegExp(`/product/${customer.customerId}$`));
    await expect(accountMenu(page, customer.firstName)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("no console error on a direct load of the signed-in pages", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const product = await shelfProduct(request);
    await loginCustomerInBrowser(page, customer);
    const problems = watchConsole(page);
    const c = customer.customerId;
    for (const url of [`/product/${c}`, `/singleProductDetails/${c}/${product.productId}`, `/myOrder/${c}`, `/myCart/${c}`, `/userProfile/${c}/`]) {
      await page.goto(url);
      await expect(accountMenu(page, customer.firstName), url).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
  });
});

test.describe("the product page's buy bar", () => {
  test("appears once the buttons scroll away, adds to the cart, and goes when they come back", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const product = await shelfProduct(request);
    await loginCustomerInBrowser(page, customer);
    await page.goto(`/singleProductDetails/${customer.customerId}/${product.productId}`);
    const bar = page.getByRole("region", { name: "Quick buy" });
    await expect(bar).toBeHidden();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(product.productName);
    await expect(bar).toContainText(rupees(product.productPrice));
    // fixed at the bottom of the window
    const box = must(await bar.boundingBox(), "the bar's box");
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    await expectAccessible(page);
    await bar.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product.productName} added to your cart.`)).toBeVisible();
    const cart = await request.get(`/api/v1/addToCart/details/addToCartProductCustomerDetails/${customer.customerId}`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(cart.status()).toBe(200);
    expect(((await cart.json()) as { productId: number; quantity: number }[]).map((l) => [l.productId, l.quantity])).toEqual([[product.productId, 1]]);
    await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
  });

  test("is never shown on a wide screen", async ({ page, request }) => {
    const product = await shelfProduct(request);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/singleProductDetails/${product.productId}`);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Quick buy" })).toBeHidden();
  });
});

test.describe("a slow client-side navigation", () => {
  test("says the next page is loading and dims the page being left", async ({ page, request }) => {
    const product = await shelfProduct(request);
    await page.goto("/");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*products\.byId/, async (route) => {
      await released;
      await route.continue();
    });
    await page
      .locator("#products")
      .getByRole("link", { name: cardLink(product.productName) })
      .first()
      .click();
    const notice = page.getByRole("status").filter({ hasText: "Loading the next page…" });
    await expect(notice).toBeVisible();
    await expect(page.locator("main")).toHaveCSS("opacity", "0.45");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.productName);
    await expect(notice).toHaveCount(0);
    await expect(page.locator("main")).toHaveCSS("opacity", "1");
  });
});
