// WhatsApp consent (issue 30, contracts/whatsapp.md "Consent"): registration and both checkouts show an
// unticked "Send order updates on WhatsApp" box, and send whatsappOptIn only when it is ticked; the
// profile's Messages shows the preferences with when each changed, and saves them.
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, test, uniqueCustomer } from "../fixtures";
import { bearer, createProduct, uniq } from "../admin/helpers";

const BOX = "Send order updates on WhatsApp";

interface Preferences {
  whatsappOptIn: boolean;
  whatsappOptInAt: string | null;
  whatsappOptInSource: string | null;
  smsMarketingOptIn: boolean;
  emailMarketingOptIn: boolean;
  language: string;
  languageChangedAt: string | null;
}

async function preferencesOf(request: APIRequestContext, token: string): Promise<Preferences> {
  const res = await request.get("/api/v1/customers/me/preferences", { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Preferences;
}

async function login(request: APIRequestContext, number: string, password: string) {
  const res = await request.post("/api/v1/customers/login", { data: { number, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; customerId: number };
}

/** The tRPC call's body as sent (the batch's JSON), when `procedure` is called. */
const callOf = (page: Page, procedure: string) => page.waitForRequest((r: Request) => r.method() === "POST" && r.url().includes(`/api/trpc/${procedure}`));

async function fillRegistration(page: Page, c: ReturnType<typeof uniqueCustomer>) {
  await page.getByLabel("First Name").fill(c.firstName);
  await page.getByLabel("Last Name").fill(c.lastName);
  await page.getByLabel("Phone Number").fill(c.number);
  await page.getByLabel("Email").fill(c.email);
  await page.getByLabel("House Number").fill(c.houseNo);
  await page.getByLabel("Area Address").fill(c.areaAddress);
  await page.getByLabel("City").fill(c.city);
  await page.getByLabel("State").fill(c.state);
  await page.getByLabel("Pin Code").fill(c.pinCode);
  await page.getByLabel("Password").fill(c.password);
  await page.getByLabel(/I agree to the/).check();
}

test.describe("WhatsApp consent", () => {
  test("registration's box is unticked; the profile's Messages shows it off, then saves it on with its time", async ({ page, request }) => {
    const c = uniqueCustomer();
    await page.goto("/customerRegister");
    await expect(page.getByLabel(BOX)).not.toBeChecked();
    await fillRegistration(page, c);
    const registering = callOf(page, "customers.save");
    await page.getByRole("button", { name: "Register" }).click();
    expect((await registering).postData() ?? "").not.toContain("whatsappOptIn");
    await expect(page).toHaveURL(/\/customerLogin$/);

    const session = await login(request, c.number, c.password);
    expect(await preferencesOf(request, session.token)).toMatchObject({
      whatsappOptIn: false,
      whatsappOptInAt: null,
      smsMarketingOptIn: false,
      emailMarketingOptIn: false,
      language: "en",
    });

    await loginCustomerInBrowser(page, session);
    await page.goto(`/userProfile/${session.customerId}`);
    const messages = page.getByRole("region", { name: "Messages" });
    await expect(messages.getByLabel("WhatsApp order updates")).not.toBeChecked();
    await expect(messages.getByLabel("Offers by SMS")).not.toBeChecked();
    await expect(messages.getByLabel("Offers by e-mail")).not.toBeChecked();
    await expect(messages.getByLabel("Language of messages")).toHaveValue("en");
    await expect(messages.getByTestId("pref-whatsappOptIn-at")).toHaveText("Never changed");
    await expect(messages.getByRole("button", { name: "Save message preferences" })).toBeDisabled();
    await expectAccessible(page);

    await messages.getByLabel("WhatsApp order updates").check();
    await messages.getByLabel("Language of messages").selectOption("hi");
    await expect(messages.getByRole("option", { name: "हिन्दी" })).toHaveAttribute("lang", "hi");
    await messages.getByRole("button", { name: "Save message preferences" }).click();
    await expect(page.getByText("Your message preferences are saved.")).toBeVisible();
    await expect(messages.getByTestId("pref-whatsappOptIn-at")).toHaveText(/^Last changed .+ in your profile$/);
    await expect(messages.getByTestId("pref-language-at")).toHaveText(/^Last changed /);
    // the one not touched keeps "never"
    await expect(messages.getByTestId("pref-smsMarketingOptIn-at")).toHaveText("Never changed");

    const saved = await preferencesOf(request, session.token);
    expect(saved).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "profile", smsMarketingOptIn: false, language: "hi" });
    expect(Date.now() - new Date(saved.whatsappOptInAt ?? 0).getTime()).toBeLessThan(5 * 60_000);
    expect(saved.languageChangedAt).not.toBeNull();

    // after a reload the profile shows what the server kept
    await page.reload();
    await expect(messages.getByLabel("WhatsApp order updates")).toBeChecked();
    await expect(messages.getByLabel("Language of messages")).toHaveValue("hi");
    await expectAccessible(page);
  });

  test("registration with the box ticked opts in (source register)", async ({ page, request }) => {
    const c = uniqueCustomer();
    await page.goto("/customerRegister");
    await fillRegistration(page, c);
    await page.getByLabel(BOX).check();
    const registering = callOf(page, "customers.save");
    await page.getByRole("button", { name: "Register" }).click();
    expect((await registering).postData() ?? "").toContain('"whatsappOptIn":true');
    await expect(page).toHaveURL(/\/customerLogin$/);
    const session = await login(request, c.number, c.password);
    expect(await preferencesOf(request, session.token)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "register" });
  });

  test("the cart's checkout: the box unticked, ticked sends the consent; the next checkout says it is on", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productName: uniq("Zz Consent Item "), productPrice: 80, deliveryCharge: "Free" });
    const c = await registerCustomer(request);
    const add = async () => {
      const res = await request.post("/api/v1/addToCart/save", { headers: bearer(c.token), data: { productId: product.productId, quantity: 1 } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await add();
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myCart/${c.customerId}`);
    await expect(page.getByLabel(BOX)).not.toBeChecked();
    await expectAccessible(page);
    await page.getByLabel(BOX).check();
    const placing = callOf(page, "cart.checkout");
    await page.getByRole("button", { name: "Checkout cart" }).click();
    expect((await placing).postData() ?? "").toContain('"whatsappOptIn":true');
    await expect(page).toHaveURL(new RegExp(`/myOrder/${c.customerId}/ORD-\\d{8}-\\d{6}$`));
    expect(await preferencesOf(request, c.token)).toMatchObject({ whatsappOptIn: true, whatsappOptInSource: "checkout" });

    // opted in: the next checkout says so instead of an unticked box
    await add();
    await page.goto(`/myCart/${c.customerId}`);
    await expect(page.getByTestId("checkout-whatsapp-on")).toHaveText(/Order updates go to your WhatsApp/);
    await expect(page.getByLabel(BOX)).toHaveCount(0);
  });

  test("guest checkout: the box is unticked; left so, the order carries no consent; ticked, it does", async ({ page, request }) => {
    const admin = await adminToken(request);
    const before = await request.get("/api/v1/settings", { headers: bearer(admin) });
    const { guestCodNeedsOtp, guestCheckoutEnabled, codEnabled } = (await before.json()) as {
      guestCodNeedsOtp: boolean;
      guestCheckoutEnabled: boolean;
      codEnabled: boolean;
    };
    // cash on delivery without the phone's OTP: the order is placed at once
    const set = await request.post("/api/v1/settings", {
      headers: bearer(admin),
      data: { guestCheckoutEnabled: true, guestCodNeedsOtp: false, codEnabled: true },
    });
    expect(set.status(), await set.text()).toBe(200);
    try {
      const product = await createProduct(request, admin, { productName: uniq("Zz Consent Guest "), productPrice: 60, deliveryCharge: "Free" });
      for (const tick of [false, true]) {
        await page.goto(`/singleProductDetails/${product.productId}`);
        await page.getByRole("button", { name: "Add to Cart" }).click();
        await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
        await page.goto("/guest/checkout");
        await expect(page.getByLabel(BOX)).not.toBeChecked();
        await page.getByLabel("Full Name").fill("Meera Guest");
        await page.getByLabel("Mobile Number").fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`);
        await page.getByLabel("Email").fill(`${uniq("consent").toLowerCase()}@example.com`);
        await page.getByLabel("House Number").fill("12");
        await page.getByLabel("Area Address").fill("MG Road");
        await page.getByLabel("Pin Code").fill("560001");
        await expect(page.getByLabel("State")).not.toHaveValue("");
        await page.getByRole("radio", { name: /Cash on delivery/ }).check();
        if (tick) await page.getByLabel(BOX).check();
        else await expectAccessible(page);
        const placing = callOf(page, "guest.checkout");
        await page.getByRole("button", { name: "Place order" }).click();
        const body = (await placing).postData() ?? "";
        if (tick) expect(body).toContain('"whatsappOptIn":true');
        else expect(body).not.toContain("whatsappOptIn");
        await expect(page).toHaveURL(/\/guest\/order\/ORD-\d{8}-\d{6}$/);
      }
    } finally {
      const restore = await request.post("/api/v1/settings", { headers: bearer(admin), data: { guestCodNeedsOtp, guestCheckoutEnabled, codEnabled } });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
});
