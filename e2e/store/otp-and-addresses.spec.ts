// The signed-in shopper's side of issue 29 on a 360 px phone: "Log in with OTP" (and the short
// sign-up of a new phone), the profile's address book, checkout to another address of the book (in
// another state), and the order page's "Confirm your cash-on-delivery order" box. The codes come
// from the outbox, where the console SMS provider (SMS_PROVIDER=console) keeps what it sent.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, test, uniqueCustomer } from "../fixtures";
import { addToCart, bearer, createProduct } from "../admin/helpers";

const PHONE = { width: 360, height: 740 };
const ORDER_PAGE = (customerId: number) => new RegExp(`/myOrder/${customerId}/(ORD-\\d{8}-\\d{6})$`);

const TEMPLATES = [
  { kind: "otp", text: "Your Clean Store login code is {#var#}. It is valid for {#var#} minutes." },
  { kind: "cod_confirm", text: "{#var#} is your code to confirm Clean Store cash-on-delivery order {#var#} of {#var#}." },
];

/** The owner registers the DLT templates of the codes: without one, no SMS is queued. */
async function registerSmsTemplates(request: APIRequestContext) {
  const headers = bearer(await adminToken(request));
  for (const [i, t] of TEMPLATES.entries()) {
    const res = await request.post("/api/v1/messaging/templates", {
      headers,
      data: { channel: "sms", kind: t.kind, dltTemplateId: `110716${String(i).padStart(13, "0")}`, senderId: "CLNSTR", text: t.text },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

/** The code of the newest SMS of `kind` to `phone`, as the owner reads it in the outbox. */
async function smsCode(request: APIRequestContext, phone: string, kind: string, not?: string): Promise<string> {
  const headers = bearer(await adminToken(request));
  let code: string | undefined;
  await expect
    .poll(async () => {
      const list = await request.get(`/api/v1/emails?channel=sms&search=${phone}`, { headers });
      const { items } = (await list.json()) as { items: { messageId: number; kind: string }[] };
      const sms = items.find((m) => m.kind === kind);
      if (!sms) return null;
      const one = await request.get(`/api/v1/emails/${sms.messageId}`, { headers });
      code = /\b(\d{6})\b/.exec(((await one.json()) as { text: string }).text)?.[1];
      return code === not ? null : (code ?? null);
    })
    .not.toBeNull();
  if (!code) throw new Error(`no ${kind} code for ${phone}`);
  return code;
}

async function setSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/v1/settings", { headers: bearer(await adminToken(request)), data });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A code that is not `code` (its last digit moved on). */
const wrong = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

test.describe("the shopper's account on a phone (360 px)", () => {
  test.beforeAll(async ({ request }) => {
    await registerSmsTemplates(request);
  });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("Log in with OTP: a wrong code says so, the right one logs in; an unknown phone signs up without a password", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await page.goto("/customerLogin");
    await page.getByRole("button", { name: "Log in with OTP" }).click();
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByRole("button", { name: "Send code" }).click();

    const codeField = page.getByLabel("6-digit code");
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(page.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
    await expectNoSideScroll(page);
    await expectAccessible(page);

    const code = await smsCode(request, c.number, "otp");
    await codeField.fill(wrong(code));
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("form", { name: "Enter the code" }).getByRole("alert")).toContainText(/attempt|code/i);
    await expect(page).toHaveURL(/\/customerLogin/);

    await codeField.fill(code);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${c.customerId}$`));
    expect(await page.evaluate(() => localStorage.getItem("customerId"))).toBe(String(c.customerId));

    // a phone without an account: the code, then the short sign-up (no password), and logged in
    await page.evaluate(() => localStorage.clear());
    const fresh = uniqueCustomer();
    await page.goto("/customerLogin");
    await page.getByRole("button", { name: "Log in with OTP" }).click();
    await page.getByLabel("Phone Number").fill(fresh.number);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").fill(await smsCode(request, fresh.number, "otp"));
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    const signup = page.getByRole("form", { name: "Create your account" });
    await expect(signup).toContainText(fresh.number);
    await expect(signup.getByLabel("Password")).toHaveCount(0);
    await signup.getByLabel("First Name").fill(fresh.firstName);
    await signup.getByLabel("Last Name").fill(fresh.lastName);
    await signup.getByLabel("Email").fill(fresh.email);
    await signup.getByLabel("House Number").fill(fresh.houseNo);
    await signup.getByLabel("Area Address").fill(fresh.areaAddress);
    await signup.getByLabel("Pin Code").fill(fresh.pinCode);
    await expect(signup.getByLabel("State")).toHaveValue("Maharashtra");
    await signup.getByLabel("City").fill(fresh.city);
    await signup.getByLabel(/I agree to the/).check();
    await expectNoSideScroll(page);
    await signup.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    const customerId = Number(await page.evaluate(() => localStorage.getItem("customerId")));
    expect(customerId).toBeGreaterThan(c.customerId);
    // the password login knows no password for it: the account was made with the verified phone
    const login = await request.post("/api/v1/customers/login", { data: { number: fresh.number, password: fresh.password } });
    expect(login.status()).toBe(401);
  });

  test("the address book: add a Work address, make it the default, delete the old one", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/userProfile/${c.customerId}/`);
    const book = page.getByRole("region", { name: "My addresses" });
    const cards = book.getByTestId("address-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Default");
    await expect(cards.first()).toContainText("Pune, Maharashtra 411001");

    await book.getByRole("button", { name: "Add an address" }).click();
    const add = book.getByRole("form", { name: "Add an address" });
    await add.getByLabel("Work").check();
    // a new address starts with the account's name and phone
    await expect(add.getByLabel("Full Name")).toHaveValue(`${c.firstName} ${c.lastName}`);
    await expect(add.getByLabel("Phone Number")).toHaveValue(c.number);
    await add.getByLabel("House Number").fill("4th Floor, 80");
    await add.getByLabel("Area Address").fill("MG Road");
    await add.getByLabel("Landmark (optional)").fill("Trinity Metro");
    await add.getByLabel("Pin Code").fill("560001");
    // the PIN code fills the state (and a city the shopper may put better)
    await expect(add.getByLabel("State")).toHaveValue("Karnataka");
    await add.getByLabel("City").fill("Bengaluru");
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await add.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("The address is added.")).toBeVisible();
    await expect(cards).toHaveCount(2);

    await book.getByRole("button", { name: "Change Work: 4th Floor, 80, Bengaluru" }).click();
    const edit = book.getByRole("form", { name: "Edit the address" });
    await expect(edit.getByLabel("Work")).toBeChecked();
    await edit.getByLabel("Landmark (optional)").fill("Trinity Metro Station");
    await edit.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("The address is saved.")).toBeVisible();
    await expect(cards.nth(1)).toContainText("near Trinity Metro Station");

    await book.getByRole("button", { name: "Make Work: 4th Floor, 80, Bengaluru the default" }).click();
    await expect(page.getByText("Work is now your default address.")).toBeVisible();
    // the default first, and it is the profile's address too
    await expect(cards.first()).toContainText("Default");
    await expect(cards.first()).toContainText("Bengaluru, Karnataka 560001");
    // the default is the account's address too (the legacy profile endpoint edits it)
    const me = await request.get(`/api/v1/customers/details/${c.customerId}`, { headers: bearer(c.token) });
    expect(await me.json()).toEqual(expect.objectContaining({ city: "Bengaluru", state: "Karnataka", pinCode: "560001" }));

    await book.getByRole("button", { name: "Delete Home: 12B, Pune" }).click();
    await book.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("The address is deleted.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Work");
    await expectNoSideScroll(page);

    const res = await request.get("/api/v1/customers/me/addresses", { headers: bearer(c.token) });
    const list = (await res.json()) as { label: string; state: string; isDefault: boolean; landmark: string | null }[];
    expect(list).toEqual([expect.objectContaining({ label: "Work", state: "Karnataka", isDefault: true, landmark: "Trinity Metro Station" })]);
  });

  test("checkout to a second address, in another state: the order goes there", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productName: `Zz Floor Cleaner ${Date.now()}`, productPrice: 150, deliveryCharge: "Free" });
    const c = await registerCustomer(request);
    await addToCart(request, c, product.productId, 1);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myCart/${c.customerId}`);

    const deliverTo = page.getByRole("region", { name: "Deliver to" });
    await expect(deliverTo.getByTestId("deliver-to")).toContainText("Pune, Maharashtra 411001");
    await deliverTo.getByRole("button", { name: "Deliver to a new address" }).click();
    const add = deliverTo.getByRole("form", { name: "Add an address" });
    await add.getByLabel("Other").check();
    await add.getByLabel("Full Name").fill("Ravi Verma");
    await add.getByLabel("House Number").fill("7");
    await add.getByLabel("Area Address").fill("Anna Nagar");
    await add.getByLabel("Pin Code").fill("600040");
    await expect(add.getByLabel("State")).toHaveValue("Tamil Nadu");
    await add.getByLabel("City").fill("Chennai");
    await expectNoSideScroll(page);
    await add.getByRole("button", { name: "Save address" }).click();

    // the new address is chosen; the default stays a choice
    const chosen = deliverTo.getByRole("radio", { checked: true });
    await expect(deliverTo.getByRole("radio")).toHaveCount(2);
    await expect(deliverTo.getByTestId("deliver-to")).toContainText("Chennai, Tamil Nadu 600040");
    await expect(chosen).toHaveCount(1);
    await expectNoSideScroll(page);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Checkout cart" }).click();
    await expect(page).toHaveURL(ORDER_PAGE(c.customerId));
    await expect(page.getByTestId("placed-address")).toHaveText("Ravi Verma, 7, Anna Nagar, Chennai, Tamil Nadu 600040");
    const productOrderId = ORDER_PAGE(c.customerId).exec(page.url())?.[1];
    const order = (await (await request.get(`/api/v1/orders/${productOrderId}`, { headers: bearer(c.token) })).json()) as { state: string };
    expect(order.state).toBe("Tamil Nadu");
  });

  test("a COD order waits for the code: the box on the order page confirms it, and goes", async ({ page, request }) => {
    const admin = await adminToken(request);
    await setSettings(request, { codConfirmation: "otp" });
    try {
      const product = await createProduct(request, admin, { productName: `Zz COD Scrub Pad ${Date.now()}`, productPrice: 99, deliveryCharge: "Free" });
      const c = await registerCustomer(request);
      await addToCart(request, c, product.productId, 1);
      await loginCustomerInBrowser(page, c);
      await page.goto(`/myCart/${c.customerId}`);
      await page.getByLabel("Cash on delivery").check();
      await page.getByRole("button", { name: "Checkout cart" }).click();
      await expect(page).toHaveURL(ORDER_PAGE(c.customerId));

      const box = page.getByRole("region", { name: "Confirm your cash-on-delivery order" });
      await expect(box).toBeVisible();
      await expect(box).toContainText(`ending ${c.number.slice(-4)}`);
      const codeField = box.getByLabel("6-digit code");
      await expect(codeField).toHaveAttribute("inputmode", "numeric");
      await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
      await expectNoSideScroll(page);
      await expectAccessible(page);

      const code = await smsCode(request, c.number, "cod_confirm");
      await codeField.fill(wrong(code));
      await box.getByRole("button", { name: "Confirm order" }).click();
      await expect(box.getByRole("alert")).toBeVisible();

      await codeField.fill(code);
      await box.getByRole("button", { name: "Confirm order" }).click();
      await expect(page.getByText("Thank you: your order is confirmed.")).toBeVisible();
      await expect(box).toHaveCount(0);
      const productOrderId = ORDER_PAGE(c.customerId).exec(page.url())?.[1];
      const order = (await (await request.get(`/api/v1/orders/${productOrderId}`, { headers: bearer(c.token) })).json()) as { codConfirmation: string };
      expect(order.codConfirmation).toBe("Confirmed");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Order placed" })).toBeVisible();
      await expect(box).toHaveCount(0);
    } finally {
      await setSettings(request, { codConfirmation: "off" });
    }
  });
});
