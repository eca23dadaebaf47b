// The back office of issue 17 in the browser: the dashboard's sales charts drawn from the API's
// figures, a CSV export download, a product import whose bad row is shown and blocks the import,
// and a staff login that sees only its screens while the owner's audit trail records its work.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, placeOrder, uniq } from "./helpers";

const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const istDaysAgo = (n: number) => new Date(Date.now() + 330 * 60_000 - n * 86_400_000).toISOString().slice(0, 10);

test.describe("back office: sales, data in and out, staff and audit", () => {
  test("the dashboard charts the last 30 days from the sales report", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Chart Phenyl "), productPrice: 5000 });
    const customer = await registerCustomer(request);
    await placeOrder(request, customer, product.productId, 2);
    const report = (await (await request.get(`/api/v1/reports/sales?from=${istDaysAgo(29)}&to=${istToday()}`, { headers: bearer(token) })).json()) as {
      totals: { orders: number };
      topProducts: { productName: string }[];
    };
    expect(report.topProducts.map((p) => p.productName)).toContain(product.productName);

    await page.goto("/Admindashboard");
    const sales = page.getByRole("region", { name: "Sales" });
    await expect(sales.locator('[data-total="orders"]')).toHaveText(report.totals.orders.toLocaleString("en-IN"));
    await expect(sales.locator('[data-chart="chart-revenue"] .recharts-line').first()).toBeVisible();
    await expect(sales.locator('[data-chart="chart-orders"] .recharts-bar-rectangle').first()).toBeVisible();
    // the top seller is the bar chart's first category
    await expect(sales.locator('[data-chart="chart-top-products"]')).toContainText(product.productName.slice(0, 12));
    await expect(sales.locator('[data-chart="chart-payment-methods"]')).toContainText("Cash on delivery");
    await expect(sales.getByRole("region", { name: /Low stock/ })).toBeVisible();
    await sales.getByRole("button", { name: "7 days" }).click();
    await expect(sales.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(sales.locator('[data-chart="chart-revenue"] .recharts-line').first()).toBeVisible();
    await expectAccessible(page);
    if (process.env.SAVE_SCREENSHOTS) {
      await sales.getByRole("button", { name: "30 days" }).click();
      await page.screenshot({ path: path.join("docs", "screenshots", "dashboard.png"), fullPage: true });
    }
  });

  test("the product list downloads as CSV; an import shows the bad row and imports nothing until it is fixed", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Export Mop ") });
    await page.goto(`/product-management?search=${encodeURIComponent(product.productName)}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path())).toString("utf8");
    expect(csv).toContain(product.productName);
    expect(csv.split("\n")[0]).toContain("productId");

    const name = uniq("Imported Bucket ");
    const header = "productName,productPrice,mainPrice,packSize,productInfo,deliveryCharge,quantity";
    const bad = `${header}\n${name},199,249,10 L,A bucket,Free,30\nNo Price Bucket,,249,10 L,A bucket,Free,30\n`;
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import Products" })).toBeVisible();
    await page.getByLabel("Product CSV file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    const errors = page.getByRole("table", { name: "Rows with errors" });
    await expect(errors.getByRole("row").filter({ hasText: "Price is required" })).toContainText("3");
    await expect(page.getByRole("button", { name: /^Import \d+ products$/ })).toHaveCount(0);
    await expectAccessible(page);
    expect((await (await request.get(`/api/v1/products/details?search=${encodeURIComponent(name)}`)).json()) as unknown[]).toHaveLength(0);

    await page
      .getByLabel("Product CSV file")
      .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(bad.split("\n").slice(0, 2).join("\n")) });
    await page.getByRole("button", { name: "Import 1 products" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Imported 1 new" })).toBeVisible();
    expect((await (await request.get(`/api/v1/products/details?search=${encodeURIComponent(name)}`)).json()) as unknown[]).toHaveLength(1);
  });

  test("the owner adds staff; staff log in and see no owner screens; the audit trail shows who did what", async ({ page, request, browser }) => {
    await loginAdmin(page, request);
    await page.goto("/staff");
    const email = `${uniq("staff").toLowerCase()}@cleanstore.test`;
    await page.getByLabel("Name").fill("Asha Staff");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("First password").fill("Asha-Staff-Password-2026");
    await page.getByRole("button", { name: "Add staff" }).click();
    await expect(page.locator(`[data-staff="${email}"]`)).toContainText("Staff");
    await expectAccessible(page);

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await staffPage.goto("/AdminLogin");
    await staffPage.getByLabel("Email / Phone Number").fill(email);
    await staffPage.getByLabel("Password").fill("Asha-Staff-Password-2026");
    await staffPage.getByRole("button", { name: "Login" }).click();
    const menu = staffPage.getByRole("navigation", { name: "Admin menu" });
    await expect(menu.getByRole("link", { name: "Product Management" })).toBeVisible();
    // Settings stays (staff read it and change their own password there: owner-only.spec.ts)
    await expect(menu.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Audit Trail" })).toHaveCount(0);
    await staffPage.goto("/customer-management");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Customer Management" })).toBeVisible();

    await page.getByRole("button", { name: "Disable Asha Staff" }).click();
    await expect(page.getByRole("button", { name: "Enable Asha Staff" })).toBeVisible();
    // the staff's open session has ended
    await staffPage.goto("/product-management");
    await expect(staffPage).toHaveURL(/\/AdminLogin/);
    await staffContext.close();

    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Audit Trail" }).click();
    await page.getByLabel("What", { exact: true }).selectOption("staff");
    const row = page.locator('tr[data-action="staff.disable"]').first();
    await expect(row).toContainText("disabled the staff account");
    await expect(row).toContainText("active");
    await expect(page.locator('tr[data-action="staff.create"]').first()).toContainText(email);
    await expectAccessible(page);
  });
});
