// Paying (issue 14) and the GST invoice (issue 15) as a shopper and the admin see them: the method
// chosen at checkout with its fee, one order per cart checkout on My Orders, UPI by QR code / app
// link / UTR with the admin's confirm and reject, the invoice PDF download.
import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginAdminInBrowser, loginCustomerInBrowser, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct } from "../admin/helpers";

async function setSettings(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/v1/settings", { headers: bearer(await adminToken(request)), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A 12-digit UTR no other test has used. */
const newUtr = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 900) + 100);

test.describe("paying for an order", () => {
  test("cash on delivery: the fee is its own line, the total one figure, the order page shows its break-up", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productPrice: 200, deliveryCharge: 30 });
    await setSettings(request, { codEnabled: true, codFee: 40 });
    try {
      const c = await registerCustomer(request);
      await loginCustomerInBrowser(page, c);
      await page.goto(`/checkOut/${c.customerId}/${product.productId}?quantity=2`);
      const methods = page.getByRole("group", { name: "Payment method" });
      await expect(methods.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
      await expect(methods).toContainText("+ ₹40.00 fee");
      const amounts = page.getByRole("complementary", { name: "Amount Details" });
      await expect(amounts).toContainText("Cash on delivery fee");
      await expect(page.getByTestId("checkout-total")).toHaveText("₹470.00"); // 200×2 + 30 + 40
      await expectAccessible(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Your order is placed.")).toBeVisible();
      await expect(page.locator(".confirmation")).toContainText("Total ₹470.00");
      await expect(page.locator(".confirmation")).toContainText("Pay in cash when the parcel is delivered.");
      await page.getByRole("link", { name: "Track this order" }).click();
      const payment = page.getByRole("region", { name: "Payment and invoice" });
      await expect(payment.getByTestId("order-grand-total")).toHaveText("₹470.00");
      await expect(payment.getByTestId("payment-summary")).toContainText("Cash on delivery · Pending");
      await expect(payment.getByRole("button", { name: /^Download invoice / })).toBeVisible();
    } finally {
      await setSettings(request, { codFee: 0 });
    }
  });

  test("UPI for a cart: one order, its QR code and app link, a UTR the admin rejects and then confirms; the invoice downloads", async ({ page, request }) => {
    const admin = await adminToken(request);
    const soap = await createProduct(request, admin, { productPrice: 120, deliveryCharge: "Free" });
    const mop = await createProduct(request, admin, { productPrice: 350, deliveryCharge: 25 });
    await setSettings(request, { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store" });
    try {
      const c = await registerCustomer(request);
      await addToCart(request, c, soap.productId, 1);
      await addToCart(request, c, mop.productId, 1);
      await loginCustomerInBrowser(page, c);
      await page.goto(`/myCart/${c.customerId}`);
      await page.getByRole("radio", { name: /^UPI/ }).check();
      await expect(page.getByTestId("cart-total")).toHaveText("₹495.00");
      await page.getByRole("button", { name: "Checkout cart" }).click();
      await expect(page.locator(".confirmation")).toContainText("Please pay by UPI now");
      const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
      expect(reference).toMatch(/^ORD-\d{8}-\d{6}$/);

      // one checkout is one order on My Orders, with both lines
      await page.getByRole("link", { name: "See my orders" }).click();
      const group = page.locator(".order-group").filter({ hasText: `Order ${reference}` });
      await expect(group.locator(".order-row")).toHaveCount(2);
      await expect(group).toContainText("2 items · Payment Pending");
      await expectAccessible(page);
      await group.locator(".order-row").first().click();

      const payment = page.getByRole("region", { name: "Payment and invoice" });
      await expect(payment).toContainText("Also in this order:");
      const orderPage = page.url();
      await expect(payment.getByTestId("order-grand-total")).toHaveText("₹495.00");
      const qr = payment.getByRole("img", { name: /UPI QR code to pay ₹495\.00/ });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      // the app button names the amount (issue 23)
      const link = await payment.getByRole("link", { name: "Pay ₹495.00 with a UPI app" }).getAttribute("href");
      expect(link).toBe(`upi://pay?pa=cleanstore@okicici&pn=Clean%20Store&am=495.00&cu=INR&tr=${reference}&tn=${encodeURIComponent(`Order ${reference}`)}`);
      await expectAccessible(page);

      // a UTR that is not 12 digits is refused on the spot
      await payment.getByLabel("UTR (12-digit UPI reference number)").fill("12345");
      await payment.getByRole("button", { name: "Submit UTR" }).click();
      await expect(payment.getByRole("alert")).toContainText("12-digit");
      const firstUtr = newUtr();
      await payment.getByLabel("UTR (12-digit UPI reference number)").fill(firstUtr);
      await payment.getByRole("button", { name: "Submit UTR" }).click();
      await expect(payment.getByTestId("payment-summary")).toContainText("Awaiting verification");
      await expect(payment.getByTestId("payment-summary")).toContainText(firstUtr);

      // the admin does not find it in the bank statement: rejected with a reason
      await loginAdminInBrowser(page, admin);
      await page.goto("/payments");
      await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: reference });
      await expect(row).toContainText(firstUtr);
      await expect(row).toContainText("₹495.00");
      await expectAccessible(page);
      await row.getByRole("button", { name: `Reject UTR of ${reference}` }).click();
      await row.getByLabel(/Why is UTR/).fill("No credit with this UTR in our bank statement");
      await row.getByRole("button", { name: "Reject UTR" }).click();
      await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(0);

      // the customer sees why and sends the right UTR
      await page.goto(orderPage);
      await expect(payment.getByTestId("payment-summary")).toContainText("Pending");
      await expect(payment).toContainText("No credit with this UTR in our bank statement");
      const secondUtr = newUtr();
      await payment.getByLabel("UTR (12-digit UPI reference number)").fill(secondUtr);
      await payment.getByRole("button", { name: "Submit UTR" }).click();
      await expect(payment.getByTestId("payment-summary")).toContainText("Awaiting verification");

      // confirmed: Paid everywhere, and the tax invoice downloads as a PDF
      await page.goto("/payments");
      await page.getByRole("button", { name: `Confirm payment of ${reference}` }).click();
      // asked once, with the order's total beside the UTR (issue 24)
      await page.getByRole("dialog").getByRole("button", { name: "Confirm payment" }).click();
      await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(0);
      await page.goto(`/myOrder/${c.customerId}`);
      await expect(page.locator(".order-group").filter({ hasText: `Order ${reference}` })).toContainText("Payment Paid");
      await page
        .locator(".order-group")
        .filter({ hasText: `Order ${reference}` })
        .locator(".order-row")
        .first()
        .click();
      await expect(payment.getByTestId("payment-summary")).toContainText("Paid");
      const [download] = await Promise.all([page.waitForEvent("download"), payment.getByRole("button", { name: /^Download invoice / }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    } finally {
      await setSettings(request, { upiVpa: "" });
    }
  });

  test("the admin order view shows the whole order's payment, its history and the invoice", async ({ page, request }) => {
    const admin = await adminToken(request);
    const product = await createProduct(request, admin, { productPrice: 99, deliveryCharge: "Free" });
    const c = await registerCustomer(request);
    const res = await request.post("/api/v1/productOrder/save", { headers: bearer(c.token), data: { productId: product.productId, quantity: 1 } });
    expect(res.status(), await res.text()).toBe(200);
    const { order } = (await res.json()) as { order: { orderId: number; productOrderId: string } };
    const cancel = await request.post(`/api/v1/productOrder/update/${order.orderId}`, { headers: bearer(admin), data: { orderStatus: "Cancelled" } });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await loginAdminInBrowser(page, admin);
    await page.goto(`/oderView/${order.orderId}`);
    const card = page.getByRole("region", { name: `Order ${order.productOrderId}: payment and invoice` });
    await expect(card.getByTestId("admin-payment-status")).toHaveText("Pending");
    await expect(card.getByTestId("order-grand-total")).toHaveText("₹99.00");
    await expect(card.getByRole("button", { name: /^Download invoice / })).toBeVisible();
    // the cancelled line's credit note cites the invoice
    await expect(card.getByRole("button", { name: /^Download credit note / })).toBeVisible();
    await expectAccessible(page);
  });
});
