// Cart, checkout, orders, tracker and profile of a logged-in customer.
import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectAccessible, registerCustomer, loginCustomerInBrowser, adminToken } from "../fixtures";

async function productId(request: APIRequestContext, name: string, packSize: string): Promise<number> {
  const res = await request.get(`/api/v1/products/details?search=${encodeURIComponent(name)}`);
  const list = (await res.json()) as { productId: number; productName: string; packSize: string }[];
  const p = list.find((x) => x.productName === name && x.packSize === packSize);
  if (!p) throw new Error(`no product ${name} ${packSize}`);
  return p.productId;
}

async function setOrderStatus(request: APIRequestContext, orderId: number, orderStatus: string) {
  const token = await adminToken(request);
  const res = await request.post(`/api/v1/productOrder/update/${orderId}`, { data: { orderStatus }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("shopping as a customer", () => {
  test("add to cart from a card and from the product page; the basket counts", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/product/${c.customerId}`);
    await expect(page.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();
    await page.getByRole("button", { name: "Add Glass Sparkle Spray 500ml to cart" }).click();
    await expect(page.getByText("Glass Sparkle Spray added to your cart.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();

    await page.locator("#products").getByRole("link", { name: "Hand Wash Neem & Tulsi, 250ml" }).click();
    await expect(page).toHaveURL(new RegExp(`/singleProductDetails/${c.customerId}/\\d+$`));
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Hand Wash Neem & Tulsi added to your cart.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Basket, 3 items" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Basket, 3 items" }).click();
    await expect(page).toHaveURL(new RegExp(`/myCart/${c.customerId}$`));
    await expect(page.getByRole("listitem", { name: "Glass Sparkle Spray" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Hand Wash Neem & Tulsi" })).toContainText("Ref. CART-");
  });

  test("a guest's Add to Cart keeps a guest cart; the Login goes to the login and comes back", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await page.goto("/");
    await page.getByRole("button", { name: "Add Drain Cleaner Gel 500ml to cart" }).click();
    // issue 29: no login asked, the guest cart is in the header's basket
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/customerLogin\?redirect=/);
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("Password").fill(c.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("button", { name: /Hi, Asha/ })).toBeVisible();
    await page.getByRole("button", { name: "Add Drain Cleaner Gel 500ml to cart" }).click();
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
  });

  test("cart: edit quantities, remove lines, see the total, then check out the whole cart", async ({ page, request }) => {
    const c = await registerCustomer(request);
    const glass = await productId(request, "Glass Sparkle Spray", "500ml"); // ₹75 + ₹25 delivery
    const toilet = await productId(request, "Toilet Bowl Power Cleaner", "500ml"); // ₹79, free delivery
    const polish = await productId(request, "Stainless Steel Polish", "250ml");
    for (const id of [glass, toilet, polish]) {
      const res = await request.post("/api/v1/addToCart/save", { data: { productId: id, quantity: 1 }, headers: { Authorization: `Bearer ${c.token}` } });
      expect(res.status()).toBe(200);
    }
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myCart/${c.customerId}`);
    await expect(page).toHaveTitle("My Cart | Clean Store");
    await expect(page.getByRole("link", { name: "My Cart" })).toHaveAttribute("aria-current", "page");
    const glassLine = page.getByRole("listitem", { name: "Glass Sparkle Spray" });
    await expect(glassLine).toContainText("₹100.00");
    await glassLine.getByRole("button", { name: "Increase quantity of glass sparkle spray" }).click();
    await expect(glassLine.getByRole("status")).toHaveText("2");
    await expect(glassLine).toContainText("₹175.00");
    await expect(page.getByRole("link", { name: "Basket, 4 items" })).toBeVisible();

    const polishLine = page.getByRole("listitem", { name: "Stainless Steel Polish" });
    await polishLine.getByRole("button", { name: /^Remove Stainless Steel Polish – .+ from cart$/ }).click();
    await expect(polishLine).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText("₹254.00"); // 75×2 + 25 + 79
    await expectAccessible(page);

    await page.getByRole("link", { name: "Glass Sparkle Spray" }).click();
    // the cart line's link opens the product with the line's pack (issue 25)
    await expect(page).toHaveURL(new RegExp(`/singleProductDetails/${c.customerId}/${glass}\\?pack=\\d+$`));
    await page.goBack();

    await page.getByRole("button", { name: "Checkout cart" }).click();
    const confirmation = page.locator(".confirmation");
    // the confirmation is the order's own page now (issue 23), which greets the shopper by name
    await expect(page).toHaveURL(new RegExp(`/myOrder/${c.customerId}/ORD-\\d{8}-\\d{6}$`));
    await expect(confirmation).toContainText("Thank you, Asha! Your order is placed.");
    await expect(page.getByTestId("order-reference")).toHaveText(/^ORD-\d{8}-\d{6}$/);
    await expect(confirmation).toContainText("₹254.00");
    await expect(page.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();

    await page.getByRole("link", { name: "See my orders" }).click();
    await expect(page).toHaveURL(new RegExp(`/myOrder/${c.customerId}$`));
    await expect(page.locator(".order-row")).toHaveCount(2);
  });

  test("an empty cart and no orders say so", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myCart/${c.customerId}`);
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await page.getByRole("link", { name: "My Orders" }).click();
    await expect(page.getByText("No Order found.")).toBeVisible();
    await expectAccessible(page);
  });

  test("order from the product page through checkout, then follow it in the tracker", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/product/${c.customerId}`);
    // one card for its two packs (issue 25): the 250ml pack is chosen on the product page and goes to the checkout
    await page.locator("#products").getByRole("link", { name: "Citrus Dishwash Gel, 2 sizes" }).click();
    await page.getByRole("group", { name: "Pack size" }).getByRole("button", { name: "250ml, ₹39.00" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkOut/${c.customerId}/\\d+\\?quantity=3&pack=\\d+$`));
    await expect(page).toHaveTitle("Checkout | Clean Store");
    // contact information comes from the customer record
    await expect(page.getByLabel("First Name")).toHaveValue("Asha");
    await expect(page.getByLabel("Phone Number")).toHaveValue(c.number);
    await expect(page.getByLabel("City")).toHaveValue("Pune");
    const amounts = page.getByRole("complementary", { name: "Amount Details" });
    await expect(amounts).toContainText("₹39.00");
    await expect(page.getByTestId("checkout-quantity")).toHaveText("3");
    await expect(amounts).toContainText("₹20.00");
    await expect(page.getByTestId("checkout-total")).toHaveText("₹137.00");
    await expectAccessible(page);
    await page.getByLabel("Area Address").fill("FC Road");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Thank you, Asha! Your order is placed.")).toBeVisible();
    const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
    expect(reference).toMatch(/^ORD-\d{8}-\d{6}$/);

    await page.getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveTitle("My Orders | Clean Store");
    const row = page.locator(".order-row").first();
    await expect(row.locator("img")).toHaveAttribute("width", "150");
    await expect(row).toContainText("Citrus Dishwash Gel");
    await expect(row).toContainText("₹137.00");
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Expected delivery");
    await expect(row).toContainText("Shipped");
    await expectAccessible(page);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/orderDetails/${c.customerId}/\\d+$`));
    const tracker = page.getByRole("region", { name: "Track your order" });
    await expect(tracker.getByRole("listitem").filter({ hasText: "Order confirmed" })).toContainText("(Done)");
    await expect(tracker.getByRole("listitem").filter({ hasText: "Dispatched" })).toHaveAttribute("aria-current", "step");
    await expect(tracker.getByRole("listitem").filter({ hasText: "Ready for pickup" })).toContainText("(Not yet)");
    await expect(page.locator("main").getByText(reference, { exact: true })).toBeVisible();
    await expect(page.locator("main")).toContainText("FC Road");
    await expect(page.getByText("You can ask for a return within 7 days of delivery.")).toBeVisible();
    await expectAccessible(page);

    // the tracker follows the real order status
    const orderId = Number(page.url().split("/").pop());
    await setOrderStatus(request, orderId, "On the way");
    await page.reload();
    await expect(
      tracker
        .getByRole("listitem")
        .filter({ hasText: /^.?3?On the way/ })
        .last(),
    ).toHaveAttribute("aria-current", "step");
    await setOrderStatus(request, orderId, "Completed");
    await page.reload();
    await expect(tracker.getByText(/^Delivered/).first()).toBeVisible();
    await expect(page.getByText("Payment status").locator("+ dd")).toHaveText("Paid");
    // a delivered order can be returned within 7 days
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText("Please choose a reason for the return.")).toBeVisible();
    await page.getByLabel("Reason").selectOption("Damaged product");
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText("Return requested. We will review it in 2-3 business days.")).toBeVisible();
    await expect(page.getByText("Return status:")).toContainText("Requested");
    await expect(page.getByText("Return status:")).toContainText("Damaged product");
  });

  test("a cancelled order is shown clearly", async ({ page, request }) => {
    const c = await registerCustomer(request);
    const id = await productId(request, "Fabric Softener Rose", "800ml");
    const res = await request.post("/api/v1/productOrder/save", { data: { productId: id, quantity: 1 }, headers: { Authorization: `Bearer ${c.token}` } });
    const { order } = (await res.json()) as { order: { orderId: number } };
    await setOrderStatus(request, order.orderId, "Cancelled");
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myOrder/${c.customerId}`);
    await expect(page.locator(".order-row").first()).toContainText("Cancelled");
    await page.locator(".order-row").first().click();
    await expect(page.getByRole("region", { name: "Track your order" }).getByRole("status")).toContainText("Cancelled");
    await expect(page.getByRole("button", { name: "Request return" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("checkout as a guest asks for the login first, then continues to the checkout", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await page.goto("/");
    await page.locator("#products").getByRole("link", { name: "Kitchen Degreaser Spray, 500ml" }).click();
    await page.getByRole("button", { name: "Order" }).click();
    await expect(page).toHaveURL(/\/customerLogin\?redirect=/);
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("Password").fill(c.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkOut/${c.customerId}/\\d+\\?quantity=1$`));
    await expect(page.getByTestId("checkout-total")).toHaveText("₹129.00");
  });

  test("an order the server refuses shows its message; an expired session goes to the login", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    const id = await productId(request, "Floor Cleaner Bulk Can", "5000ml");
    await page.route("**/api/trpc/orders.save**", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify([
          {
            error: {
              json: { message: "Only 2 left of Floor Cleaner Bulk Can. Please lower the quantity.", code: -32009, data: { code: "CONFLICT", httpStatus: 409 } },
            },
          },
        ]),
      }),
    );
    await page.goto(`/checkOut/${c.customerId}/${id}?quantity=5`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Only 2 left of Floor Cleaner Bulk Can. Please lower the quantity.")).toBeVisible();
    await page.unroute("**/api/trpc/orders.save**");
    await page.route("**/api/trpc/orders.save**", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify([{ error: { json: { message: "Please log in to continue.", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } } } }]),
      }),
    );
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/customerLogin\?redirect=/);
  });

  test("profile: view, edit with validation, save returns to view mode; trailing slash works", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/userProfile/${c.customerId}/`);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expect(page).toHaveTitle("My Profile | Clean Store");
    await expect(page.getByText(c.email)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("City").fill("");
    await page.getByLabel("Pin Code").fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("City is required")).toBeVisible();
    await expect(page.getByText("Pin Code must be 6 digits")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("City").fill("Nagpur");
    await page.getByLabel("Pin Code").fill("440001");
    await page.getByLabel("First Name").fill("Ashwini");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your profile is saved.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
    await expect(page.getByText("Nagpur")).toBeVisible();
    await expect(page.getByRole("button", { name: /Hi, Ashwini/ })).toBeVisible();
    // the blank password kept the old one
    const login = await request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(login.status()).toBe(200);
  });

  test("customer screens fit a 390 px phone", async ({ page, request }) => {
    const c = await registerCustomer(request);
    const id = await productId(request, "Liquid Detergent Top Load", "2000ml");
    await request.post("/api/v1/addToCart/save", { data: { productId: id, quantity: 1 }, headers: { Authorization: `Bearer ${c.token}` } });
    const res = await request.post("/api/v1/productOrder/save", { data: { productId: id, quantity: 2 }, headers: { Authorization: `Bearer ${c.token}` } });
    const { order } = (await res.json()) as { order: { orderId: number } };
    await page.setViewportSize({ width: 390, height: 844 });
    await loginCustomerInBrowser(page, c);
    for (const url of [
      `/myCart/${c.customerId}`,
      `/myOrder/${c.customerId}`,
      `/orderDetails/${c.customerId}/${order.orderId}`,
      `/checkOut/${c.customerId}/${id}?quantity=2`,
      `/userProfile/${c.customerId}/`,
      `/product/${c.customerId}`,
    ]) {
      await page.goto(url);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  });
});
