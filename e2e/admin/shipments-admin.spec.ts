// The back office's shipments (issue 28) at a laptop's 1366 × 768: the packing queue lists an order
// whose lines await shipment, "Ship" opens its Ship form, a manual shipment (AWB + courier name) shows
// on the order view with its Created event and a PDF label, admin steps move the timeline and the
// lines, the Shipments list filters by status; a second order's failed delivery (NDR) heads the list
// and is decided: re-attempt, then return to origin; a box not yet picked up is cancelled; a box
// worth more than ₹50,000 needs its e-way bill number.
import fs from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { addToCart, bearer, createProduct, loginAdmin, placeOrder, uniq } from "./helpers";

test.use({ viewport: { width: 1366, height: 768 } });

/** An AWB no other test has used: 12 upper-case letters and digits. */
const newAwb = () => `ZZ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase().slice(0, 14);

/** A customer's two-product cart checked out as one cash-on-delivery order. */
async function twoLineCodOrder(request: APIRequestContext, token: string) {
  const a = await createProduct(request, token, { productName: uniq("Zz Ship Item A ") });
  const b = await createProduct(request, token, { productName: uniq("Zz Ship Item B ") });
  const customer = await registerCustomer(request);
  await addToCart(request, customer, a.productId, 2);
  await addToCart(request, customer, b.productId, 1);
  const res = await request.post("/api/v1/addToCart/checkout", { headers: bearer(customer.token), data: { paymentMethod: "COD" } });
  expect(res.status(), await res.text()).toBe(200);
  const { productOrderId } = (await res.json()) as { productOrderId: string };
  return { a, b, customer, productOrderId };
}

/** At 1366 px with the menu open, neither the page nor its main area scrolls sideways. */
async function expectFits(page: Page) {
  const [doc, main] = await page.evaluate(() => {
    const m = document.querySelector("main")!;
    return [document.documentElement.scrollWidth - document.documentElement.clientWidth, m.scrollWidth - m.clientWidth];
  });
  expect(doc, "the page scrolls sideways").toBeLessThanOrEqual(0);
  expect(main, "the main area scrolls sideways").toBeLessThanOrEqual(0);
}

const shipmentCard = (page: Page, awb: string) => page.locator(`article[data-shipment="${awb}"]`);

/** Records the next status of a shipment from its card and waits for it on the timeline. */
async function recordStep(card: Locator, status: string, remark?: string) {
  await card.getByLabel("Next status").selectOption(status);
  if (remark) await card.getByLabel("Remark (optional)").fill(remark);
  await card.getByRole("button", { name: "Record step" }).click();
  await expect(card.getByRole("heading", { level: 3 })).toContainText(status);
  // newest first
  await expect(card.locator(".shipment-timeline li").first()).toHaveAttribute("data-event-status", status);
}

async function shipManually(page: Page, awb: string, courierName = "Delhivery Surface") {
  const form = page.getByRole("form", { name: "Ship this order" });
  await form.getByLabel("AWB number").fill(awb);
  await form.getByLabel("Courier name").fill(courierName);
  await form.getByRole("button", { name: "Create shipment" }).click();
}

test.describe("shipments in the back office", () => {
  test("packing queue → Ship manually → label, steps, timeline and lines; the list filters by status", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await loginAdmin(page, request);
    const { a, b, customer, productOrderId } = await twoLineCodOrder(request, token);

    // the packing queue, from the menu
    await page.goto("/Admindashboard");
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Packing", exact: true }).click();
    await expect(page).toHaveURL(/\/packing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Packing" })).toBeVisible();
    await page.getByRole("search").getByRole("searchbox").fill(customer.number);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    const row = page.locator(`tr[data-order-ref="${productOrderId}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${a.productName} × 2`);
    await expect(row).toContainText(`${b.productName} × 1`);
    await expect(row).toContainText("COD");
    await expectFits(page);
    await expectAccessible(page);

    // Ship: the order view's Ship form, every waiting line chosen
    await row.getByRole("link", { name: `Ship order ${productOrderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${productOrderId}#ship$`));
    const form = page.getByRole("form", { name: "Ship this order" });
    await expect(form.getByRole("checkbox", { name: new RegExp(a.productName) })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: new RegExp(b.productName) })).toBeChecked();
    // the packs' weight is the default: 3 packs of the test products' default weight
    await expect(form.getByLabel("Weight (grams)")).toHaveAttribute("placeholder", /^\d+$/);
    // a manual shipment needs its AWB: the form says so before asking the server
    await form.getByLabel("Courier name").fill("Delhivery Surface");
    await form.getByRole("button", { name: "Create shipment" }).click();
    await expect(form.getByText("A manual shipment needs the courier's AWB")).toBeVisible();
    await expectAccessible(page);

    const awb = newAwb();
    await shipManually(page, awb);
    const card = shipmentCard(page, awb);
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading", { level: 3 })).toContainText("Created");
    await expect(card.locator('li[data-event-status="Created"]')).toBeVisible();
    await expect(card).toContainText("Delhivery Surface");
    // every line is in the box: nothing is left to ship
    await expect(page.getByRole("form", { name: "Ship this order" })).toHaveCount(0);

    // the label: a PDF, downloaded with the admin's token
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: `Download the label of shipment ${awb}` }).click()]);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const shipments = await request.get(`/api/v1/orders/${productOrderId}/shipments`, { headers: bearer(token) });
    expect(shipments.status(), await shipments.text()).toBe(200);
    const [shipment] = ((await shipments.json()) as { shipments: { labelUrl: string; awb: string }[] }).shipments;
    expect(shipment?.awb).toBe(awb);
    const label = await request.get(shipment!.labelUrl, { headers: bearer(token) });
    expect(label.status()).toBe(200);
    expect(label.headers()["content-type"]).toContain("application/pdf");

    // steps by hand: the timeline grows newest first and the lines follow
    const lines = page.locator("tr[data-line]");
    await recordStep(card, "Picked up", "Handed to the Delhivery rider");
    await expect(card).toContainText("Handed to the Delhivery rider");
    await expect(lines.first()).toContainText("On the way");
    await expect(lines.nth(1)).toContainText("On the way");
    // a step already passed is not offered
    await expect(card.getByLabel("Next status").locator("option", { hasText: "Created" })).toHaveCount(0);
    await recordStep(card, "Delivered");
    await expect(lines.first()).toContainText("Completed");
    await expect(lines.nth(1)).toContainText("Completed");
    await expect(card.locator(".shipment-timeline li")).toHaveCount(3);
    await expectFits(page);
    // a delivered parcel takes no further step
    await expect(card.getByRole("button", { name: "Record step" })).toHaveCount(0);
    await expectAccessible(page);

    // the Shipments list, from the menu: by status, searched by AWB
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Shipments", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await page.getByRole("search").getByRole("searchbox").fill(awb);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    const listed = page.locator(`tr[data-awb="${awb}"]`);
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(productOrderId);
    await expect(listed).toContainText("Delivered");
    const tabs = page.getByRole("navigation", { name: "Shipment status" });
    await tabs.getByRole("link", { name: "In transit", exact: true }).click();
    await expect(page).toHaveURL(/status=In(\+|%20)transit/);
    await expect(page.getByText("No shipments found.")).toBeVisible();
    await tabs.getByRole("link", { name: "Delivered", exact: true }).click();
    await expect(listed).toBeVisible();
    await page.getByRole("combobox", { name: "Courier" }).selectOption("shiprocket");
    await expect(page.getByText("No shipments found.")).toBeVisible();
    await page.getByRole("combobox", { name: "Courier" }).selectOption("manual");
    await expect(listed).toBeVisible();
    // the order link leads back to the order view
    await listed.getByRole("link", { name: `Open order ${productOrderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${productOrderId}$`));
    await expect(shipmentCard(page, awb)).toBeVisible();
  });

  test("a failed delivery heads the list; re-attempt, then return to origin; cancel before pickup", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Zz Ship NDR Item ") });
    const customer = await registerCustomer(request);
    const first = await placeOrder(request, customer, product.productId, 1);
    const takenAwb = newAwb();
    const made = await request.post(`/api/v1/orders/${first.productOrderId}/shipments`, {
      headers: bearer(token),
      data: { courier: "manual", awb: takenAwb, courierName: "Blue Dart" },
    });
    expect(made.status(), await made.text()).toBe(201);

    const order = await placeOrder(request, customer, product.productId, 1);
    await page.goto(`/orders/${order.productOrderId}`);
    // an AWB already on another shipment: the server's refusal shows in the form
    await shipManually(page, takenAwb, "Blue Dart");
    await expect(page.getByRole("form", { name: "Ship this order" }).getByRole("alert")).toContainText("AWB_TAKEN");
    const awb = newAwb();
    await shipManually(page, awb, "Blue Dart");
    const card = shipmentCard(page, awb);
    await expect(card).toBeVisible();

    // the courier could not deliver: recorded by hand
    await recordStep(card, "NDR", "Customer not available");
    await expect(card.getByRole("form", { name: "Failed delivery: what next?" })).toBeVisible();

    // the list: NDRs first, counted on their tab
    await page.goto("/shipments");
    const tabs = page.getByRole("navigation", { name: "Shipment status" });
    await expect(tabs.getByRole("link", { name: /^NDR \(\d+\)$/ })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toHaveAttribute("data-status", "NDR");
    await tabs.getByRole("link", { name: /^NDR \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/status=NDR/);
    const listed = page.locator(`tr[data-awb="${awb}"]`);
    await expect(listed).toBeVisible();
    await expect(listed.getByTestId("ndr-cell")).toContainText("1 attempt");
    await expect(listed.getByTestId("ndr-cell")).toContainText("Awaiting your decision");
    await expectFits(page);
    await expectAccessible(page);

    // re-attempt: a date within the week and a phone to call
    await listed.getByRole("link", { name: `Open order ${order.productOrderId}` }).click();
    const ndrForm = card.getByRole("form", { name: "Failed delivery: what next?" });
    await ndrForm.getByLabel("Re-attempt delivery").check();
    await ndrForm.getByLabel("Phone (optional, 10 digits)").fill("9876543210");
    await ndrForm.getByRole("button", { name: "Ask for re-attempt" }).click();
    await expect(card.getByTestId("shipment-ndr")).toContainText("decided: Re-attempt");
    await expect(card.locator('li[data-event-status="Re-attempt requested"]')).toBeVisible();
    await expectAccessible(page);

    // out again, failed again, and this time back to the store
    await recordStep(card, "Out for delivery");
    await recordStep(card, "NDR", "Address not found");
    await ndrForm.getByLabel("Return to origin").check();
    await ndrForm.getByRole("button", { name: "Return to origin" }).click();
    await expect(card.getByRole("heading", { level: 3 })).toContainText("RTO initiated");
    await expect(card.getByTestId("shipment-ndr")).toContainText("decided: Return to origin");
    await recordStep(card, "RTO delivered");
    await expect(page.locator("tr[data-line]").first()).toContainText("Cancelled");

    await page.goto("/shipments?status=RTO+delivered");
    await expect(page.locator(`tr[data-awb="${awb}"]`)).toContainText("Return to origin");

    // the first order's box was never picked up: cancelled, its line awaits shipment again
    await page.goto(`/orders/${first.productOrderId}`);
    const untouched = shipmentCard(page, takenAwb);
    await expect(page.getByRole("form", { name: "Ship this order" })).toHaveCount(0);
    await untouched.getByRole("button", { name: "Cancel shipment" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel shipment" }).click();
    await expect(untouched.getByRole("heading", { level: 3 })).toContainText("Cancelled");
    await expect(page.getByRole("form", { name: "Ship this order" }).getByRole("checkbox", { name: new RegExp(product.productName) })).toBeChecked();
  });

  test("a box worth more than ₹50,000 asks for its e-way bill number", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Zz Ship Costly Item "), productPrice: 60_000, mainPrice: 65_000 });
    const customer = await registerCustomer(request);
    const order = await placeOrder(request, customer, product.productId, 1);
    await page.goto(`/orders/${order.productOrderId}`);
    const form = page.getByRole("form", { name: "Ship this order" });
    await expect(form.getByLabel("E-way bill number")).toBeVisible();
    // left blank: the server's refusal, with its code
    await shipManually(page, newAwb(), "Delhivery Surface");
    await expect(form.getByRole("alert")).toContainText("EWAY_BILL_REQUIRED");
    await form.getByLabel("E-way bill number").fill("1234 5678 9012");
    const awb = newAwb();
    await shipManually(page, awb, "Delhivery Surface");
    await expect(shipmentCard(page, awb)).toContainText("123456789012");
  });
});
