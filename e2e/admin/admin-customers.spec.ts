import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { loginAdmin, uniq } from "./helpers";

test.describe("customer management", () => {
  test("status switch saves and reloads; an inactive customer cannot log in", async ({ page, request }) => {
    await loginAdmin(page, request);
    const c = await registerCustomer(request);
    await page.goto(`/customer-management?search=${encodeURIComponent(c.email)}`);
    await expect(page).toHaveTitle(/Customer Management/);
    const row = page.locator(`tr[data-customer-id="${c.customerId}"]`);
    await expect(row).toContainText(`${c.houseNo}, ${c.city}`);
    await expect(row).toContainText(c.number);
    const status = row.getByRole("combobox", { name: `Status of ${c.firstName} ${c.lastName}` });
    await expect(status).toHaveValue("true");
    await expectAccessible(page);

    await status.selectOption("false");
    await expect(page.getByText(/is now Inactive/)).toBeVisible();
    await page.reload();
    await expect(page.locator(`tr[data-customer-id="${c.customerId}"]`).getByRole("combobox")).toHaveValue("false");
    const login = await request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(login.status()).toBe(403);

    await page.locator(`tr[data-customer-id="${c.customerId}"]`).getByRole("combobox").selectOption("true");
    await expect(page.getByText(/is now Active/)).toBeVisible();
    const again = await request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(again.status()).toBe(200);
  });

  test("edit validates per the spec, keeps a blank password, and returns to the list", async ({ page, request }) => {
    await loginAdmin(page, request);
    const c = await registerCustomer(request);
    await page.goto(`/customer-management?search=${encodeURIComponent(c.email)}`);
    await page.getByRole("link", { name: `Edit ${c.firstName} ${c.lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/updatecustomer/${c.customerId}$`));
    await expect(page.getByRole("heading", { name: "Update a customer" })).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue(c.firstName);
    await expectAccessible(page);

    await page.getByLabel("First Name").fill("");
    await page.getByLabel("Email Id").fill("not-an-email");
    await page.getByLabel("Phone Number").fill("98abc");
    await page.getByLabel("City").fill(" ");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("First Name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Phone Number must contain digits only")).toBeVisible();
    await expect(page.getByText("City is required")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/updatecustomer/${c.customerId}$`));

    const city = uniq("City");
    await page.getByLabel("First Name").fill("Meera");
    await page.getByLabel("Email Id").fill(c.email);
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("City").fill(city);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/customer-management$/);
    await expect(page.getByText("Customer updated.")).toBeVisible();

    await page.getByRole("searchbox").fill(city);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.locator(`tr[data-customer-id="${c.customerId}"]`);
    await expect(row).toContainText(`Meera ${c.lastName}`);
    await expect(row).toContainText(city);
    // the blank password left the old one in place
    const login = await request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(login.status()).toBe(200);
  });

  test("delete asks for confirmation and removes the row", async ({ page, request }) => {
    await loginAdmin(page, request);
    const c = await registerCustomer(request);
    await page.goto(`/customer-management?search=${encodeURIComponent(c.email)}`);
    const row = page.locator(`tr[data-customer-id="${c.customerId}"]`);
    await row.getByRole("button", { name: `Delete ${c.firstName} ${c.lastName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this customer?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete ${c.firstName} ${c.lastName}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`Customer ${c.customerId} deleted.`)).toBeVisible();
    await expect(page.getByText("No Customer found.")).toBeVisible();
    const login = await request.post("/api/v1/customers/login", { data: { number: c.number, password: c.password } });
    expect(login.status()).toBe(401);
  });

  test("search is server-side and pages 20 at a time, newest first, with the state in the URL", async ({ page, request }) => {
    await loginAdmin(page, request);
    const area = uniq("Lane");
    const made: number[] = [];
    for (let i = 0; i < 21; i++) made.push((await registerCustomer(request, { areaAddress: `${area} ${i}` })).customerId);
    await page.goto("/customer-management");
    await page.getByRole("searchbox").fill(area);
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`search=${area}`));
    await expect(page.getByText("Showing 1–20 of 21 · Page 1 of 2")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(20);
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-customer-id", String(made[20]));

    await page.getByRole("button", { name: "Next ›" }).click();
    await expect(page.getByText("Showing 21–21 of 21 · Page 2 of 2")).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-customer-id", String(made[0]));

    await page.reload();
    await expect(page.getByText("Showing 21–21 of 21 · Page 2 of 2")).toBeVisible();
    await page.getByRole("button", { name: "‹ Previous" }).click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();

    await page.getByRole("searchbox").fill(`${area}-nobody`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No Customer found.")).toBeVisible();

    // a broken page number in the URL falls back to page 1
    await page.goto(`/customer-management?page=abc&search=${area}`);
    await expect(page.getByText("Showing 1–20 of 21 · Page 1 of 2")).toBeVisible();
  });
});
