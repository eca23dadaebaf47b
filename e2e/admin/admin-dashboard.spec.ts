import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { createProduct, loginAdmin, placeOrder, tileCount } from "./helpers";

test("dashboard counts go up after a customer signs up and orders, and each tile opens its list", async ({ page, request }) => {
  const token = await loginAdmin(page, request);
  const product = await createProduct(request, token);
  await page.goto("/Admindashboard");
  await expect(page).toHaveTitle(/Dashboard/);
  await expect(page.locator('[data-tile="orders"]')).toBeVisible();
  const before = {
    customers: await tileCount(page, "customers"),
    orders: await tileCount(page, "orders"),
    pending: await tileCount(page, "pending"),
    completed: await tileCount(page, "completed"),
  };
  expect(await tileCount(page, "products")).toBeGreaterThanOrEqual(18);

  const customer = await registerCustomer(request, { firstName: "Dashboard", lastName: "Shopper" });
  const order = await placeOrder(request, customer, product.productId, 3);

  await page.reload();
  await expect.poll(() => tileCount(page, "orders")).toBe(before.orders + 1);
  expect(await tileCount(page, "customers")).toBe(before.customers + 1);
  expect(await tileCount(page, "pending")).toBe(before.pending + 1);
  expect(await tileCount(page, "completed")).toBe(before.completed);

  // the activity panel shows the new order and sign-up
  const orders = page.getByRole("region", { name: "Latest orders" });
  // one order number on screen: the reference (issue 24)
  await expect(orders.getByRole("link", { name: order.productOrderId })).toBeVisible();
  await expect(orders.getByText(`${product.productName} × 3`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest sign-ups" }).getByRole("link", { name: "Dashboard Shopper" })).toBeVisible();
  // and repeats the six counts (spec §2), the same figures as the tiles
  const counts = page.getByRole("region", { name: "Store activity" });
  for (const key of ["customers", "products", "orders", "completed", "pending", "cart"] as const) {
    await expect(counts.locator(`[data-count="${key}"]`)).toHaveText(String((await tileCount(page, key)).toLocaleString("en-IN")));
  }
  await expectAccessible(page);

  const tiles: [string, RegExp][] = [
    ["customers", /\/customer-management$/],
    ["products", /\/product-management$/],
    ["orders", /\/total-order$/],
    ["completed", /\/TotalOrderDelivery$/],
    ["pending", /\/totalShippingOrder$/],
    ["cart", /\/totalAddToCart$/],
  ];
  for (const [key, url] of tiles) {
    await page.goto("/Admindashboard");
    await page.locator(`[data-tile="${key}"]`).click();
    await expect(page).toHaveURL(url);
  }
  // tile names as the spec has them
  await page.goto("/Admindashboard");
  for (const label of ["Total Customer", "Total Product", "Total Order", "Total Delivery", "Total Pending Delivery", "Total AddToCart"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${label}: \\d`) })).toBeVisible();
  }
});
