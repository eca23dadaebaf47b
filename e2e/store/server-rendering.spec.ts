// Issue 18: server rendering without rough edges. What a person types before the app's scripts
// start is kept (on a signed-in customer's server-rendered page too, issue 23); an address that
// is no page answers 404 with the not-found page; a client-side navigation shows that the next
// page is loading.
// Plain Playwright `test` (not ../fixtures' one, whose page.goto waits for the app): these tests
// hold the app's scripts back and type into the server's HTML first.
import { test, expect, type Page } from "@playwright/test";
import { ADMIN, must, registerCustomer, uniqueCustomer } from "../fixtures";

/** Waits until the app has taken over the page (lib/hydration.ts useAppReadyMarker). */
async function appReady(page: Page) {
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
}

/**
 * Holds the app's scripts (started by /boot.js after the page's load event) until the returned
 * function is called; that function then waits for the app to take over.
 */
async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await appReady(page);
  };
}

/** The page as the server sent it, its scripts not yet running. */
async function openWithoutScripts(page: Page, url: string, waitUntil: "load" | "commit" = "load") {
  const response = await page.goto(url, { waitUntil });
  expect(response?.status(), url).toBe(200);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
}

test.describe("what is typed before the app starts is kept", () => {
  test("customer login: the phone number and the password, and the login then works", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const start = await holdAppScripts(page);
    await openWithoutScripts(page, "/customerLogin");
    await page.getByLabel("Phone Number").pressSequentially(customer.number);
    await page.getByLabel("Password").pressSequentially(customer.password);
    await start();
    await expect(page.getByLabel("Phone Number")).toHaveValue(customer.number);
    await expect(page.getByLabel("Password")).toHaveValue(customer.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${customer.customerId}$`));
  });

  test("registration: every field and the terms box, and the account is then created", async ({ page }) => {
    const c = uniqueCustomer();
    const start = await holdAppScripts(page);
    await openWithoutScripts(page, "/customerRegister");
    const fields: [string, string][] = [
      ["First Name", c.firstName],
      ["Last Name", c.lastName],
      ["Phone Number", c.number],
      ["Email", c.email],
      ["House Number", c.houseNo],
      ["Area Address", c.areaAddress],
      ["City", c.city],
      ["State", c.state],
      ["Pin Code", c.pinCode],
      ["Password", c.password],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await start();
    for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
    await expect(page.getByRole("checkbox", { name: /I agree to the/ })).toBeChecked();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/customerLogin$/);
    const login = await page.request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(login.status()).toBe(200);
  });

  test("search: the words in the header's box, and the choices of the search page's lists", async ({ page }) => {
    let start = await holdAppScripts(page);
    await openWithoutScripts(page, "/");
    await page.getByRole("searchbox", { name: "Search for an Item..." }).pressSequentially("floor");
    await start();
    await expect(page.getByRole("searchbox", { name: "Search for an Item..." })).toHaveValue("floor");
    await page.getByRole("searchbox", { name: "Search for an Item..." }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=floor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “floor”");

    await page.unrouteAll();
    start = await holdAppScripts(page);
    await openWithoutScripts(page, "/search?q=floor");
    await page.getByLabel("Sort by").selectOption("priceAsc");
    await start();
    // the list follows the choice once the app runs
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expect(page.getByLabel("Sort by")).toHaveValue("priceAsc");
  });

  test("a signed-in customer's product page (issue 23): the header's search box, and the header then shows the customer", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    await page.goto("/customerLogin");
    await page.evaluate(({ token, customerId }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("customerId", String(customerId));
    }, customer);
    const start = await holdAppScripts(page);
    await openWithoutScripts(page, `/singleProductDetails/${customer.customerId}/4`);
    await page.getByRole("searchbox", { name: "Search for an Item..." }).pressSequentially("glass");
    await start();
    await expect(page.getByRole("searchbox", { name: "Search for an Item..." })).toHaveValue("glass");
    await expect(page.getByRole("button", { name: /Hi, Asha/ })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search for an Item..." }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=glass$/);
  });

  test("forgot password: the account typed in is the one the link is sent for", async ({ page }) => {
    const start = await holdAppScripts(page);
    await openWithoutScripts(page, "/forgotPassword");
    await page.getByLabel("Email or Phone Number").pressSequentially("nobody@example.in");
    await start();
    await expect(page.getByLabel("Email or Phone Number")).toHaveValue("nobody@example.in");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: /link/i })).toBeVisible();
  });

  test("admin login is rendered in the browser only: there is nothing to type into before the app starts", async ({ page }) => {
    const start = await holdAppScripts(page);
    // the app shell's module script is not deferred to boot.js: the load event waits for it
    await openWithoutScripts(page, "/AdminLogin", "commit");
    await expect(page.locator("#root")).toBeAttached();
    await expect(page.locator("input")).toHaveCount(0);
    await start();
    await page.getByLabel("Email / Phone Number").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/Admindashboard$/);
  });
});

test.describe("an address that is no page", () => {
  const missing = [
    "/singleProductDetails/4/",
    "/singleProductDetails/abc",
    "/singleProductDetails/0",
    "/singleProductDetails/4/abc",
    "/myCart/",
    "/myCart/abc",
    "/checkOut/4/",
    "/orderDetails/1/",
    "/product/",
    "/oderView/abc",
    "/customerLogin/",
    "/no-such-page",
  ];

  async function expectNotFound(page: Page, url: string) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await appReady(page);
    await expect(page.getByRole("heading", { level: 1 }), url).toHaveText("Page not found");
    // the browser stays on the address, it does not send the visitor to a login
    expect(new URL(page.url()).pathname, url).toBe(url);
  }

  test("answers 404 with the not-found page, for a guest, and it takes over without an error", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      // the browser logs the page's own 404 status: that one is meant
      const ownStatus = m.text().startsWith("Failed to load resource") && m.location().url === page.url();
      if (m.type() === "error" && !ownStatus) problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`${page.url()}: uncaught ${e.message}`));
    for (const url of missing) await expectNotFound(page, url);
    expect(problems).toEqual([]);
  });

  test("answers 404 with the not-found page, for a logged-in customer too", async ({ page, request }) => {
    const customer = await registerCustomer(request);
    await page.goto("/customerLogin");
    await page.evaluate(({ token, customerId }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("customerId", String(customerId));
    }, customer);
    for (const url of ["/myCart/", "/checkOut/4/", `/checkOut/${customer.customerId}/`, `/orderDetails/${customer.customerId}/abc`, "/singleProductDetails/4/"])
      await expectNotFound(page, url);
  });

  test("a blank product id never shows another product", async ({ page, request }) => {
    const product = (await (await request.get("/api/v1/products/details/4")).json()) as { productName: string };
    const name = must(product.productName, "product 4");
    await expectNotFound(page, "/singleProductDetails/4/");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("body")).not.toContainText(name);
  });

  test("a product that does not exist answers 404 with its message", async ({ page }) => {
    const response = await page.goto("/singleProductDetails/999999");
    expect(response?.status()).toBe(404);
    await appReady(page);
    await expect(page.getByRole("alert")).toContainText("Product 999999 was not found.");
  });

  test("the spec's addresses with a slash or an id still answer 200", async ({ request }) => {
    for (const url of ["/userProfile/1/", "/userProfile/1", "/term-use", "/term-use.html", "/myCart/0", "/singleProductDetails/4"]) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
  });
});

test.describe("client-side navigation", () => {
  test("shows that the next page is loading while its data is on the way", async ({ page, request }) => {
    // the home page's first shelf (sorted by name, as it is by default)
    const catalogue = (await (await request.get("/api/v1/products/shelf?page=1&sort=name")).json()) as { items: { productId: number; productName: string }[] };
    const product = must(catalogue.items[0], "a product on the home page");
    await page.goto("/");
    await appReady(page);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*products\.byId/, async (route) => {
      await released;
      await route.continue();
    });
    await page.locator("#products").getByRole("link", { name: product.productName, exact: true }).click();
    const bar = page.getByRole("progressbar", { name: "Loading the next page" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuetext", "Loading...");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.productName);
    await expect(bar).toHaveCount(0);
  });
});
