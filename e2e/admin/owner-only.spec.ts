// Issue 24 (smaller items): Settings in sections, each with its own Save that sends only its fields
// and answers inline; staff opening an owner's screen read "Only the owner can change this" instead
// of a form the API would refuse.
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginAdminInBrowser, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, placeOrder, uniq } from "./helpers";

const STAFF_PASSWORD = "Ravi-Staff-Password-2026";

/** A staff login made by the owner through the API, and its token. */
async function staffLogin(request: APIRequestContext) {
  const owner = await adminToken(request);
  const email = `${uniq("ravi").toLowerCase()}@cleanstore.test`;
  const made = await request.post("/api/v1/admin/staff", { headers: bearer(owner), data: { name: "Ravi Staff", email, password: STAFF_PASSWORD } });
  expect(made.status(), await made.text()).toBe(200);
  const login = await request.post("/api/v1/admin/login", { data: { email, password: STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return { email, token: ((await login.json()) as { token: string }).token };
}

async function settingsOf(request: APIRequestContext) {
  const res = await request.get("/api/v1/settings", { headers: bearer(await adminToken(request)) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { lowStockThreshold: number; upiPayeeName: string; sellerGstin: string };
}

test.describe("owner-only screens and Settings in sections", () => {
  test("staff read Settings and Staff with 'Only the owner can change this' and no Save, and change their own password", async ({ page, request }) => {
    const staff = await staffLogin(request);
    await loginAdminInBrowser(page, staff.token);
    const stored = await settingsOf(request);

    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Admin menu" });
    await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Audit Trail" })).toHaveCount(0);
    // every store section: its values to read, the sentence where the Save was, no Save anywhere
    for (const title of ["GST and seller", "Invoices and product defaults", "Payments", "Default delivery charge", "Order limits", "Stock", "Search"]) {
      const section = page.getByRole("region", { name: title, exact: true });
      await expect(section.getByText("Only the owner can change this.", { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
    const gstin = page.getByRole("region", { name: "GST and seller" }).getByLabel("Seller GSTIN");
    await expect(gstin).toHaveValue(stored.sellerGstin);
    await expect(gstin).toBeDisabled();
    await expect(page.getByText("At least 10 characters.", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // their own password is theirs to change
    const password = page.getByRole("region", { name: "Change password" });
    await password.getByLabel("Current password").fill(STAFF_PASSWORD);
    await password.getByLabel("New password", { exact: true }).fill("Ravi-New-Password-2026");
    await password.getByLabel("Repeat new password").fill("Ravi-New-Password-2026");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("status")).toHaveText("Password changed.");
    const relogin = await request.post("/api/v1/admin/login", { data: { email: staff.email, password: "Ravi-New-Password-2026" } });
    expect(relogin.status()).toBe(200);

    await page.goto("/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    await expect(page.getByText("Only the owner can change this.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(staff.email);
    await expect(page.getByRole("button", { name: "Add staff" })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/audit");
    await expect(page.getByText("Only the owner can see this.", { exact: true })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the owner saves one section; another section's unsaved edit stays, and each answers in its own place", async ({ page, request }) => {
    await loginAdmin(page, request);
    const before = await settingsOf(request);
    const threshold = before.lowStockThreshold === 7 ? 8 : 7;
    try {
      await page.goto("/settings");
      const payments = page.getByRole("region", { name: "Payments", exact: true });
      const stock = page.getByRole("region", { name: "Stock", exact: true });
      const payee = `Zz Payee ${uniq()}`;
      await payments.getByLabel("UPI payee name").fill(payee);
      await expect(payments.getByText("Unsaved changes")).toBeVisible();

      await stock.getByLabel("Low-stock threshold (packs)").fill(String(threshold));
      await stock.getByRole("button", { name: "Save stock settings" }).click();
      await expect(stock.getByRole("status")).toHaveText("Settings saved.");
      await expect(stock.getByText("Unsaved changes")).toHaveCount(0);
      // the other section keeps what was typed, still unsaved, and says nothing about the save
      await expect(payments.getByLabel("UPI payee name")).toHaveValue(payee);
      await expect(payments.getByText("Unsaved changes")).toBeVisible();
      await expect(payments.getByRole("status")).toHaveText("");
      const after = await settingsOf(request);
      expect(after.lowStockThreshold).toBe(threshold);
      expect(after.upiPayeeName).toBe(before.upiPayeeName);

      // a refused value is said in its section only
      await payments.getByLabel("Hours to pay a UPI order").fill("0");
      await payments.getByRole("button", { name: "Save payment settings" }).click();
      await expect(payments.getByRole("alert")).toContainText(/hours to pay a upi order/i);
      await expect(stock.getByRole("alert")).toHaveCount(0);
      await expect(stock.getByRole("status")).toHaveText("Settings saved.");
      await expectAccessible(page);

      await page.reload();
      await expect(page.getByRole("region", { name: "Stock", exact: true }).getByLabel("Low-stock threshold (packs)")).toHaveValue(String(threshold));
      await expect(page.getByRole("region", { name: "Payments", exact: true }).getByLabel("UPI payee name")).toHaveValue(before.upiPayeeName);
    } finally {
      const restore = await request.post("/api/v1/settings", {
        headers: bearer(await adminToken(request)),
        data: { lowStockThreshold: before.lowStockThreshold },
      });
      expect.soft(restore.status(), await restore.text()).toBe(200);
    }
  });

  test("the owner names an HSN code in the GST summary; staff read the name and 'Only the owner can change this'", async ({ page, request }) => {
    const owner = await adminToken(request);
    // 3506 (glues): no other spec sells under it, and the tariff list does not describe it
    const product = await createProduct(request, owner, { productName: uniq("Zz Glue "), hsnCode: "3506", gstRate: 18 });
    await placeOrder(request, await registerCustomer(request), product.productId, 3);
    await loginAdminInBrowser(page, owner);
    await page.goto("/gst-summary");
    const row = page.getByRole("row").filter({ hasText: "3506" });
    await expect(row).toContainText("HSN 3506 (not named yet)");
    await row.getByRole("button", { name: "Name HSN 3506" }).click();
    await row.getByLabel("What HSN 3506 is").fill("Prepared glues and adhesives");
    await row.getByRole("button", { name: "Save name" }).click();
    await expect(row).toContainText("Prepared glues and adhesives (your name)");
    await expectAccessible(page);

    const staff = await staffLogin(request);
    await loginAdminInBrowser(page, staff.token);
    await page.goto("/gst-summary");
    const staffRow = page.getByRole("row").filter({ hasText: "3506" });
    await expect(staffRow).toContainText("Prepared glues and adhesives (your name)");
    await expect(page.getByText("Only the owner can change this.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Name HSN|^Rename/ })).toHaveCount(0);
  });
});
