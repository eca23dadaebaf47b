// Coupons (issue 26) in the back office: the owner creates a coupon with the form (a field refused
// with the shared schema's message first), finds it listed as active with its uses, opens it, and
// disables it.
import { expect, expectAccessible, test } from "../fixtures";
import { loginAdmin, uniq } from "./helpers";

/** "2026-11-26T10:30" for datetime-local, `days` from now */
const localInput = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 16);

test.describe("coupons in the back office", () => {
  test("the owner creates a coupon, sees it active with its uses, opens it and disables it", async ({ page, request }) => {
    await loginAdmin(page, request);
    const code = `ZZ-${uniq("")}`.toUpperCase().slice(0, 20);
    await page.goto("/Admindashboard");
    await page.getByRole("link", { name: "Coupons" }).click();
    await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();

    const form = page.getByRole("region", { name: "Create a coupon" });
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Description (shown to the buyer)").fill("Zz 10% off prepaid orders");
    await form.getByLabel("Type").selectOption("PERCENT");
    await form.getByLabel("Percent off (1–90)").fill("95");
    await form.getByLabel("Max discount (₹, optional)").fill("150");
    await form.getByLabel("Starts at (IST)").fill(localInput(-1));
    await form.getByLabel("Ends at (IST)").fill(localInput(30));
    await form.getByLabel("Usage limit (orders, optional)").fill("100");
    await form.getByLabel("Cash on delivery").uncheck();
    await form.getByRole("button", { name: "Create coupon" }).click();
    // the shared schema refuses it in the browser, beside the field
    await expect(form.getByLabel("Percent off (1–90)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("A percentage off must be a whole number from 1 to 90")).toBeVisible();
    await expectAccessible(page);

    await form.getByLabel("Percent off (1–90)").fill("10");
    await form.getByRole("button", { name: "Create coupon" }).click();
    await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();

    await page.getByRole("navigation", { name: "Coupon status" }).getByRole("link", { name: "Active" }).click();
    await expect(page).toHaveURL(/status=active/);
    const row = page.locator(`tr[data-coupon="${code}"]`);
    await expect(row).toContainText("10% off (up to ₹150.00)");
    await expect(row).toContainText("Prepaid only");
    await expect(row).toContainText("0 / 100");
    await expect(row).toContainText("Active");

    await row.getByRole("link", { name: `Open coupon ${code}` }).click();
    await expect(page.getByRole("heading", { name: `Coupon ${code}` })).toBeVisible();
    await expect(page.getByText("No order has used this coupon yet.")).toBeVisible();
    await page.getByRole("link", { name: "Back to coupons" }).click();

    await page.getByRole("searchbox").fill(code);
    await page.getByRole("searchbox").press("Enter");
    await page
      .locator(`tr[data-coupon="${code}"]`)
      .getByRole("button", { name: `Disable ${code}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText(`Coupon ${code} disabled.`)).toBeVisible();
    await page.getByRole("navigation", { name: "Coupon status" }).getByRole("link", { name: "Disabled" }).click();
    const disabled = page.locator(`tr[data-coupon="${code}"]`);
    await expect(disabled).toContainText("Disabled");
    await expect(disabled.getByRole("button", { name: `Disable ${code}` })).toHaveCount(0);
  });
});
