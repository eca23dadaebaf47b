// Typing a PIN code fills the city and state of an address form (issue 27): registration and the
// profile. What the customer typed stays, and an unknown PIN code is a hint, not a block.
import { test, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, uniqueCustomer } from "../fixtures";

test.describe("PIN code fills the address", () => {
  test("registration: 411001 fills Pune / Maharashtra; a city typed by hand stays; an unknown PIN code still registers", async ({ page }) => {
    await page.goto("/customerRegister");
    await page.getByLabel("Pin Code").fill("411001");
    await expect(page.getByLabel("City")).toHaveValue("Pune");
    await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
    await expect(page.getByText("Pune, Maharashtra", { exact: true })).toBeVisible();

    // the customer's own city is kept when the PIN code changes; the state follows the PIN code
    await page.getByLabel("City").fill("Kolkata North");
    await page.getByLabel("Pin Code").fill("560001");
    await expect(page.getByLabel("State")).toHaveValue("Karnataka");
    await expect(page.getByText("Bengaluru Urban, Karnataka", { exact: true })).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Kolkata North");

    // unknown: a hint under the field, and the form still goes
    await page.getByLabel("Pin Code").fill("799998");
    await expect(page.getByText("We do not know this PIN code: please check it, and type the city and state.")).toBeVisible();
    await expectAccessible(page);
    const c = uniqueCustomer();
    await page.getByLabel("First Name").fill(c.firstName);
    await page.getByLabel("Last Name").fill(c.lastName);
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("Email").fill(c.email);
    await page.getByLabel("House Number").fill(c.houseNo);
    await page.getByLabel("Area Address").fill(c.areaAddress);
    await page.getByLabel("City").fill("Agartala");
    await page.getByLabel("State").fill("Tripura");
    await page.getByLabel("Password").fill(c.password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/customerLogin$/);
  });

  test("profile: a saved address is left alone until its PIN code changes, then filled", async ({ page, request }) => {
    const c = await registerCustomer(request, { city: "Pimpri", pinCode: "411018" });
    await loginCustomerInBrowser(page, c);
    await page.goto(`/userProfile/${c.customerId}/`);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("City")).toHaveValue("Pimpri");
    await page.getByLabel("Pin Code").fill("440001");
    await expect(page.getByLabel("City")).toHaveValue("Nagpur");
    await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your profile is saved.")).toBeVisible();
    await expect(page.getByText("Nagpur")).toBeVisible();
  });
});
