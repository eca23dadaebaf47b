// The order desk of issue 24 at a laptop's 1366 × 768 with the admin menu open: one row per order,
// tabs and search kept in the URL, the action column in view, a whole order moved at once (an unpaid
// UPI order only after "Move anyway"), the order view a row opens, the To ship tab behind today's
// work, and a payment confirmation's Undo still there after a reload.
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct, loginAdmin, uniq } from "./helpers";

test.use({ viewport: { width: 1366, height: 768 } });

/** A customer's two-product cart checked out as one UPI order (payment Pending). */
async function twoItemUpiOrder(request: APIRequestContext, token: string, floorPacks = 2) {
  const settings = await request.post("/api/v1/settings", { headers: bearer(token), data: { upiVpa: "cleanstore@okicici", upiPayeeName: "Clean Store" } });
  expect(settings.status(), await settings.text()).toBe(200);
  const a = await createProduct(request, token, { productName: uniq("Zz Desk Item A ") });
  const b = await createProduct(request, token, { productName: uniq("Zz Desk Item B ") });
  const customer = await registerCustomer(request);
  await addToCart(request, customer, a.productId, floorPacks);
  await addToCart(request, customer, b.productId, 1);
  const res = await request.post("/api/v1/addToCart/checkout", { headers: bearer(customer.token), data: { paymentMethod: "UPI" } });
  expect(res.status(), await res.text()).toBe(200);
  const { productOrderId } = (await res.json()) as { productOrderId: string };
  return { customer, productOrderId };
}

/** A 12-digit UTR no other test has used. */
const newUtr = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 900) + 100);

/** The customer sends the UTR of the order's UPI payment: Awaiting verification. */
async function sendUtr(request: APIRequestContext, customer: { token: string }, productOrderId: string) {
  const utr = newUtr();
  const res = await request.post(`/api/v1/payments/${productOrderId}/utr`, { headers: bearer(customer.token), data: { utr } });
  expect(res.status(), await res.text()).toBe(200);
  return utr;
}

const rowOf = (page: Page, ref: string) => page.locator(`tr[data-order-ref="${ref}"]`);

async function expectNoSidewaysScroll(page: Page, inView: ReturnType<Page["locator"]>) {
  const box = await inView.boundingBox();
  expect(box, "the action is on screen").not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1366);
}

test.describe("order desk", () => {
  test("one row per order, tabs and search in the URL, actions in view at 1366 px", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, productOrderId } = await twoItemUpiOrder(request, token);

    await page.goto("/Admindashboard");
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

    await page.getByRole("search").getByRole("searchbox").fill(customer.number);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`search=[^&]*${customer.number}`));
    // the two-line checkout is one row: 3 units, the customer's phone, UPI Pending
    const row = rowOf(page, productOrderId);
    await expect(page.locator("tr[data-order-ref]")).toHaveCount(1);
    await expect(row).toContainText(customer.number);
    await expect(row).toContainText("Asha Verma");
    await expect(row.getByRole("cell").nth(3)).toHaveText("3");
    await expect(row).toContainText("UPI");
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Shipped × 2");

    const tabs = page.getByRole("navigation", { name: "Order filters" });
    await tabs.getByRole("link", { name: "Unpaid" }).click();
    await expect(page).toHaveURL(/payment=unpaid/);
    await expect(page).toHaveURL(new RegExp(`search=[^&]*${customer.number}`));
    await expect(row).toBeVisible();
    await tabs.getByRole("link", { name: "Cancelled" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(page.getByText("No Order found.")).toBeVisible();
    await tabs.getByRole("link", { name: "Unfulfilled" }).click();
    await expect(row).toBeVisible();

    // the date range (IST days): today keeps the order, last year's range has none
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const range = page.getByRole("form", { name: "Date range" });
    await range.getByLabel("Placed from").fill(today);
    await range.getByLabel("to", { exact: true }).fill(today);
    await range.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}|to=${today}.*from=${today}`));
    await expect(row).toBeVisible();
    await range.getByLabel("Placed from").fill("2020-01-01");
    await range.getByLabel("to", { exact: true }).fill("2020-01-31");
    await range.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No Order found.")).toBeVisible();
    await range.getByRole("button", { name: "All dates" }).click();
    await expect(page).not.toHaveURL(/from=/);

    // a reload keeps the tab and the search
    await page.reload();
    await expect(tabs.getByRole("link", { name: "Unfulfilled" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("search").getByRole("searchbox")).toHaveValue(customer.number);
    await expect(row).toBeVisible();

    // the menu is open and every action of the row is on screen without sideways scrolling
    await expect(page.getByRole("navigation", { name: "Admin menu" })).toBeVisible();
    await expectNoSidewaysScroll(page, row.getByRole("button", { name: `Move order ${productOrderId}` }));
    await expectNoSidewaysScroll(page, row.getByRole("link", { name: `View order ${productOrderId}` }));
    await expectAccessible(page);
  });

  test("columns can be hidden and sorted, and the choice is remembered", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    await twoItemUpiOrder(request, token, 1);
    await twoItemUpiOrder(request, token, 4);
    await page.goto("/orders");
    await expect(page.locator("tr[data-order-ref]").first()).toBeVisible();
    await page.getByText("Columns", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Reference" }).uncheck();
    await expect(page.getByRole("columnheader", { name: "Reference" })).toHaveCount(0);
    await page.reload();
    await expect(page.locator("tr[data-order-ref]").first()).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Reference" })).toHaveCount(0);
    await page.getByText("Columns", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Reference" }).check();
    await expect(page.getByRole("columnheader", { name: "Reference" })).toBeVisible();

    const total = page.getByRole("columnheader", { name: /Total/ });
    const rupees = async () => (await page.locator("tr[data-order-ref] td:nth-child(5)").allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, "")));
    // amounts sort largest first, then smallest first
    await total.getByRole("button").click();
    await expect(total).toHaveAttribute("aria-sort", "descending");
    const down = await rupees();
    expect(down).toEqual([...down].sort((x, y) => y - x));
    await total.getByRole("button").click();
    await expect(total).toHaveAttribute("aria-sort", "ascending");
    const up = await rupees();
    expect(up).toEqual([...up].sort((x, y) => x - y));
    expect(new Set(up).size, "orders of different totals to sort").toBeGreaterThan(1);
  });

  test("moving an unpaid UPI order asks first; Move anyway moves every line", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, productOrderId } = await twoItemUpiOrder(request, token);
    await page.goto(`/orders?search=${customer.number}`);
    const row = rowOf(page, productOrderId);
    await row.getByRole("combobox", { name: `Move order ${productOrderId} to` }).selectOption("On the way");
    await row.getByRole("button", { name: `Move order ${productOrderId}` }).click();

    const dialog = page.getByRole("dialog", { name: "This order is not paid" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Order ${productOrderId} is paid by UPI and its payment is Pending`);
    await dialog.getByRole("button", { name: "Move anyway" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("On the way × 2");

    const res = await request.get(`/api/v1/orders?search=${customer.number}`, { headers: bearer(token) });
    const body = (await res.json()) as { items: { lineStatuses: { orderStatus: string }[] }[] };
    expect(body.items[0]!.lineStatuses.map((l) => l.orderStatus)).toEqual(["On the way", "On the way"]);
  });

  test("the dashboard opens with today's work, each count a link to its list", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, productOrderId } = await twoItemUpiOrder(request, token);
    await sendUtr(request, customer, productOrderId);
    const todo = (await (await request.get("/api/v1/reports/todo", { headers: bearer(token) })).json()) as { paymentsToVerify: number; ordersToShip: number };
    expect(todo.paymentsToVerify).toBeGreaterThan(0);

    await page.goto("/Admindashboard");
    const work = page.getByRole("region", { name: "Today's work" });
    await expect(work.locator('[data-todo="payments"]')).toHaveAttribute("data-count", String(todo.paymentsToVerify));
    await expect(work.locator('[data-todo="ship"]')).toHaveAttribute("data-count", String(todo.ordersToShip));
    // today's work comes before the spec's six tiles; the sales range and its two revenues are named
    const workTop = (await work.boundingBox())!.y;
    expect(workTop).toBeLessThan((await page.locator('[data-tile="orders"]').boundingBox())!.y);
    await expect(page.locator("[data-range]")).toContainText("IST days");
    await expect(page.locator("[data-range]")).toContainText("Revenue paid only the money received");
    await expectAccessible(page);
    if (process.env.SAVE_SCREENSHOTS) await page.screenshot({ path: path.join("docs", "screenshots", "dashboard-today.png") });

    await work.getByRole("link", { name: /UPI payments? to verify/ }).click();
    await expect(page).toHaveURL(/\/orders\?payment=awaiting-verification/);
    await expect(page.getByRole("navigation", { name: "Order filters" }).getByRole("link", { name: "Awaiting verification" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(rowOf(page, productOrderId)).toBeVisible();
    await expect(page.locator("tr[data-order-ref]")).toHaveCount(Math.min(todo.paymentsToVerify, 20));

    // orders to ship: the To ship tab, holding exactly the orders counted
    await page.goto("/Admindashboard");
    await work.getByRole("link", { name: /orders? to ship/ }).click();
    await expect(page).toHaveURL(/\/orders\?status=to-ship/);
    await expect(page.getByRole("navigation", { name: "Order filters" }).getByRole("link", { name: "To ship" })).toHaveAttribute("aria-current", "page");
    if (todo.ordersToShip === 0) await expect(page.getByText("No Order found.")).toBeVisible();
    else await expect(page.locator("tr[data-order-ref]")).toHaveCount(Math.min(todo.ordersToShip, 20));
    // the UPI order waits for its payment: not to ship
    await expect(rowOf(page, productOrderId)).toHaveCount(0);
    await page.goto("/Admindashboard");
    await work.getByRole("link", { name: /returns? to decide/ }).click();
    await expect(page).toHaveURL(/\/orders\?status=returns/);
    await page.goto("/Admindashboard");
    await work.getByRole("link", { name: /messages? failed/ }).click();
    await expect(page).toHaveURL(/\/emails\?status=failed/);
    if (process.env.SAVE_SCREENSHOTS) {
      await page.goto("/orders");
      await expect(page.locator("tr[data-order-ref]").first()).toBeVisible();
      await page.screenshot({ path: path.join("docs", "screenshots", "order-desk.png") });
    }
  });

  test("a UPI payment is confirmed after one question showing its total, and can be undone", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, productOrderId } = await twoItemUpiOrder(request, token);
    const utr = await sendUtr(request, customer, productOrderId);
    const order = (await (await request.get(`/api/v1/orders?search=${productOrderId}`, { headers: bearer(token) })).json()) as {
      items: { grandTotal: number }[];
    };
    const total = `₹${order.items[0]!.grandTotal.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

    await page.goto("/payments");
    const row = page.locator(`tr[data-payment="${productOrderId}"]`);
    await row.getByRole("button", { name: `Confirm payment of ${productOrderId}` }).click();
    const dialog = page.getByRole("dialog", { name: `Confirm payment of ${total}?` });
    await expect(dialog).toContainText(utr);
    await expect(dialog).toContainText(total);
    await dialog.getByRole("button", { name: "Confirm payment" }).click();
    await expect(row).toHaveCount(0);

    // the Undo is read from the server: a reload keeps it for the rest of its 10 minutes
    await expect(page.getByRole("button", { name: `Undo confirmation of ${productOrderId}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    const undo = page.getByRole("button", { name: `Undo confirmation of ${productOrderId}` });
    await expect(undo).toBeVisible();
    await expect(page.getByRole("list", { name: "Payments just confirmed" })).toContainText(total);
    await undo.click();
    await expect(row).toBeVisible();
    await expect(undo).toHaveCount(0);
    const back = (await (await request.get(`/api/v1/orders?search=${productOrderId}`, { headers: bearer(token) })).json()) as {
      items: { paymentStatus: string }[];
    };
    expect(back.items[0]!.paymentStatus).toBe("Awaiting verification");

    await page.getByRole("navigation", { name: "Payment lists" }).getByRole("link", { name: "Confirmed / Rejected" }).click();
    await expect(page).toHaveURL(/view=history/);
    await expect(page.getByRole("navigation", { name: "Payment lists" }).locator('[aria-current="page"]')).toHaveText("Confirmed / Rejected");
    const decided = page.locator(`tr[data-verification="${productOrderId}"]`);
    await expect(decided).toHaveCount(2);
    await expect(decided.first()).toContainText("Confirmation undone");
    await expect(decided.nth(1)).toContainText("Confirmed");
    await expect(decided.nth(1)).toContainText(utr);
  });

  test("a row opens the whole order: phone and address in full, every line, the payment, and what can be done now", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const { customer, productOrderId } = await twoItemUpiOrder(request, token, 3);
    const utr = await sendUtr(request, customer, productOrderId);
    await page.goto(`/orders?search=${productOrderId}`);
    await rowOf(page, productOrderId)
      .getByRole("link", { name: `View order ${productOrderId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/orders/${productOrderId}$`));
    // one number on screen: the reference
    await expect(page.getByRole("heading", { level: 1, name: `Order ${productOrderId}` })).toBeVisible();

    const who = page.getByRole("region", { name: "Customer and delivery" });
    await expect(who.getByTestId("order-phone")).toHaveText(customer.number);
    await expect(who.getByTestId("order-address")).toContainText(String(customer.areaAddress));
    await expect(who.getByTestId("order-address")).toContainText(String(customer.pinCode));
    const lines = page.getByRole("region", { name: /^Items/ }).locator("tr[data-line]");
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText("Zz Desk Item A");
    await expect(lines.first().getByRole("cell").nth(1)).toHaveText("3");
    await expect(lines.nth(1)).toContainText("Zz Desk Item B");
    await expect(lines.first()).toContainText("Shipped");

    const payment = page.getByRole("region", { name: `Order ${productOrderId}: payment and invoice` });
    await expect(payment.getByTestId("admin-payment-status")).toHaveText("Awaiting verification");
    await expect(payment).toContainText(utr);
    await expect(payment.getByRole("table").filter({ hasText: "Why" })).toContainText(`UTR ${utr}`);
    await expectNoSidewaysScroll(page, page.getByRole("button", { name: `Move order ${productOrderId}` }));
    await expectAccessible(page);

    // the whole order moves from here; its payment is not in yet, so only after "Move anyway"
    await page.getByRole("combobox", { name: `Move order ${productOrderId} to` }).selectOption("On the way");
    await page.getByRole("button", { name: `Move order ${productOrderId}` }).click();
    const unpaid = page.getByRole("dialog", { name: "This order is not paid" });
    await unpaid.getByRole("button", { name: "Move anyway" }).click();
    await expect(unpaid).toBeHidden();
    await expect(lines.filter({ hasText: "On the way" })).toHaveCount(2);

    // the owner confirms the payment here too, and may undo it
    await payment.getByRole("button", { name: `Confirm payment of ${productOrderId}` }).click();
    await page
      .getByRole("dialog", { name: /Confirm payment of/ })
      .getByRole("button", { name: "Confirm payment" })
      .click();
    await expect(payment.getByTestId("admin-payment-status")).toHaveText("Paid");
    await expect(payment.getByRole("button", { name: `Undo confirmation of ${productOrderId}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: `Undo confirmation of ${productOrderId}` })).toBeVisible();
  });
});
