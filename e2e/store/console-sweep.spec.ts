// Issue 18: every route of the spec (docs/store-spec.md §2, and the app's own screens in
// apps/web/src/routes), loaded directly as a guest, a customer and an admin, answers 200 and logs
// no console error and no uncaught exception (React's #418 hydration error among them).
import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, loginCustomerInBrowser, must, registerCustomer, test, watchConsole } from "../fixtures";
import { addToCart, createProduct, loginAdmin, placeOrder, setOrderStatus } from "../admin/helpers";
import { adminPages, withParams } from "../admin/back-office-pages";

/** Loads each address directly: 200, the page shows a heading, and nothing is logged. */
async function sweep(page: Page, urls: string[]) {
  const problems = watchConsole(page);
  for (const url of urls) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
    // what the page fetches after it has taken over must not fail either
    await page.waitForLoadState("networkidle");
  }
  expect(problems).toEqual([]);
}

/** The storefront's public pages (spec §2 and the footer), for any visitor. */
function publicPages(productId: number) {
  return [
    "/",
    "/customerLogin",
    "/customerRegister",
    `/singleProductDetails/${productId}`,
    "/privacyPolicy",
    "/termUse",
    "/termsCondition",
    "/refundPolicy",
    // the footer's relative links and the other name of the Terms of Use
    "/contact-us.html",
    "/term-use.html",
    "/about-us.html",
    "/blog.html",
    "/term-use",
    "/contact-us",
    "/about-us",
    "/blog",
    "/search?q=floor",
    "/search?category=Kitchen",
    "/categories",
    "/trending",
    "/forgotPassword",
    "/adminForgotPassword",
  ];
}

/** One customer with an order and a cart line, and the admin's screens of them. */
async function storeData(request: APIRequestContext, token: string) {
  const product = await createProduct(request, token);
  const customer = await registerCustomer(request);
  const open = await placeOrder(request, customer, product.productId, 1);
  const done = await placeOrder(request, customer, product.productId, 1);
  await setOrderStatus(request, token, done.orderId, "Completed");
  const cart = await addToCart(request, customer, product.productId, 1);
  // issue 31: a complaint, for the back office's ticket page
  const filed = await request.post("/api/v1/grievances", {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { category: "ORDER", subject: "Zz sweep ticket", description: "A ticket for the console sweep." },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { ticketNumber } = (await filed.json()) as { ticketNumber: string };
  return { product, customer, open, done, cart, ticketNumber };
}

test.describe("no console error on a direct load of any route", () => {
  test("as a guest", async ({ page, request }) => {
    test.setTimeout(180_000);
    const catalogue = (await (await request.get("/api/v1/products/details")).json()) as { productId: number }[];
    const productId = must(catalogue[0], "a product in the catalogue").productId;
    await sweep(page, [
      ...publicPages(productId),
      // the customer's and the admin's pages send a guest to their login
      "/product/1",
      `/singleProductDetails/1/${productId}`,
      "/myCart/1",
      "/myOrder/1",
      "/orderDetails/1/1",
      `/checkOut/1/${productId}?quantity=2`,
      "/userProfile/1/",
      "/AdminLogin",
      "/Admindashboard",
      "/customer-management",
    ]);
  });

  test("as a customer", async ({ page, request }) => {
    test.setTimeout(180_000);
    const { product, customer, open } = await storeData(request, await adminToken(request));
    await loginCustomerInBrowser(page, customer);
    const c = customer.customerId;
    await sweep(page, [
      `/product/${c}`,
      `/singleProductDetails/${c}/${product.productId}`,
      `/myCart/${c}`,
      `/myOrder/${c}`,
      `/orderDetails/${c}/${open.orderId}`,
      `/checkOut/${c}/${product.productId}?quantity=2`,
      `/userProfile/${c}/`,
      // the public pages, rendered by the server for a guest and taken over for the customer
      ...publicPages(product.productId),
    ]);
  });

  test("as an admin", async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await loginAdmin(page, request);
    const { product, customer, open, done, cart, ticketNumber } = await storeData(request, token);
    // every page of the back office in the route tree (the admin login and each screen of routes/_admin)
    const ids = {
      customerId: customer.customerId,
      productId: product.productId,
      orderId: open.orderId,
      productOrderId: open.productOrderId,
      addToCartId: cart.addToCartId,
      ticketNumber,
    };
    const screens = (await adminPages()).map((p) => withParams(p, p === "/viewOrderDelivery/$orderId" ? { orderId: done.orderId } : ids));
    expect(screens).toContain("/Admindashboard");
    await sweep(page, [...screens, "/adminForgotPassword"]);
  });
});
