import { expect, must, registerCustomer, test } from "../fixtures";
import { addToCart, createProduct, loginAdmin, placeOrder, setOrderStatus, uniq, setOrderLimits } from "./helpers";
import type { Page } from "@playwright/test";

async function search(page: Page, text: string) {
  await page.getByRole("searchbox").fill(text);
  await page.getByRole("searchbox").press("Enter");
}

test.describe("order and cart lists: search, paging, per-customer views", () => {
  test("orders: all, shipping and delivered lists search and page; customer ids and eyes lead to their screens", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const name = uniq("Paged Cleaner ");
    const product = await createProduct(request, token, { productName: name, quantity: 1000 });
    const customer = await registerCustomer(request);
    const orders: number[] = [];
    // 22 orders of one customer, for paging: more than the anti-hoarding limits allow
    await setOrderLimits(request, token, { maxOpenUnpaidOrders: 100, maxOrdersPerHour: 100 });
    try {
      for (let i = 0; i < 22; i++) orders.push((await placeOrder(request, customer, product.productId, 1)).orderId);
    } finally {
      await setOrderLimits(request, token);
    }
    await setOrderStatus(request, token, must(orders[0], "the first order placed"), "Completed");
    await setOrderStatus(request, token, must(orders[1], "the second order placed"), "Completed");

    // all orders
    await page.goto("/total-order");
    await expect(page).toHaveTitle(/Total Orders/);
    await search(page, name);
    await expect(page.getByText("Showing 1–20 of 22 · Page 1 of 2")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(20);
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-order-id", String(orders[21]));
    await page.getByRole("button", { name: "Next ›" }).click();
    await expect(page.getByText("Showing 21–22 of 22 · Page 2 of 2")).toBeVisible();
    await expect(page.locator("tbody tr").last()).toHaveAttribute("data-order-id", String(orders[0]));
    await search(page, `${name}zz`);
    await expect(page.getByText("No Order found.")).toBeVisible();

    // eye → order view, Back → list
    await page.goto(`/total-order?search=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `View order ${orders[21]}` }).click();
    await expect(page).toHaveURL(new RegExp(`/oderView/${orders[21]}$`));
    await expect(page.getByRole("heading", { name: "Product Oder Details" })).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    await expect(page.getByLabel("Order Price")).toHaveValue("₹120.00");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/total-order$/);

    // customer id → that customer's orders
    await page.goto(`/total-order?search=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: `Orders of customer ${customer.customerId}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/CustomerWaysOrder/${customer.customerId}$`));
    await expect(page.getByText("Showing 1–20 of 22")).toBeVisible();
    await expect(page.getByText(`${customer.firstName} ${customer.lastName}`)).toBeVisible();

    // shipping: not Completed
    await page.goto(`/totalShippingOrder?search=${encodeURIComponent(name)}`);
    await expect(page.getByText("Showing 1–20 of 20 · Page 1 of 1")).toBeVisible();
    await expect(page.locator(`tr[data-order-id="${orders[0]}"]`)).toHaveCount(0);
    await page.getByRole("link", { name: `View order ${orders[5]}` }).click();
    await expect(page).toHaveURL(new RegExp(`/ViewOrderShipping/${orders[5]}$`));
    await expect(page.getByRole("heading", { name: "Order Shipping Details" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save status" })).toHaveCount(0);
    await page.goto(`/totalShippingOrder?search=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: `Orders of customer ${customer.customerId}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/CustomerViewOderShipping/${customer.customerId}$`));
    await expect(page.getByText("Showing 1–20 of 20")).toBeVisible();

    // delivered: only Completed
    await page.goto(`/TotalOrderDelivery?search=${encodeURIComponent(name)}`);
    await expect(page.getByText("Showing 1–2 of 2 · Page 1 of 1")).toBeVisible();
    await page
      .getByRole("link", { name: `Orders of customer ${customer.customerId}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/CustomerViewOderDelivery/${customer.customerId}$`));
    await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-order-id", String(orders[1]));

    // searching by order id
    await page.goto("/total-order");
    await search(page, String(orders[7]));
    await expect(page.locator(`tr[data-order-id="${orders[7]}"]`)).toBeVisible();
  });

  test("cart entries: search, paging, per-customer view and detail", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    // sorts after the seeded catalogue, so the storefront specs find their products on the first grid page
    const tag = uniq("Zz Cart Item ");
    const customer = await registerCustomer(request);
    const entries: number[] = [];
    for (let i = 0; i < 21; i++) {
      const p = await createProduct(request, token, { productName: `${tag} ${i}`, productPrice: 50 + i });
      entries.push((await addToCart(request, customer, p.productId, 2)).addToCartId);
    }
    await page.goto("/totalAddToCart");
    await expect(page).toHaveTitle(/Total AddToCart/);
    await search(page, tag);
    await expect(page.getByText("Showing 1–20 of 21 · Page 1 of 2")).toBeVisible();
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-cart-id", String(entries[20]));
    await expect(page.locator("tbody tr").first()).toContainText("₹70.00");
    await page.getByRole("button", { name: "Next ›" }).click();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-cart-id", String(entries[0]));
    await search(page, `${tag}zz`);
    await expect(page.getByText("No AddToCart found.")).toBeVisible();

    await page.goto(`/totalAddToCart?search=${encodeURIComponent(tag)}`);
    await page.getByRole("link", { name: `View cart entry ${entries[20]}` }).click();
    await expect(page).toHaveURL(new RegExp(`/viewAddToCart/${entries[20]}$`));
    await expect(page.getByRole("heading", { name: "AddToCart Details" })).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveValue(`${tag} 20`);
    await expect(page.getByLabel("Quantity")).toHaveValue("2");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/totalAddToCart$/);

    await page.goto(`/totalAddToCart?search=${encodeURIComponent(tag)}`);
    await page
      .getByRole("link", { name: `Cart entries of customer ${customer.customerId}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/CustomerWaysAddToCart/${customer.customerId}$`));
    await expect(page.getByText("Showing 1–20 of 21 · Page 1 of 2")).toBeVisible();
    await page.getByRole("button", { name: "Next ›" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
  });

  test("an id in the address that is not a number shows an error, not a crash", async ({ page, request }) => {
    await loginAdmin(page, request);
    // an id that is no number is no page (issue 18)
    await page.goto("/oderView/abc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.goto("/oderView/999999999");
    await expect(page.getByText("Order 999999999 was not found.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
