// Tables that fit a laptop (issue 24): at 1366 × 768 with the admin menu open, Customers and Orders
// scroll no page sideways and every row's actions are on screen and clickable (the action column is
// sticky); the customer list shows each customer's orders, total spent and last order; a column hidden
// with the "Columns" picker stays hidden after a reload.
import type { Locator, Page } from "@playwright/test";
import { expect, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, placeOrder, setOrderStatus, uniq } from "./helpers";

const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

/** Neither the document nor the main area scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const main = document.querySelector("main");
    return {
      document: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      main: main ? [main.scrollWidth, main.clientWidth] : [0, 0],
    };
  });
  expect(widths.document[0], "the page scrolls sideways").toBeLessThanOrEqual(widths.document[1]!);
  expect(widths.main[0], "the main area scrolls sideways").toBeLessThanOrEqual(widths.main[1]!);
}

/** Every link, button and select in each row's action cells is inside the viewport and takes a click. */
async function expectActionsInView(rows: Locator) {
  const count = await rows.count();
  expect(count, "rows to check").toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    // (a closed confirmation dialog in the cell holds buttons that are not shown)
    const controls = rows.nth(i).locator("td.sticky-action").locator("a, button, select").filter({ visible: true });
    const n = await controls.count();
    expect(n, `row ${i + 1} has actions`).toBeGreaterThan(0);
    for (let j = 0; j < n; j++) {
      const control = controls.nth(j);
      // trial: scrolls it into view and checks it is visible, enabled and the topmost element, without
      // clicking; a button waiting for a choice first (Move before a status is picked) is disabled, so
      // for it only that nothing covers it
      if (await control.isEnabled()) await control.click({ trial: true });
      else {
        await control.scrollIntoViewIfNeeded();
        const onTop = await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit !== null && (hit === el || el.contains(hit));
        });
        expect(onTop, `row ${i + 1}, action ${j + 1} is not covered`).toBe(true);
      }
      const box = await control.boundingBox();
      expect(box, `row ${i + 1}, action ${j + 1} is on screen`).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `row ${i + 1}, action ${j + 1} needs no sideways scrolling`).toBeLessThanOrEqual(WIDTH);
    }
  }
}

test.describe("back-office tables at 1366 px with the menu open", () => {
  test("customers: every row's actions in view, orders count, total spent and last order, a hidden column remembered", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Zz Tables Item ") });
    const buyer = await registerCustomer(request, { lastName: uniq("Tablewala") });
    const delivered = await placeOrder(request, buyer, product.productId, 2);
    await setOrderStatus(request, token, delivered.orderId, "Completed");
    await placeOrder(request, buyer, product.productId, 1);

    // the REST answer carries the figures the screen shows
    const res = await request.get(`/api/v1/customers/page?search=${encodeURIComponent(buyer.email)}&page=1`, { headers: bearer(token) });
    expect(res.status(), await res.text()).toBe(200);
    const [figures] = ((await res.json()) as { items: { ordersCount: number; totalSpent: number; lastOrderAt: string | null }[] }).items;
    expect(figures).toMatchObject({ ordersCount: 2, lastOrderAt: expect.any(String) });
    expect(figures!.totalSpent).toBeGreaterThan(0);

    await page.goto("/customer-management");
    await expect(page.getByRole("navigation", { name: "Admin menu" })).toBeVisible();
    const rows = page.locator("tr[data-customer-id]");
    await expect(rows.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectActionsInView(rows);

    await page.goto(`/customer-management?search=${encodeURIComponent(buyer.email)}`);
    const row = page.locator(`tr[data-customer-id="${buyer.customerId}"]`);
    const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
    await expect(row.getByRole("link", { name: `2 orders of ${buyer.firstName} ${buyer.lastName}` })).toHaveText("2");
    await expect(row).toContainText(inr.format(figures!.totalSpent));
    const lastOrder = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" });
    await expect(row).toContainText(lastOrder.format(new Date(figures!.lastOrderAt!)));
    await expectNoSidewaysScroll(page);
    await expectActionsInView(page.locator("tr[data-customer-id]"));

    // hide "Area Address": gone after a reload, back when shown again
    await page.getByText("Columns", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Area Address" }).uncheck();
    await expect(page.getByRole("columnheader", { name: "Area Address" })).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Area Address" })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Pin Code" })).toBeVisible();
    await page.getByText("Columns", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Area Address" }).check();
    await expect(page.getByRole("columnheader", { name: "Area Address" })).toBeVisible();
  });

  test("orders: every row's actions in view without sideways scrolling", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Zz Tables Item ") });
    const buyer = await registerCustomer(request);
    await placeOrder(request, buyer, product.productId, 1);

    await page.goto("/orders");
    await expect(page.getByRole("navigation", { name: "Admin menu" })).toBeVisible();
    const rows = page.locator("tr[data-order-ref]");
    await expect(rows.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectActionsInView(rows);
  });
});
