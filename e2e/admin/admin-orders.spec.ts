import { expect, expectAccessible, test } from "../fixtures";
import { bearer, customerWithOrder, loginAdmin, setOrderStatus, tileCount } from "./helpers";

test.describe("orders: lifecycle and returns", () => {
  test("an order goes Shipped → On the way → Ready for pickup → Completed from /updateOrderShipping", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { product, customer, order } = await customerWithOrder(request, token);

    await page.goto("/Admindashboard");
    await expect(page.locator('[data-tile="completed"]')).toBeVisible();
    const delivered = await tileCount(page, "completed");
    const pending = await tileCount(page, "pending");

    // from the shipping list, the pencil opens the update screen
    await page.goto(`/totalShippingOrder?search=${encodeURIComponent(product.productName)}`);
    await expect(page.getByRole("heading", { name: "Total Order Shipping" })).toBeVisible();
    const row = page.locator(`tr[data-order-id="${order.orderId}"]`);
    await expect(row).toContainText("Shipped");
    await expect(row).toContainText("₹240.00");
    await row.getByRole("link", { name: `Update status of order ${order.orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/updateOrderShipping/${order.orderId}$`));
    await expect(page.getByRole("heading", { name: "Update Product Shipping Oder Details" })).toBeVisible();
    await expect(page.getByLabel("Order Status", { exact: true })).toHaveValue("Shipped");
    await expectAccessible(page);

    const status = page.getByLabel("New order status");
    // only later steps (or Cancelled) are offered
    await expect(status.locator("option")).toHaveText(["Keep Shipped", "On the way", "Ready for pickup", "Completed", "Cancelled"]);
    await status.selectOption("On the way");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText(`Order ${order.orderId} is On the way, payment Pending.`)).toBeVisible();
    await expect(page.getByLabel("Order Status", { exact: true })).toHaveValue("On the way");
    await expect(page.getByLabel("On The Way")).toHaveValue("Yes");

    await page.getByLabel("New order status").selectOption("Ready for pickup");
    await page.getByLabel("New payment status").selectOption("Paid");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByLabel("Order Status", { exact: true })).toHaveValue("Ready for pickup");
    await expect(page.getByLabel("Payment Status", { exact: true })).toHaveValue("Paid");
    await expect(page.getByLabel("New payment status")).toBeDisabled();

    await page.getByLabel("New order status").selectOption("Completed");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByLabel("Order Status", { exact: true })).toHaveValue("Completed");
    await expect(page.getByText("This order is Completed and can no longer change.")).toBeVisible();

    // it really changed on the server
    const saved = (await (await request.get(`/api/v1/productOrder/details/${order.orderId}`, { headers: bearer(customer.token) })).json()) as {
      orderStatus: string;
      paymentStatus: string;
    };
    expect(saved).toMatchObject({ orderStatus: "Completed", paymentStatus: "Paid" });

    // it left the shipping list and is in the delivery list
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/totalShippingOrder/);
    await page.goto(`/totalShippingOrder?search=${encodeURIComponent(product.productName)}`);
    await expect(page.getByText("No Order Shipping found.")).toBeVisible();
    await page.goto(`/TotalOrderDelivery?search=${encodeURIComponent(product.productName)}`);
    await page
      .locator(`tr[data-order-id="${order.orderId}"]`)
      .getByRole("link", { name: `View order ${order.orderId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/viewOrderDelivery/${order.orderId}$`));
    await expect(page.getByRole("heading", { name: "Complete Order Delivery Details" })).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/TotalOrderDelivery$/);

    // the dashboard's delivered count moved
    await page.goto("/Admindashboard");
    await expect.poll(() => tileCount(page, "completed")).toBe(delivered + 1);
    expect(await tileCount(page, "pending")).toBe(pending - 1);
  });

  test("a change the server refuses shows its message (409)", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { order } = await customerWithOrder(request, token);
    await page.goto(`/updateOrderShipping/${order.orderId}`);
    await expect(page.getByLabel("New order status")).toBeVisible();
    // meanwhile someone else completes it
    await setOrderStatus(request, token, order.orderId, "Completed");
    await page.getByLabel("New order status").selectOption("On the way");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("alert").filter({ hasText: `Order ${order.orderId} is Completed and can no longer change.` })).toBeVisible();
  });

  test("cancelling asks for confirmation and restocks", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { product, order } = await customerWithOrder(request, token);
    const stock = async () => ((await (await request.get(`/api/v1/products/details/${product.productId}`)).json()) as { quantity: number }).quantity;
    const before = await stock();
    await page.goto(`/updateOrderShipping/${order.orderId}`);
    await page.getByLabel("New order status").selectOption("Cancelled");
    await page.getByRole("button", { name: "Save status" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel line ${order.orderId} of order ${order.productOrderId}?` });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByLabel("Order Status", { exact: true })).toHaveValue("Cancelled");
    expect(await stock()).toBe(before + 2);
  });

  test("a return request is approved, then refunded", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, order } = await customerWithOrder(request, token);
    await setOrderStatus(request, token, order.orderId, "Completed");
    const ask = await request.post(`/api/v1/productOrder/return/${order.orderId}`, { headers: bearer(customer.token), data: { reason: "Damaged product" } });
    expect(ask.status(), await ask.text()).toBe(200);

    await page.goto(`/updateOrderShipping/${order.orderId}`);
    const panel = page.getByRole("region", { name: "Return request" });
    await expect(panel).toContainText("Requested");
    await expect(panel).toContainText("Reason: Damaged product");
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Approve return" }).click();
    await expect(page.getByText("Return Approved.")).toBeVisible();
    await expect(page.getByLabel("Return Status")).toHaveValue("Approved");
    await panel.getByRole("button", { name: "Mark refunded" }).click();
    await expect(page.getByLabel("Return Status")).toHaveValue("Refunded");
    const saved = (await (await request.get(`/api/v1/productOrder/details/${order.orderId}`, { headers: bearer(token) })).json()) as { returnStatus: string };
    expect(saved.returnStatus).toBe("Refunded");
  });

  test("a return request can be rejected", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, order } = await customerWithOrder(request, token);
    await setOrderStatus(request, token, order.orderId, "Completed");
    await request.post(`/api/v1/productOrder/return/${order.orderId}`, { headers: bearer(customer.token), data: { reason: "Wrong product" } });
    await page.goto(`/updateOrderShipping/${order.orderId}`);
    await page.getByRole("button", { name: "Reject return" }).click();
    await expect(page.getByLabel("Return Status")).toHaveValue("Rejected");
  });
});
