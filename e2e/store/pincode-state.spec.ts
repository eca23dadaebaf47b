// The PIN code fixes the state (issue 27): a state that is not the PIN code's is refused by the
// server, and the address forms show why on the State field, so the customer can fix it.
import { test, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, uniqueCustomer } from "../fixtures";

const MESSAGE = "PIN code 411001 is in Maharashtra";

test.describe("the PIN code's state", () => {
  test("registration: a state typed against the PIN code is refused on the State field; the right one registers", async ({ page }) => {
    const c = uniqueCustomer();
    await page.goto("/customerRegister");
    await page.getByLabel("First Name").fill(c.firstName);
    await page.getByLabel("Last Name").fill(c.lastName);
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("Email").fill(c.email);
    await page.getByLabel("House Number").fill(c.houseNo);
    await page.getByLabel("Area Address").fill(c.areaAddress);
    await page.getByLabel("Pin Code").fill("411001");
    await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
    // what the customer types wins over the fill, and the server has the last word
    await page.getByLabel("State").fill("Karnataka");
    await page.getByLabel("Password").fill(c.password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Register" }).click();

    const state = page.getByLabel("State");
    await expect(state).toHaveAccessibleDescription(MESSAGE);
    await expect(state).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/customerRegister$/);
    await expectAccessible(page);

    await state.fill("maharashtra");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/customerLogin$/);
  });

  test("profile: the saved PIN code's place is the hint, and a disagreeing state is refused on the State field", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/userProfile/${c.customerId}/`);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Pin Code")).toHaveAccessibleDescription("Pune, Maharashtra");
    // the saved address is not refilled on opening
    await expect(page.getByLabel("City")).toHaveValue(c.city);

    await page.getByLabel("State").fill("Karnataka");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("State")).toHaveAccessibleDescription(MESSAGE);
    await expectAccessible(page);

    await page.getByLabel("State").fill("Maharashtra");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your profile is saved.")).toBeVisible();
  });
});
