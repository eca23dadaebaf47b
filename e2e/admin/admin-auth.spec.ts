import { ADMIN, expect, expectAccessible, test } from "../fixtures";
import { loginAdmin } from "./helpers";
import { adminPages, withParams } from "./back-office-pages";

test.describe("admin login and guards", () => {
  test("every admin route without a token goes to /AdminLogin with a return address", async ({ page }) => {
    // each screen of the back office in the route tree (the admin login itself aside)
    const routes = (await adminPages())
      .filter((p) => p !== "/AdminLogin")
      .map((p) =>
        withParams(p, { customerId: 1, productId: 1, orderId: 1, addToCartId: 1, productOrderId: "ORD-20261126-000001", ticketNumber: "GRV-20261126-000001" }),
      );
    expect(routes).toContain("/Admindashboard");
    for (const route of routes) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/AdminLogin\?redirect=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirect") ?? "")).toBe(route);
      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    }
  });

  test("a forged admin token is not accepted", async ({ page }) => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const forged = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ role: "admin", sub: "1", adminId: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2lnbmF0dXJl`;
    await page.goto("/AdminLogin");
    await page.evaluate((t) => localStorage.setItem("adminToken", t), forged);
    await page.goto("/customer-management");
    await expect(page).toHaveURL(/\/AdminLogin/);
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  });

  test("login shows the spec's messages, stores the token, and Logout clears it", async ({ page }) => {
    await page.goto("/AdminLogin");
    await expect(page).toHaveTitle(/Admin Login/);
    await expectAccessible(page);

    // blank fields: both messages, nothing sent
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("auth.adminLogin")) sent++;
    });
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email/Phone Number is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    expect(sent).toBe(0);

    // wrong password: the server's message
    await page.getByLabel("Email / Phone Number").fill(ADMIN.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email/phone number or password.");
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();

    // any other failure: the general message
    await page.route("**/api/trpc/auth.adminLogin**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
    );
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("An error occurred. Please try again later.");
    await page.unroute("**/api/trpc/auth.adminLogin**");

    // success
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/Admindashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toMatch(/^ey/);

    // logout clears the token; the dashboard is guarded again
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/AdminLogin/);
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
    await page.goto("/Admindashboard");
    await expect(page).toHaveURL(/\/AdminLogin/);
  });

  test("after login the admin goes back to the page asked for", async ({ page }) => {
    await page.goto("/product-management?search=Floor");
    await expect(page).toHaveURL(/\/AdminLogin\?redirect=/);
    await page.getByLabel("Email / Phone Number").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/product-management\?search=Floor$/);
    await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
  });

  test("the side menu reaches every list and collapses with an aria-expanded button", async ({ page, request }) => {
    await loginAdmin(page, request);
    await page.goto("/Admindashboard");
    const menu = page.getByRole("navigation", { name: "Admin menu" });
    const toggle = page.getByRole("button", { name: /menu/i }).first();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const targets: [string, RegExp, string][] = [
      ["Customer Management", /\/customer-management$/, "Customer Management"],
      ["Product Management", /\/product-management$/, "Product Management"],
      ["Total Orders", /\/total-order$/, "Total Orders"],
      ["Total AddToCart", /\/totalAddToCart$/, "Total AddToCart"],
      ["Total Shipping Orders", /\/totalShippingOrder$/, "Total Order Shipping"],
      ["Total Order Delivery", /\/TotalOrderDelivery$/, "Total Order Delivery"],
      ["Settings", /\/settings$/, "Settings"],
      ["Dashboard", /\/Admindashboard$/, "Dashboard"],
    ];
    for (const [label, url, heading] of targets) {
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    }
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await toggle.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
  });
});
