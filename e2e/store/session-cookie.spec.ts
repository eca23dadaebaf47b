// Issue 23: the session cookie. Logging in keeps the customer's token in an HttpOnly cookie as
// well (POST /api/v1/session), so a page load of the customer's own screens arrives with their
// data — without any script — and the app takes it over in place, without a console error (an
// unpaid UPI order's countdown included); a session stored before the cookie existed gets it when
// the app starts; logging out clears it.
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { adminToken, expect, loginCustomerInBrowser, registerCustomer, test, watchConsole } from "../fixtures";
import { createProduct, placeOrder } from "../admin/helpers";

const COOKIE = "store_session";

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === COOKIE);

/** Waits for the app to have set (or cleared) the session cookie: its requests are not waited for by the page. */
async function cookieSet(context: BrowserContext, present: boolean) {
  await expect.poll(async () => Boolean(await sessionCookie(context)), { message: `the session cookie ${present ? "set" : "cleared"}` }).toBe(present);
  return sessionCookie(context);
}

async function setSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/v1/settings", { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A customer with a cash-on-delivery order and an unpaid UPI one (its "Pay now" counts down). */
async function customerWithOrders(request: APIRequestContext) {
  const product = await createProduct(request, await adminToken(request), { productName: `Cookie Tile Cleaner ${Date.now() % 100_000}` });
  const customer = await registerCustomer(request);
  const cod = await placeOrder(request, customer, product.productId, 1);
  // UPI is offered once the store has a UPI id (turned off again after each test)
  await setSettings(request, { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store" });
  const upi = await request.post("/api/v1/productOrder/save", {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { productId: product.productId, quantity: 1, paymentMethod: "UPI" },
  });
  expect(upi.status(), await upi.text()).toBe(200);
  const upiOrder = ((await upi.json()) as { order: { orderId: number; productOrderId: string } }).order;
  return { product, customer, cod, upi: upiOrder };
}

test.describe("the session cookie", () => {
  test.afterEach(async ({ request }) => {
    await setSettings(request, { upiVpa: "" });
  });

  test("a login sets it; My Orders then arrives with the orders without any script, is taken over in place, and logout clears it", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { product, customer, cod, upi } = await customerWithOrders(request);
    await page.goto("/customerLogin");
    await page.getByLabel("Phone Number").fill(customer.number);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${customer.customerId}$`));
    const cookie = await cookieSet(page.context(), true);
    // the token the login stored
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false, value: token });
    // no script can read it
    expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE);

    // a phone that runs no script, with the cookie: the orders are in the server's document
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      await noScript.addCookies([cookie!]);
      const phone = await noScript.newPage();
      const res = await phone.goto(`/myOrder/${customer.customerId}`);
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText("My Orders");
      await expect(phone.getByRole("heading", { level: 2, name: `Order ${cod.productOrderId}` })).toBeVisible();
      await expect(phone.getByRole("heading", { level: 2, name: `Order ${upi.productOrderId}` })).toBeVisible();
      await expect(phone.getByRole("link", { name: `Pay now for order ${upi.productOrderId}` })).toBeVisible();
      await expect(phone.getByText(product.productName).first()).toBeVisible();
      await expect(phone.locator("main [aria-busy=true]")).toHaveCount(0);
    } finally {
      await noScript.close();
    }

    // with the app: the server's markup is hydrated in place (a render from scratch would replace the node), no error
    const problems = watchConsole(page);
    const tab = await page.context().newPage();
    const tabProblems = watchConsole(tab);
    // the app's scripts are held until the server's heading is marked (this page's goto does not wait for the app)
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await tab.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    await tab.goto(`/myOrder/${customer.customerId}`);
    const heading = tab.getByRole("heading", { level: 2, name: `Order ${cod.productOrderId}` });
    await heading.evaluate((h) => h.setAttribute("data-server-node", ""));
    release();
    await tab.locator("html[data-app-ready]").waitFor({ state: "attached" });
    await expect(tab.getByRole("button", { name: `Account menu of Hi, ${customer.firstName}` })).toBeVisible();
    await expect(tab.locator("h2[data-server-node]")).toHaveText(`Order ${cod.productOrderId}`);
    await expect(tab.getByText(/Pay within \d/)).toBeVisible();
    await tab.waitForLoadState("networkidle");
    await tab.close();
    expect(tabProblems).toEqual([]);

    // the tracker and the order's page, loaded directly with the cookie
    for (const url of [`/orderDetails/${customer.customerId}/${upi.orderId}`, `/myOrder/${customer.customerId}/${upi.productOrderId}`]) {
      await page.goto(url);
      await expect(page.getByText(upi.productOrderId).first(), url).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);

    await page.getByRole("button", { name: `Account menu of Hi, ${customer.firstName}` }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/customerLogin/);
    await cookieSet(page.context(), false);
    // the same browser's next load of My Orders is the skeleton (and the guard then sends it to the login)
    const after = await page.request.get(`/myOrder/${customer.customerId}`);
    const html = await after.text();
    expect(html).toContain('class="screen-skeleton"');
    expect(html).not.toContain(cod.productOrderId);
  });

  test("a session stored before the cookie existed gets it when the app starts", async ({ page, request }) => {
    const { customer, cod } = await customerWithOrders(request);
    // the token in localStorage only, as every login before this change left it
    await loginCustomerInBrowser(page, customer);
    expect(await sessionCookie(page.context())).toBeUndefined();
    await page.goto(`/product/${customer.customerId}`);
    await cookieSet(page.context(), true);
    const problems = watchConsole(page);
    const res = await page.goto(`/myOrder/${customer.customerId}`);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 2, name: `Order ${cod.productOrderId}` })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    // the app does not set it again on every start
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/session") posts++;
    });
    await page.goto(`/myCart/${customer.customerId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Cart");
    await page.waitForLoadState("networkidle");
    expect(posts).toBe(0);
  });

  test("a cookie whose session ended elsewhere renders the skeleton and is cleared", async ({ page, request }) => {
    const { customer, cod } = await customerWithOrders(request);
    await loginCustomerInBrowser(page, customer);
    await page.goto(`/product/${customer.customerId}`);
    await cookieSet(page.context(), true);
    // "Log out of all devices" from another device
    const ended = await request.post("/api/v1/customers/logout-all", { headers: { Authorization: `Bearer ${customer.token}` }, data: {} });
    expect(ended.status(), await ended.text()).toBe(200);
    const res = await page.request.get(`/myOrder/${customer.customerId}`);
    expect(await res.text()).not.toContain(cod.productOrderId);
    expect(res.headers()["set-cookie"]).toMatch(/^store_session=; Path=\/; Max-Age=0/);
    await cookieSet(page.context(), false);
  });
});
