// Issue 28, the shopper's side of a shipment: the order page's Delivery section shows the courier,
// the AWB linking to the courier's own tracking page and the scans; My Orders says where the parcel
// is; the order tracker's steps follow the shipment; after a failed delivery (NDR) the shopper picks
// a day for another attempt; anyone with the AWB and the delivery PIN code follows the parcel on
// /track. On a 360 px phone none of these pages scrolls sideways.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginCustomerInBrowser, registerCustomer, test, watchConsole } from "../fixtures";
import { addToCart, bearer, createProduct, uniq } from "../admin/helpers";

const PHONE = { width: 360, height: 740 };
const COURIER = "Delhivery Surface";

/** An AWB no other test has used: 14 upper-case letters and digits. */
const newAwb = () => `ZZ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase().slice(0, 14);

/** A numeric AWB of 14 digits, as Delhivery's are (the address reads it as a number). */
const numericAwb = () => `9${Date.now().toString().slice(-11)}${Math.floor(Math.random() * 100)}`.padEnd(14, "7");

/** Today in India moved by `days`, YYYY-MM-DD. */
const istDay = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A customer's cash-on-delivery order, shipped by hand with a Delhivery AWB, picked up and in transit. */
async function shippedOrder(request: APIRequestContext, awb = newAwb()) {
  const token = await adminToken(request);
  const product = await createProduct(request, token, { productName: uniq("Zz Parcel Cleaner ") });
  const customer = await registerCustomer(request);
  await addToCart(request, customer, product.productId, 1);
  const placed = await request.post("/api/v1/addToCart/checkout", { headers: bearer(customer.token), data: { paymentMethod: "COD" } });
  expect(placed.status(), await placed.text()).toBe(200);
  const { productOrderId } = (await placed.json()) as { productOrderId: string };
  const created = await request.post(`/api/v1/orders/${productOrderId}/shipments`, {
    headers: bearer(token),
    data: { courier: "manual", awb, courierName: COURIER },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { shipmentId } = (await created.json()) as { shipmentId: number };
  const step = async (status: string, extra: { location?: string; remark?: string } = {}) => {
    const res = await request.post(`/api/v1/shipments/${shipmentId}/events`, { headers: bearer(token), data: { status, ...extra } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await step("Picked up", { location: "Pune hub" });
  await step("In transit", { location: "Mumbai gateway" });
  const order = await request.get(`/api/v1/orders/${productOrderId}`, { headers: bearer(customer.token) });
  const { lines } = (await order.json()) as { lines: { orderId: number }[] };
  return { customer, productOrderId, awb, step, orderId: lines[0]!.orderId };
}

/** Nothing on the page reaches past the window's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(wide, page.url()).toEqual([]);
}

test.describe("a shopper follows their parcel", () => {
  test("the order page, My Orders and the tracker show the parcel; after a failed delivery the shopper asks for another attempt", async ({ page, request }) => {
    test.setTimeout(120_000);
    const { customer, productOrderId, awb, step, orderId } = await shippedOrder(request);
    await loginCustomerInBrowser(page, customer);
    const problems = watchConsole(page);
    const orderPage = `/myOrder/${customer.customerId}/${productOrderId}#delivery`;

    // the order page's Delivery section: courier, the AWB linking to Delhivery's own page, the scans newest first
    await page.goto(orderPage);
    const delivery = page.locator("#delivery");
    await expect(delivery.getByRole("heading", { name: `Shipped with ${COURIER}` })).toBeVisible();
    await expect(delivery.getByTestId("shipment-status")).toHaveText("In transit");
    const awbLink = delivery.getByRole("link", { name: new RegExp(awb) });
    await expect(awbLink).toHaveAttribute("href", `https://www.delhivery.com/track/package/${awb}`);
    await expect(awbLink).toHaveAttribute("target", "_blank");
    await expect(awbLink).toHaveAttribute("rel", /noopener/);
    const events = delivery.getByRole("list", { name: "Tracking updates, newest first" }).getByRole("listitem");
    await expect(events.nth(0)).toContainText("In transit");
    await expect(events.nth(0)).toContainText("Mumbai gateway");
    await expect(events.nth(0)).toContainText(/\d{1,2}:\d{2} [ap]m IST/);
    await expect(events.nth(1)).toContainText("Picked up by the courier");
    await expect(events.nth(1)).toContainText("Pune hub");
    await expectAccessible(page);

    // My Orders: one line on the order with where the parcel is, leading to the Delivery section
    await page.goto(`/myOrder/${customer.customerId}`);
    const summary = page.getByTestId("shipment-summary").filter({ hasText: awb });
    await expect(summary).toContainText(`In transit · ${COURIER}, AWB ${awb}`);
    await expect(summary.getByRole("link", { name: `Track delivery of order ${productOrderId}` })).toHaveAttribute("href", orderPage);

    // the order tracker: confirmed, dispatched and on the way, not yet out for delivery
    await page.goto(`/orderDetails/${customer.customerId}/${orderId}`);
    const steps = page.getByRole("region", { name: "Track your order" }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText("(Done)");
    await expect(steps.nth(1)).toContainText("(Done)");
    await expect(steps.nth(2)).toHaveAttribute("aria-current", "step");
    await expect(steps.nth(3)).toContainText("(Not yet)");
    await expect(page.getByRole("region", { name: "Parcel" })).toContainText(awb);

    // a failed delivery, answered on a 360 px phone (the NDR message's link): the tracker says so and
    // leads to the order page's re-attempt form
    await page.setViewportSize(PHONE);
    await step("Out for delivery", { location: "Pune Kothrud" });
    await step("NDR", { remark: "Customer not available" });
    await page.reload();
    await expect(steps.nth(3)).toContainText("(Current step)");
    await expect(page.getByRole("region", { name: "Parcel" })).toContainText(awb);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Choose a day for another attempt" }).click();
    await expect(page).toHaveURL(new RegExp(`/myOrder/${customer.customerId}/${productOrderId}#delivery$`));
    const form = page.getByRole("form", { name: "Ask for another delivery attempt" });
    await expect(delivery).toContainText("Customer not available");
    const date = form.getByLabel("Deliver on");
    await expect(date).toHaveAttribute("min", istDay(1));
    await expect(date).toHaveAttribute("max", istDay(7));
    await expectNoSidewaysScroll(page);
    await date.fill(istDay(2));
    await form.getByLabel("Phone for the courier (optional)").fill("9876543210");
    await form.getByLabel("Landmark (optional)").fill("Opposite the temple");
    await form.getByRole("button", { name: "Ask for another attempt" }).click();
    await expect(delivery.getByRole("status").filter({ hasText: "recorded" })).toBeFocused();
    await expect(form).toHaveCount(0);
    const after = await request.get(`/api/v1/orders/${productOrderId}/shipments`, { headers: bearer(customer.token) });
    const { shipments } = (await after.json()) as { shipments: { awb: string; ndr: { action: string | null; preferredDate: string | null } | null }[] };
    expect(shipments.find((s) => s.awb === awb)?.ndr).toMatchObject({ action: "REATTEMPT", preferredDate: istDay(2) });
    await expectAccessible(page);

    // the request stays on the page, which the server renders with the section (the app gave the
    // browser its session cookie): the NDR message's #delivery works before the scripts run
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "store_session")).toBe(true);
    const html = await (await page.request.get(`/myOrder/${customer.customerId}/${productOrderId}`)).text();
    expect(html).toContain('id="delivery"');
    expect(html).toContain("Your request is recorded");
    await page.goto(orderPage);
    await expect(delivery.getByRole("status").filter({ hasText: "recorded" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // My Orders on the phone: the failed delivery leads to the same section
    await page.goto(`/myOrder/${customer.customerId}`);
    await expect(summary).toContainText(`Delivery attempt failed · ${COURIER}, AWB ${awb}`);
    await expect(summary.getByRole("link", { name: `Choose a day for another attempt of order ${productOrderId}` })).toHaveAttribute("href", orderPage);
    await expectNoSidewaysScroll(page);
    expect(problems).toEqual([]);
  });

  test("/track: the right PIN code shows the scans, a wrong one says no such parcel; it fits a 360 px phone", async ({ page, request }) => {
    test.setTimeout(90_000);
    const { customer, awb } = await shippedOrder(request, numericAwb());
    await page.setViewportSize(PHONE);
    const problems = watchConsole(page);

    // the store's tracking link for a courier without a site: the AWB is filled in, every digit of it
    await page.goto(`/track?awb=${awb}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Track your order");
    await expect(page.getByLabel("AWB (tracking number)")).toHaveValue(awb);
    await page.getByLabel("Delivery PIN code").fill(String(customer.pinCode));
    await page.getByRole("button", { name: "Track", exact: true }).click();
    const result = page.getByRole("region", { name: `Parcel ${awb}` });
    await expect(result.getByTestId("shipment-status")).toHaveText("In transit");
    await expect(result).toContainText("Mumbai gateway");
    await expect(result).toContainText("Picked up by the courier");
    await expect(page).toHaveURL(new RegExp(`/track\\?awb=${awb}&pincode=${customer.pinCode}$`));
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    expect(problems).toEqual([]);

    // a wrong PIN code: the same answer as an unknown AWB
    await page.getByLabel("Delivery PIN code").fill("560001");
    await page.getByRole("button", { name: "Track", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("No parcel with that AWB and PIN code");
    await expect(page.getByText("Mumbai gateway")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // the footer leads here from every page
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
    await expect(page).toHaveURL(/\/track$/);
  });
});
