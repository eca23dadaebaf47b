// WhatsApp order messages (issue 30), end to end: the owner turns WhatsApp on and registers the
// "order placed" template on the screens; a customer who opted in orders; the outbox worker sends the
// template message to the Cloud API stand-in this test starts (the server's WHATSAPP_API_BASE,
// playwright.config.ts), which then posts Meta's signed "delivered" and "read" webhooks; the owner sees
// sent → delivered → read in the message list, the details with their times, the buyer's reply in the
// inbox, and resends the message.
import type { APIRequestContext, Page } from "@playwright/test";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "@store/api/testing/whatsapp";
import { expect, expectAccessible, must, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, placeOrder, uniq } from "./helpers";

// as playwright.config.ts gives the server
const STAND_IN_PORT = Number(process.env.E2E_PORT ?? 8090) + 11;
const WHATSAPP = { token: "e2e-whatsapp-token", phoneNumberId: "106540352242922", appSecret: "e2e-whatsapp-app-secret" };
const WEBHOOK = "/api/v1/messaging/webhook/whatsapp";

interface Template {
  templateId: number;
  kind: string;
  language: string;
}

async function removeWhatsAppTemplates(request: APIRequestContext, token: string, kind: string) {
  const res = await request.get("/api/v1/messaging/templates?channel=whatsapp", { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  for (const t of ((await res.json()) as { items: Template[] }).items.filter((t) => t.kind === kind)) {
    const gone = await request.delete(`/api/v1/messaging/templates/${t.templateId}`, { headers: bearer(token) });
    expect(gone.status(), await gone.text()).toBe(200);
  }
}

/** The list's row of the WhatsApp message to `phone`, after a reload: the list shows what the server has now. */
async function whatsappRow(page: Page, phone: string, delivery: string) {
  const row = page.locator("tr[data-message-id]").filter({ hasText: phone });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("delivery-status")).toHaveText(delivery, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return row;
}

test.describe("WhatsApp order messages", () => {
  test("order placed → WhatsApp sent → delivered → read, seen in the back office; the reply in the inbox; resend", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const token = await loginAdmin(page, request);
    const templateName = `order_placed_${uniq("e2e").toLowerCase()}`;
    let wa: WhatsAppStandIn | null = null;
    await removeWhatsAppTemplates(request, token, "order_placed");
    try {
      // Settings: WhatsApp messages on
      await page.goto("/settings");
      const card = page.getByRole("region", { name: "Guest checkout and COD confirmation", exact: true });
      await expect(card.getByLabel("WhatsApp messages")).not.toBeChecked();
      await card.getByLabel("WhatsApp messages").check();
      await card.getByRole("button", { name: "Save checkout settings" }).click();
      await expect(card.getByRole("status")).toHaveText("Settings saved.");

      // Templates: the WhatsApp form, its category preset from the kind; a wrong category is the server's 400
      await page.goto("/sms-templates");
      const section = page.getByRole("region", { name: "WhatsApp templates" });
      await expect(section.getByText("No WhatsApp template registered yet.")).toBeVisible();
      await expectAccessible(page);
      await section.getByLabel("WhatsApp message").selectOption("order_placed");
      await expect(section.getByLabel("Category")).toHaveValue("UTILITY");
      await expect(section.getByTestId("wa-params").getByRole("listitem")).toHaveText([/customerName/, /productOrderId/, /grandTotal/, /deliverBy/]);
      // the template has three variables: deliverBy goes, grandTotal moves before the order number
      await section.getByRole("button", { name: "Remove deliverBy" }).click();
      await section.getByRole("button", { name: "Move grandTotal up" }).click();
      await expect(section.getByTestId("wa-params").getByRole("listitem")).toHaveText([
        /\{\{1\}\} customerName/,
        /\{\{2\}\} grandTotal/,
        /\{\{3\}\} productOrderId/,
      ]);
      await section.getByLabel("Template name").fill(templateName);
      await section.getByLabel("Category").selectOption("MARKETING");
      await section.getByRole("button", { name: "Register WhatsApp template" }).click();
      await expect(section.getByRole("alert")).toHaveText("A order_placed template must be approved in the UTILITY category, not MARKETING.");
      await section.getByLabel("Category").selectOption("UTILITY");
      await section.getByRole("button", { name: "Register WhatsApp template" }).click();
      const templateRow = section.getByRole("row").filter({ hasText: templateName });
      await expect(templateRow).toContainText("Order placed");
      await expect(templateRow).toContainText("English");
      await expect(templateRow).toContainText("{{1}} customerName, {{2}} grandTotal, {{3}} productOrderId");

      // the Cloud API stand-in, where the server's WHATSAPP_API_BASE points
      wa = await startWhatsAppStandIn({ token: WHATSAPP.token, phoneNumberId: WHATSAPP.phoneNumberId, port: STAND_IN_PORT });
      const standIn = wa;

      // a customer who ticked the box at registration orders
      const customer = await registerCustomer(request, { whatsappOptIn: true });
      const product = await createProduct(request, token, { productName: uniq("Zz WhatsApp Item "), productPrice: 99, deliveryCharge: "Free" });
      const order = await placeOrder(request, customer, product.productId, 1);

      // the outbox worker sends the template message
      await expect.poll(() => standIn.sent.filter((s) => s.params.includes(order.productOrderId)).length, { timeout: 30_000 }).toBe(1);
      const sent = must(
        standIn.sent.find((s) => s.params.includes(order.productOrderId)),
        "the order's WhatsApp message",
      );
      expect(sent).toMatchObject({ to: `91${customer.number}`, templateName, language: "en" });
      expect(sent.params).toEqual([customer.firstName, expect.stringContaining("99"), order.productOrderId]);

      // the back office: the WhatsApp list, the message sent
      await page.goto("/emails");
      await page.getByLabel("Channel").selectOption("whatsapp");
      await expect(page).toHaveURL(/channel=whatsapp/);
      await page.getByRole("searchbox").fill(customer.number);
      await page.getByRole("searchbox").press("Enter");
      let row = await whatsappRow(page, customer.number, "Sent");
      await expect(row).toContainText(templateName);
      await expect(row).toContainText("Sent");
      await expectAccessible(page);

      // Meta's receipts, signed as Meta signs them
      const webhook = `${baseURL}${WEBHOOK}`;
      expect(await standIn.postStatus(webhook, WHATSAPP.appSecret, { id: sent.id, status: "delivered" })).toBe(200);
      row = await whatsappRow(page, customer.number, "Delivered");
      expect(await standIn.postStatus(webhook, WHATSAPP.appSecret, { id: sent.id, status: "read" })).toBe(200);
      // a late "delivered" again changes nothing: never backwards
      expect(await standIn.postStatus(webhook, WHATSAPP.appSecret, { id: sent.id, status: "delivered" })).toBe(200);
      // a wrong signature is refused
      expect(await standIn.postStatus(webhook, "not-the-app-secret", { id: sent.id, status: "failed" })).toBe(401);
      row = await whatsappRow(page, customer.number, "Read");

      // the message's details: template, parameters, the provider's id and the receipts' times
      const messageId = must(await row.getAttribute("data-message-id"), "the row's message id");
      await row.getByRole("button", { name: `Preview WhatsApp message ${messageId}` }).click();
      await expect(row.getByText(`WhatsApp template ${templateName} to ${customer.number}`)).toBeVisible();
      await expect(row.getByRole("list", { name: "Parameters" }).getByRole("listitem")).toHaveText([
        `{{1}} ${customer.firstName}`,
        `{{2}} ${sent.params[1]}`,
        `{{3}} ${order.productOrderId}`,
      ]);
      await expect(row.getByTestId("preview-delivery-status")).toHaveText("Read");
      await expect(row.getByTestId("preview-delivered-at")).not.toHaveText("—");
      await expect(row.getByTestId("preview-read-at")).not.toHaveText("—");
      await expect(row).toContainText(sent.id);
      await expectAccessible(page);

      // every channel at once: the Channel column says which
      await page.getByLabel("Channel").selectOption("all");
      const anyChannel = page.locator("tr[data-message-id]").filter({ hasText: `template ${templateName}` });
      await expect(anyChannel).toContainText("WhatsApp");
      await expect(anyChannel.getByTestId("delivery-status")).toHaveText("Read");

      // the buyer writes back: the owner's inbox
      expect(await standIn.postInbound(webhook, WHATSAPP.appSecret, { from: customer.number, text: "Will it come before Sunday?" })).toBe(200);
      await page.getByRole("navigation", { name: "Messages" }).getByRole("link", { name: "Inbox" }).click();
      await expect(page).toHaveURL(/view=inbox/);
      const reply = page.getByRole("row").filter({ hasText: "Will it come before Sunday?" });
      await expect(reply).toContainText(`91${customer.number}`);
      await expect(reply).toContainText(`${customer.firstName} ${customer.lastName}`);
      await expectAccessible(page);

      // resend: a new WhatsApp message with the same template and parameters
      await page.getByRole("navigation", { name: "Messages" }).getByRole("link", { name: "Sent messages" }).click();
      await page.getByLabel("Channel").selectOption("whatsapp");
      await page.getByRole("searchbox").fill(customer.number);
      await page.getByRole("searchbox").press("Enter");
      await page.getByRole("button", { name: `Resend WhatsApp message ${messageId}` }).click();
      await expect(page.locator("tr[data-message-id]").filter({ hasText: customer.number })).toHaveCount(2);
      await expect.poll(() => standIn.sent.filter((s) => s.params.includes(order.productOrderId)).length, { timeout: 30_000 }).toBe(2);
    } finally {
      const off = await request.post("/api/v1/settings", { headers: bearer(token), data: { whatsappEnabled: false } });
      expect(off.status(), await off.text()).toBe(200);
      await removeWhatsAppTemplates(request, token, "order_placed");
      await wa?.close();
    }
  });
});
