// Checkout for everyone (issue 29): a shopper without an account adds a product, checks out cash on
// delivery with the OTP sent to the phone (read from the console SMS provider's record), lands on the
// guest order page with its invoice, and the order mail's one-time link opens the order once only.
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginAdminInBrowser, test } from "../fixtures";
import { bearer, createProduct, uniq } from "../admin/helpers";

interface Listed {
  messageId: number;
  recipient: string;
  kind: string;
}

/** The newest outbox message of a channel to `recipient`, with its text. */
async function latestMessage(request: APIRequestContext, token: string, channel: "sms" | "email", recipient: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/emails?channel=${channel}&search=${encodeURIComponent(recipient)}`, { headers: bearer(token) });
        expect(res.status(), await res.text()).toBe(200);
        const mine = ((await res.json()) as { items: Listed[] }).items.filter((m) => m.recipient === recipient);
        if (!mine[0]) return "";
        const one = await request.get(`/api/v1/emails/${mine[0].messageId}`, { headers: bearer(token) });
        text = ((await one.json()) as { text: string }).text;
        return text;
      },
      { message: `a ${channel} message to ${recipient}` },
    )
    .not.toBe("");
  return text;
}

test.describe("guest checkout", () => {
  test("a guest orders COD with an OTP, sees the order and its invoice; the mail's link works once", async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const admin = await adminToken(request);
    // the owner registers the OTP's DLT template (else the code is never sent)
    const template = await request.post("/api/v1/messaging/templates", {
      headers: bearer(admin),
      data: {
        channel: "sms",
        kind: "otp",
        dltTemplateId: "1207161234567890001",
        senderId: "CLNSTR",
        text: "{#var#} is your Clean Store code. It is valid for {#var#} minutes.",
      },
    });
    expect([200, 201], await template.text()).toContain(template.status());
    const settings = await request.post("/api/v1/settings", {
      headers: bearer(admin),
      data: { guestCheckoutEnabled: true, guestCodNeedsOtp: true, codEnabled: true },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const product = await createProduct(request, admin, { productName: uniq("Zz Guest Cleaner "), productPrice: 150, deliveryCharge: "Free" });
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    const email = `${uniq("guest").toLowerCase()}@example.com`;

    // not logged in: Add to Cart keeps a guest cart
    await page.goto(`/singleProductDetails/${product.productId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(new RegExp(`/singleProductDetails/${product.productId}$`));
    await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("guestCartToken")?.length ?? 0)).toBeGreaterThanOrEqual(32);
    await page.getByRole("link", { name: "Basket, 1 item" }).click();
    await expect(page).toHaveURL(/\/guest\/cart$/);
    await expect(page.getByRole("listitem", { name: product.productName })).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("₹150.00");
    await expect(page.getByRole("link", { name: "Log in" }).last()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Check out" }).click();
    await expect(page).toHaveURL(/\/guest\/checkout$/);
    await page.getByLabel("Full Name").fill("Meera Guest");
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("House Number").fill("12");
    await page.getByLabel("Area Address").fill("MG Road");
    await page.getByLabel("Pin Code").fill("560001");
    await expect(page.getByLabel("State")).not.toHaveValue("");
    await expect(page.getByLabel("City")).not.toHaveValue("");
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Place order" }).click();

    // cash on delivery: the phone is confirmed with the code sent by SMS
    await expect(page.getByRole("heading", { name: "Confirm your mobile number" })).toBeVisible();
    await expect(page.getByText(`We sent a 6-digit code by SMS to ${phone}.`)).toBeVisible();
    const sms = await latestMessage(request, admin, "sms", phone);
    const code = /\b(\d{6})\b/.exec(sms)?.[1];
    expect(code, sms).toBeTruthy();
    expect(sms).toBe(`${code} is your Clean Store code. It is valid for 5 minutes.`);
    await page.getByLabel("6-digit code").fill(code ?? "");
    await page.getByRole("button", { name: "Verify and place order" }).click();

    await expect(page).toHaveURL(/\/guest\/order\/ORD-\d{8}-\d{6}$/);
    const productOrderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    await expect(page.getByRole("heading", { level: 1, name: `Order ${productOrderId}` })).toBeVisible();
    await expect(page.getByTestId("placed-total")).toHaveText("₹150.00");
    await expect(page.getByTestId("placed-address")).toContainText("Meera Guest");
    await expect(page.getByText(/^Cash on delivery · /)).toBeVisible();
    // the guest cart is spent
    await expect(page.getByRole("link", { name: "Basket, 0 items" })).toBeVisible();
    const invoice = page.getByRole("button", { name: /^Download invoice / });
    await expect(invoice).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await expectAccessible(page);
    // a reload reads the order again with the token kept in this browser
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${productOrderId}` })).toBeVisible();

    // the order mail carries a one-time link to the order page
    const mail = await latestMessage(request, admin, "email", email);
    const link = new RegExp(`/guest/order/${productOrderId}\\?link=[A-Za-z0-9_-]+`).exec(mail)?.[0];
    expect(link, mail).toBeTruthy();

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(link ?? "");
    await expect(other.getByRole("heading", { level: 1, name: `Order ${productOrderId}` })).toBeVisible();
    await expect(other.getByTestId("order-reference")).toHaveText(productOrderId);
    // the address keeps no secret once the link is exchanged
    await expect(other).toHaveURL(new RegExp(`/guest/order/${productOrderId}$`));
    await elsewhere.close();

    const third = await browser.newContext();
    const late = await third.newPage();
    await late.goto(link ?? "");
    await expect(late.getByRole("alert")).toContainText("used already");
    await expect(late.getByTestId("order-reference")).toHaveCount(0);
    await third.close();
  });

  test("a COD order awaiting confirmation: the guest sees the box; the admin finds it under COD to confirm and confirms it after a call", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminToken(request);
    const otpTemplate = await request.post("/api/v1/messaging/templates", {
      headers: bearer(admin),
      data: {
        channel: "sms",
        kind: "otp",
        dltTemplateId: "1207161234567890001",
        senderId: "CLNSTR",
        text: "{#var#} is your Clean Store code. It is valid for {#var#} minutes.",
      },
    });
    expect([200, 201], await otpTemplate.text()).toContain(otpTemplate.status());
    const on = await request.post("/api/v1/settings", { headers: bearer(admin), data: { codConfirmation: "otp", guestCodNeedsOtp: true, codEnabled: true } });
    expect(on.status(), await on.text()).toBe(200);
    try {
      const product = await createProduct(request, admin, { productName: uniq("Zz Guest Confirm "), productPrice: 90, deliveryCharge: "Free" });
      const phone = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
      // a guest's COD order, placed through the API
      const cart = (await (await request.post("/api/v1/guest/cart")).json()) as { cartToken: string };
      const added = await request.post(`/api/v1/guest/cart/${cart.cartToken}/items`, { data: { productId: product.productId, quantity: 1 } });
      expect(added.status(), await added.text()).toBe(200);
      const sent = await request.post("/api/v1/auth/otp/send", { data: { phone, purpose: "GUEST_CHECKOUT" } });
      expect(sent.status(), await sent.text()).toBe(200);
      const code = /\b(\d{6})\b/.exec(await latestMessage(request, admin, "sms", phone))?.[1] ?? "";
      const verified = await request.post("/api/v1/auth/otp/verify", { data: { requestId: ((await sent.json()) as { requestId: string }).requestId, code } });
      expect(verified.status(), await verified.text()).toBe(200);
      const placed = await request.post("/api/v1/guest/checkout", {
        data: {
          cartToken: cart.cartToken,
          name: "Ravi Guest",
          phone,
          email: `${uniq("cod").toLowerCase()}@example.com`,
          address: { houseNo: "4", areaAddress: "FC Road", city: "Pune", pinCode: "411001", state: "Maharashtra" },
          paymentMethod: "COD",
          otpToken: ((await verified.json()) as { otpToken: string }).otpToken,
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const order = (await placed.json()) as { productOrderId: string; orderAccessToken: string };

      // the guest's order page asks for the code
      await page.goto("/");
      await page.evaluate((o) => localStorage.setItem("guestOrderTokens", JSON.stringify({ [o.productOrderId]: o.orderAccessToken })), order);
      await page.goto(`/guest/order/${order.productOrderId}`);
      await expect(page.getByRole("heading", { name: "Confirm your cash-on-delivery order" })).toBeVisible();

      // the back office: the order desk's COD to confirm, then the order's manual confirmation
      const desk = await browser.newContext();
      const office = await desk.newPage();
      await loginAdminInBrowser(office, admin);
      await office.goto("/orders");
      await office.getByRole("link", { name: "COD to confirm" }).click();
      await expect(office).toHaveURL(/codConfirmation=Pending/);
      await expect(office.getByRole("link", { name: "COD to confirm" })).toHaveAttribute("aria-current", "page");
      await office.getByRole("link", { name: `View order ${order.productOrderId}` }).click();
      await expect(office.getByTestId("cod-confirmation")).toContainText("Pending");
      await office.getByRole("button", { name: "Confirm COD (after a phone call)" }).click();
      await expect(office.getByText("Write how the buyer confirmed")).toBeVisible();
      await office.getByLabel("Note").fill("Called the buyer at 12:40, confirmed by Ravi");
      await office.getByRole("button", { name: "Confirm COD (after a phone call)" }).click();
      await expect(office.getByTestId("cod-confirmation")).toContainText("Confirmed");
      await expect(office.getByTestId("cod-confirmation")).toContainText("Called the buyer at 12:40, confirmed by Ravi");
      await desk.close();

      await page.reload();
      await expect(page.getByTestId("order-reference")).toHaveText(order.productOrderId);
      await expect(page.getByRole("heading", { name: "Confirm your cash-on-delivery order" })).toHaveCount(0);
    } finally {
      const off = await request.post("/api/v1/settings", { headers: bearer(admin), data: { codConfirmation: "off" } });
      expect(off.status(), await off.text()).toBe(200);
    }
  });
});
