// Coupons at the cart's checkout (issue 26, contracts/offers.md): a code typed and applied, its
// discount as its own line and the lower total from the server's quote; a prepaid-only code with
// cash on delivery says why and drops out of the totals (the checkout still works); the offers the
// cart qualifies for; the order placed with the discount. A wrong code changes nothing.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct, uniq } from "../admin/helpers";

const PHONE = { width: 390, height: 844 };

async function setSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/v1/settings", { headers: bearer(await adminToken(request)), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A running coupon made by the owner through the REST API (POST /coupons), scoped to `productIds` so no other spec's cart can use it. */
async function createCoupon(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const now = Date.now();
  const res = await request.post("/api/v1/coupons", {
    headers: bearer(token),
    data: { startsAt: new Date(now - 3600_000).toISOString(), endsAt: new Date(now + 86_400_000).toISOString(), perCustomerLimit: 5, ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { couponId: number; code: string };
}

async function disableCoupons(request: APIRequestContext, token: string, coupons: { couponId: number }[]) {
  for (const c of coupons) await request.post(`/api/v1/coupons/${c.couponId}/disable`, { headers: bearer(token) });
}

const code = (prefix: string) => uniq(prefix).toUpperCase().slice(0, 20);

/** Two "Zz" products in a new customer's cart: ₹200 with free delivery and ₹300 + ₹25 delivery. */
async function cartOfTwo(request: APIRequestContext, admin: string) {
  const soap = await createProduct(request, admin, { productName: uniq("Zz Coupon Soap "), productPrice: 200, deliveryCharge: "Free" });
  const mop = await createProduct(request, admin, { productName: uniq("Zz Coupon Mop "), productPrice: 300, deliveryCharge: 25 });
  const customer = await registerCustomer(request);
  await addToCart(request, customer, soap.productId, 1);
  await addToCart(request, customer, mop.productId, 1);
  return { customer, productIds: [soap.productId, mop.productId] };
}

const total = (page: Page) => page.getByTestId("cart-total");
const couponMessage = (page: Page) => page.locator(".coupon-message");

test.describe("coupons at the cart's checkout", () => {
  test("apply a prepaid-only code, see it drop out with cash on delivery and come back with UPI, then order with the discount", async ({ page, request }) => {
    const admin = await adminToken(request);
    const { customer, productIds } = await cartOfTwo(request, admin);
    const save10 = await createCoupon(request, admin, {
      code: code("ZZSAVE"),
      description: "10% off when you pay first",
      type: "PERCENT",
      value: 10,
      paymentMethods: ["UPI", "ONLINE"],
      productIds,
    });
    const upi5 = await createCoupon(request, admin, {
      code: code("ZZUPI"),
      description: "Pay by UPI and save 5%",
      type: "PERCENT",
      value: 5,
      paymentMethods: ["UPI", "ONLINE"],
      productIds,
      showAtCheckout: true,
    });
    await setSettings(request, { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store", codFee: 30, freeDeliveryAbove: 550 });
    try {
      await page.setViewportSize(PHONE);
      await loginCustomerInBrowser(page, customer);
      await page.goto(`/myCart/${customer.customerId}`);
      const methods = page.getByRole("group", { name: "Payment method" });
      await methods.getByRole("radio", { name: /^UPI/ }).check();
      await expect(total(page)).toHaveText("₹525.00"); // 200 + 300 + 25 delivery
      await expect(page.getByTestId("free-delivery-note")).toHaveText("Add ₹50.00 more for free delivery (orders of ₹550.00 and above).");

      // the offers this cart can use, each with Apply; a prepaid-only one says so
      const offer = page.getByRole("listitem", { name: "Pay by UPI and save 5%" });
      await expect(offer).toContainText(`Code ${upi5.code}`);
      await expect(offer).toContainText("Prepaid only (UPI or online)");
      await expect(offer).toContainText("Saves ₹25.00");
      await expect(offer.getByRole("button", { name: `Apply ${upi5.code}` })).toBeVisible();

      // the code typed in any case: the discount is its own line, the total the server's
      await page.getByRole("button", { name: "Have a coupon code?" }).click();
      const field = page.getByLabel("Coupon code");
      await expect(field).toBeFocused();
      await field.fill(save10.code.toLowerCase());
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(page.getByTestId("coupon-applied")).toHaveText(`Coupon ${save10.code} applied`);
      // the pressed Apply is gone: the focus is on Remove, not lost to the page
      await expect(page.getByRole("button", { name: `Remove coupon ${save10.code}` })).toBeFocused();
      const amounts = page.locator(".quote-totals");
      await expect(amounts.getByText(`Coupon ${save10.code}`)).toBeVisible();
      await expect(page.getByTestId("cart-discount")).toHaveText("−₹50.00");
      await expect(total(page)).toHaveText("₹475.00");
      await expectAccessible(page);

      // cash on delivery: the code is for prepaid orders, said next to it; the totals without it, with the fee
      await methods.getByRole("radio", { name: /^Cash on delivery/ }).check();
      await expect(couponMessage(page)).toHaveText("This code is for prepaid orders (UPI or online)");
      await expect(page.getByTestId("coupon-applied")).toHaveText(`Coupon ${save10.code} not applied`);
      await expect(total(page)).toHaveText("₹555.00"); // 500 + 25 + 30 fee
      await expect(page.getByTestId("cart-discount")).toHaveCount(0);
      await expect(offer.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Checkout cart" })).toBeEnabled();

      // back to UPI: the discount again, the message gone
      await methods.getByRole("radio", { name: /^UPI/ }).check();
      await expect(total(page)).toHaveText("₹475.00");
      await expect(page.getByTestId("cart-discount")).toHaveText("−₹50.00");
      await expect(couponMessage(page)).toHaveText("");

      // every tap target of the coupon is at least 44 px high, and nothing runs off the side
      for (const button of [page.getByRole("button", { name: `Remove coupon ${save10.code}` }), offer.getByRole("button", { name: `Apply ${upi5.code}` })]) {
        expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // remembered on the cart: the page arrives rendered with it (cash on delivery, the first method:
      // the message and the totals without it), and a reload takes over in place, nothing moving
      const rendered = await (await page.request.get(`/myCart/${customer.customerId}`)).text();
      expect(rendered).toMatch(/data-testid="cart-total"[^>]*>₹555\.00</);
      expect(rendered).toContain("This code is for prepaid orders (UPI or online)");
      await page.addInitScript(() => {
        const w = window as unknown as { layoutShift: number };
        w.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.layoutShift += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.reload();
      await expect(page.getByTestId("coupon-applied")).toHaveText(`Coupon ${save10.code} not applied`);
      await expect(total(page)).toHaveText("₹555.00");
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
      await methods.getByRole("radio", { name: /^UPI/ }).check();
      await expect(total(page)).toHaveText("₹475.00");

      await page.getByRole("button", { name: "Checkout cart" }).click();
      await expect(page).toHaveURL(new RegExp(`/myOrder/${customer.customerId}/ORD-\\d{8}-\\d{6}$`));
      await expect(page.getByTestId("placed-total")).toHaveText("₹475.00");
      const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
      const order = await request.get(`/api/v1/orders/${reference}`, { headers: bearer(customer.token) });
      expect(order.status(), await order.text()).toBe(200);
      expect(await order.json()).toMatchObject({ couponCode: save10.code, discountTotal: 50 });
    } finally {
      await setSettings(request, { upiVpa: "", codFee: 0, freeDeliveryAbove: "" });
      await disableCoupons(request, admin, [save10, upi5]);
    }
  });

  test("a wrong code says it is not found and changes nothing; an offer applies with a tap and Remove takes it off", async ({ page, request }) => {
    const admin = await adminToken(request);
    const { customer, productIds } = await cartOfTwo(request, admin);
    const flat = await createCoupon(request, admin, {
      code: code("ZZFLAT"),
      description: "Zz ₹40 off the cleaners",
      type: "FLAT",
      value: 40,
      productIds,
      showAtCheckout: true,
    });
    try {
      await loginCustomerInBrowser(page, customer);
      await page.goto(`/myCart/${customer.customerId}`);
      await expect(total(page)).toHaveText("₹525.00");

      const toggle = page.getByRole("button", { name: "Have a coupon code?" });
      expect((await toggle.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await toggle.click();
      await expect(toggle).toHaveCount(0);
      expect((await page.getByLabel("Coupon code").boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await page.getByLabel("Coupon code").fill("ZZ-NO-SUCH");
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(couponMessage(page)).toHaveText("There is no coupon ZZ-NO-SUCH. Please check the code.");
      await expect(page.getByLabel("Coupon code")).toHaveAccessibleDescription("There is no coupon ZZ-NO-SUCH. Please check the code.");
      await expect(page.getByLabel("Coupon code")).toHaveAttribute("aria-invalid", "true");
      await expect(total(page)).toHaveText("₹525.00");
      await expect(page.getByTestId("cart-discount")).toHaveCount(0);
      const quote = await request.get("/api/v1/cart/quote?paymentMethod=COD", { headers: bearer(customer.token) });
      expect(await quote.json()).toMatchObject({ appliedCode: null, grandTotal: 525 });
      await expectAccessible(page);

      const offer = page.getByRole("listitem", { name: "Zz ₹40 off the cleaners" });
      await offer.getByRole("button", { name: `Apply ${flat.code}` }).click();
      await expect(page.getByTestId("cart-discount")).toHaveText("−₹40.00");
      await expect(total(page)).toHaveText("₹485.00");
      await expect(offer).toContainText("Applied");
      await expect(couponMessage(page)).toHaveText("");

      await page.getByRole("button", { name: `Remove coupon ${flat.code}` }).click();
      await expect(total(page)).toHaveText("₹525.00");
      await expect(page.getByTestId("cart-discount")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Have a coupon code?" })).toBeFocused();
      await page.reload();
      await expect(total(page)).toHaveText("₹525.00");
      await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    } finally {
      await disableCoupons(request, admin, [flat]);
    }
  });
});
