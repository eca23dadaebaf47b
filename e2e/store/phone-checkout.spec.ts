// Buying on a cheap phone (issue 23), on a 390 × 844 screen: after Continue or Checkout cart the
// shopper lands at the top of the order's own page; a UPI order opens with "Pay ₹X with a UPI
// app", the QR code and the UTR field, all above the fold; My Orders and the tracker show "Pay now"
// with the time left; the cart says where the parcel goes, with a way to change it.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct } from "../admin/helpers";

const PHONE = { width: 390, height: 844 };

async function setSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/v1/settings", { headers: bearer(await adminToken(request)), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Wholly on the first screen: the page is not scrolled and the element's box ends above the fold. */
async function expectAboveTheFold(page: Page, locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), `${what}: the page is at its top`).toBe(0);
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  expect(box.y, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} ends above the fold (${PHONE.height}px)`).toBeLessThanOrEqual(PHONE.height);
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const ORDER_PAGE = (customerId: number) => new RegExp(`/myOrder/${customerId}/(ORD-\\d{8}-\\d{6})$`);

async function placeUpiOrder(request: APIRequestContext, customer: { token: string }, productId: number) {
  const res = await request.post("/api/v1/productOrder/save", { headers: bearer(customer.token), data: { productId, quantity: 1, paymentMethod: "UPI" } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { productOrderId: string; order: { orderId: number } };
}

test.describe("buying on a phone (390 × 844)", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("Continue with UPI lands at the top of the order: the UPI app button first, then the QR code and the UTR, above the fold", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productPrice: 180, deliveryCharge: "Free" });
    await setSettings(request, { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store" });
    try {
      const c = await registerCustomer(request);
      await loginCustomerInBrowser(page, c);
      await page.goto(`/singleProductDetails/${c.customerId}/${product.productId}`);
      await page.getByRole("button", { name: "Order" }).click();
      await expect(page).toHaveURL(new RegExp(`/checkOut/${c.customerId}/${product.productId}\\?quantity=1$`));
      await page.getByRole("radio", { name: /^UPI/ }).check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page).toHaveURL(ORDER_PAGE(c.customerId));
      const reference = ORDER_PAGE(c.customerId).exec(page.url())?.[1] ?? "";
      const heading = page.getByRole("heading", { level: 1, name: "Order placed" });
      await expectAboveTheFold(page, heading, "the heading");
      const payApp = page.getByRole("link", { name: "Pay ₹180.00 with a UPI app" });
      await expectAboveTheFold(page, payApp, "the UPI app button");
      expect(await payApp.getAttribute("href")).toBe(
        `upi://pay?pa=cleanstore@okicici&pn=Clean%20Store&am=180.00&cu=INR&tr=${reference}&tn=${encodeURIComponent(`Order ${reference}`)}`,
      );
      const qr = page.getByRole("img", { name: `UPI QR code to pay ₹180.00 for order ${reference}` });
      await expectAboveTheFold(page, qr, "the QR code");
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      await expect(page.getByText("Scan from another phone")).toBeVisible();
      const utr = page.getByLabel("UTR (12-digit UPI reference number)");
      await expectAboveTheFold(page, utr, "the UTR field");
      await expectAboveTheFold(page, page.getByRole("button", { name: "Submit UTR" }), "the Submit UTR button");
      // in this order, top to bottom: heading, app button, QR code, UTR
      const top = async (l: Locator) => (await l.boundingBox())?.y ?? -1;
      expect(await top(heading)).toBeLessThan(await top(payApp));
      expect(await top(payApp)).toBeLessThan(await top(qr));
      expect(await top(qr)).toBeLessThan(await top(utr));
      // the new page is announced (its heading has the focus) and the app button is the next stop
      await expect(heading).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(payApp).toBeFocused();
      await expect(page.getByText(/^Pay within \d+ h/)).toBeVisible();

      // below: the order itself and what happens next
      const summary = page.locator(".confirmation");
      await expect(summary.getByRole("heading", { name: "Thank you, Asha! Your order is placed." })).toBeVisible();
      await expect(page.getByTestId("order-reference")).toHaveText(reference);
      await expect(page.getByTestId("placed-total")).toHaveText("₹180.00");
      await expect(page.getByTestId("placed-address")).toHaveText("Asha Verma, 12B, MG Road, Pune, Maharashtra 411001");
      await expect(page.getByTestId("placed-delivery")).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
      await expect(summary.getByRole("heading", { name: "What happens next" })).toBeVisible();
      await expect(summary).toContainText("Please pay by UPI now");
      await expectNoSideScroll(page);
      await expectAccessible(page);

      // its own address: a reload shows it again; Back goes to the product, never to the form that placed it
      await page.reload();
      await expect(page.getByRole("link", { name: "Pay ₹180.00 with a UPI app" })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/singleProductDetails/${c.customerId}/${product.productId}$`));

      // paying from the order page: the UTR sent, the page says it is being checked and offers no more paying
      await page.goForward();
      await page.getByLabel("UTR (12-digit UPI reference number)").fill(String(Date.now()).slice(-9) + "123");
      await page.getByRole("button", { name: "Submit UTR" }).click();
      await expect(page.locator(".confirmation")).toContainText("We are checking your UPI payment with our bank");
      await expect(page.getByRole("link", { name: /with a UPI app/ })).toHaveCount(0);
    } finally {
      await setSettings(request, { upiVpa: "" });
    }
  });

  test("Checkout cart: the cart shows where the parcel goes; the order's page opens at its top; Back comes to the emptied cart", async ({ page, request }) => {
    const admin = await adminToken(request);
    const soap = await createProduct(request, admin, { productPrice: 120, deliveryCharge: "Free" });
    const mop = await createProduct(request, admin, { productPrice: 350, deliveryCharge: 25 });
    const c = await registerCustomer(request);
    await addToCart(request, c, soap.productId, 1);
    await addToCart(request, c, mop.productId, 1);
    await loginCustomerInBrowser(page, c);
    await page.goto(`/myCart/${c.customerId}`);

    const deliverTo = page.getByRole("region", { name: "Deliver to" });
    await expect(deliverTo.getByTestId("deliver-to")).toHaveText(/Asha Verma\s*12B, MG Road\s*Pune, Maharashtra 411001\s*Phone \d{10}/);
    const checkout = page.getByRole("button", { name: "Checkout cart" });
    expect((await deliverTo.boundingBox())?.y ?? Infinity).toBeLessThan((await checkout.boundingBox())?.y ?? -1);
    await expectNoSideScroll(page);
    await expectAccessible(page);

    // Change: the profile form, and back to the cart with the new address
    await deliverTo.getByRole("link", { name: "Change the delivery address" }).click();
    await expect(page).toHaveURL(new RegExp(`/userProfile/${c.customerId}\\?redirect=`));
    await page.getByLabel("Area Address").fill("FC Road");
    await page.getByLabel("Pin Code").fill("411004");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(new RegExp(`/myCart/${c.customerId}$`));
    await expect(deliverTo.getByTestId("deliver-to")).toContainText("12B, FC Road");
    await expect(deliverTo.getByTestId("deliver-to")).toContainText("Pune, Maharashtra 411004");

    await expect(page.getByTestId("cart-total")).toHaveText("₹495.00");
    await checkout.click();
    await expect(page).toHaveURL(ORDER_PAGE(c.customerId));
    const heading = page.getByRole("heading", { level: 1, name: "Order placed" });
    await expectAboveTheFold(page, heading, "the heading");
    await expectAboveTheFold(page, page.getByRole("heading", { name: "Thank you, Asha! Your order is placed." }), "the thanks");
    await expectAboveTheFold(page, page.getByTestId("order-reference"), "the order reference");
    await expectAboveTheFold(page, page.getByTestId("placed-total"), "the total");
    await expect(page.getByTestId("placed-total")).toHaveText("₹495.00");
    await expectAboveTheFold(page, page.getByTestId("placed-address"), "the delivery address");
    await expect(page.getByTestId("placed-address")).toHaveText("Asha Verma, 12B, FC Road, Pune, Maharashtra 411004");
    await expectAboveTheFold(page, page.getByTestId("placed-delivery"), "the expected delivery date");
    await expect(page.locator(".confirmation")).toContainText("Pay in cash when the parcel is delivered.");
    // cash on delivery: nothing to pay now
    await expect(page.getByRole("link", { name: /with a UPI app/ })).toHaveCount(0);
    await expectNoSideScroll(page);
    await expectAccessible(page);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/myCart/${c.customerId}$`));
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("My Orders and the tracker: Pay now with the time left on every unpaid UPI order; once the time is up, they say so", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productPrice: 99, deliveryCharge: "Free" });
    await setSettings(request, { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store", upiExpiryHours: 2 });
    try {
      const c = await registerCustomer(request);
      const first = await placeUpiOrder(request, c, product.productId);
      const second = await placeUpiOrder(request, c, product.productId);
      const cash = await request.post("/api/v1/productOrder/save", { headers: bearer(c.token), data: { productId: product.productId, quantity: 1 } });
      const { productOrderId: codReference } = (await cash.json()) as { productOrderId: string };
      await loginCustomerInBrowser(page, c);
      await page.goto(`/myOrder/${c.customerId}`);

      for (const reference of [first.productOrderId, second.productOrderId]) {
        const group = page.locator(".order-group").filter({ hasText: `Order ${reference}` });
        await expect(group.getByRole("link", { name: `Pay now for order ${reference}` })).toBeVisible();
        await expect(group).toContainText(/Pay within 2 h/);
      }
      await expect(
        page
          .locator(".order-group")
          .filter({ hasText: `Order ${codReference}` })
          .getByRole("link", { name: /^Pay now/ }),
      ).toHaveCount(0);
      await expectNoSideScroll(page);
      await expectAccessible(page);

      // Pay now opens the order with the UPI app button on the first screen
      await page.getByRole("link", { name: `Pay now for order ${first.productOrderId}` }).click();
      await expect(page).toHaveURL(new RegExp(`/myOrder/${c.customerId}/${first.productOrderId}$`));
      await expectAboveTheFold(page, page.getByRole("link", { name: "Pay ₹99.00 with a UPI app" }), "the UPI app button");

      // the tracker: Pay now at the top, not 1,900 px down
      await page.goto(`/orderDetails/${c.customerId}/${second.order.orderId}`);
      const payNow = page.getByRole("link", { name: `Pay now for order ${second.productOrderId}` });
      await expectAboveTheFold(page, payNow, "the tracker's Pay now");
      await expect(page.locator(".pay-now")).toContainText(/Pay within 2 h/);
      await expectAccessible(page);

      // three hours later the time to pay has run out: no Pay now, a notice instead
      await page.clock.setFixedTime(Date.now() + 3 * 3600_000);
      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: "The time to pay has run out" }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: /^Pay now/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /with a UPI app/ })).toHaveCount(0);
      await page.goto(`/myOrder/${c.customerId}`);
      await expect(page.locator(".order-group").filter({ hasText: `Order ${first.productOrderId}` })).toContainText("The time to pay has run out");
      await expect(page.getByRole("link", { name: /^Pay now/ })).toHaveCount(0);
    } finally {
      await setSettings(request, { upiVpa: "", upiExpiryHours: 24 });
    }
  });
});
