// An order placed with a coupon on the screens that read it (issue 26): the shopper's My Orders and
// order details show each line's discount and the order's coupon line in its totals; the back
// office's order view shows the discount per line and in the totals, the dashboard the discounts.
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, loginAdminInBrowser, loginCustomerInBrowser, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct, uniq } from "../admin/helpers";

/** A flat ₹50 coupon for the two products, and a customer's COD order of both placed with it (₹200 + ₹300, ₹25 delivery on the second). */
async function discountedOrder(request: APIRequestContext) {
  const admin = await adminToken(request);
  const soap = await createProduct(request, admin, { productName: uniq("Zz Discount Soap "), productPrice: 200, deliveryCharge: "Free" });
  const mop = await createProduct(request, admin, { productName: uniq("Zz Discount Mop "), productPrice: 300, deliveryCharge: 25 });
  const now = Date.now();
  const coupon = await request.post("/api/v1/coupons", {
    headers: bearer(admin),
    data: {
      code: uniq("ZZFLAT").toUpperCase().slice(0, 20),
      description: "₹50 off",
      type: "FLAT",
      value: 50,
      startsAt: new Date(now - 3600_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      productIds: [soap.productId, mop.productId],
    },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const { code, couponId } = (await coupon.json()) as { code: string; couponId: number };
  const customer = await registerCustomer(request);
  await addToCart(request, customer, soap.productId, 1);
  await addToCart(request, customer, mop.productId, 1);
  const placed = await request.post("/api/v1/addToCart/checkout", { headers: bearer(customer.token), data: { paymentMethod: "COD", couponCode: code } });
  expect(placed.status(), await placed.text()).toBe(200);
  const { productOrderId, orders } = (await placed.json()) as { productOrderId: string; orders: { orderId: number; productName: string }[] };
  return { admin, customer, code, couponId, productOrderId, orders, names: [soap.productName, mop.productName] };
}

test.describe("an order placed with a coupon", () => {
  test("the shopper sees the coupon line in the totals and each line's discount; the back office sees them per line", async ({ page, request }) => {
    const o = await discountedOrder(request);
    try {
      // ₹50 shared 200 : 300 → ₹20 and ₹30; 500 − 50 + 25 = ₹475
      await loginCustomerInBrowser(page, o.customer);
      const mop = o.orders.find((l) => l.productName === o.names[1]);
      await page.goto(`/orderDetails/${o.customer.customerId}/${mop?.orderId}`);
      await expect(page.getByTestId("line-discount")).toHaveText("−₹30.00");
      await expect(page.locator(".details-grid dd.price")).toHaveText("₹295.00");
      const payment = page.getByRole("region", { name: "Payment and invoice" });
      await expect(payment.getByTestId("order-discount")).toHaveText("−₹50.00");
      await expect(payment.getByText(`Coupon ${o.code}`)).toBeVisible();
      await expect(payment.getByTestId("order-grand-total")).toHaveText("₹475.00");

      await page.goto(`/myOrder/${o.customer.customerId}`);
      const group = page.locator(".order-group", { hasText: o.productOrderId });
      await expect(group.locator(".line-coupon")).toHaveCount(2);
      await expect(group.getByText("coupon −₹30.00")).toBeVisible();
      await expect(group.getByText("coupon −₹20.00")).toBeVisible();

      await loginAdminInBrowser(page, o.admin);
      await page.goto(`/orders/${o.productOrderId}`);
      const lines = page.getByRole("table", { name: `The lines of order ${o.productOrderId}` });
      await expect(lines.getByRole("columnheader", { name: `Discount (${o.code})` })).toBeVisible();
      await expect(lines.locator(`tr[data-line="${mop?.orderId}"] td.discount`)).toHaveText("−₹30.00");
      await expect(page.getByTestId("order-discount")).toHaveText("−₹50.00");
      await expect(page.getByTestId("order-grand-total")).toHaveText("₹475.00");

      // the dashboard's sales: the discounts and net sales of the same 30 days as the report
      const istDay = (daysAgo: number) => new Date(Date.now() + 330 * 60_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const report = await request.get(`/api/v1/reports/sales?from=${istDay(29)}&to=${istDay(0)}`, { headers: bearer(o.admin) });
      const totals = ((await report.json()) as { totals: { discountTotal: number; netSales: number; couponOrders: number } }).totals;
      expect(totals.discountTotal).toBeGreaterThanOrEqual(50);
      await page.goto("/Admindashboard");
      const sales = page.getByRole("region", { name: "Sales" });
      const inr = (rupees: number) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(rupees);
      await expect(sales.locator('[data-total="discount"]')).toHaveText(inr(totals.discountTotal));
      await expect(sales.locator('[data-total="net-sales"]')).toHaveText(inr(totals.netSales));
    } finally {
      await request.post(`/api/v1/coupons/${o.couponId}/disable`, { headers: bearer(o.admin) });
    }
  });
});
