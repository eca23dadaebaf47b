// Messages → SMS templates (issue 29): the owner registers a DLT template for a kind, sees the server's
// refusal when the placeholders do not match the kind's variables, finds it listed, and deletes it.
import { expect, expectAccessible, test } from "../fixtures";
import { bearer, loginAdmin } from "./helpers";

test.describe("SMS templates", () => {
  test("register (a wrong placeholder count shows the server's message), list, delete", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    // a kind of its own ("delivered"), so that no other spec's template is touched
    const before = await request.get("/api/v1/messaging/templates?channel=sms", { headers: bearer(token) });
    expect(before.status(), await before.text()).toBe(200);
    for (const t of ((await before.json()) as { items: { templateId: number; kind: string }[] }).items.filter((t) => t.kind === "delivered")) {
      expect((await request.delete(`/api/v1/messaging/templates/${t.templateId}`, { headers: bearer(token) })).status()).toBe(200);
    }

    await page.goto("/sms-templates");
    await expect(page.getByRole("heading", { level: 1, name: "SMS templates" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "SMS Templates" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Message", { exact: true }).selectOption("delivered");
    await expect(page.getByTestId("sms-kind-variables")).toHaveText("Fills 1 placeholder, in this order: productOrderId.");
    await page.getByLabel("DLT template ID").fill("1207161234567890123");
    await page.getByLabel("Sender ID").fill("CLNSTR");
    await page.getByLabel("Text", { exact: true }).fill("Your Clean Store order {#var#} is delivered on {#var#}.");
    await expect(page.getByText("2 placeholders in the text.")).toBeVisible();
    await page.getByRole("button", { name: "Register template" }).click();
    await expect(page.getByRole("alert")).toContainText("The text has 2 placeholders ({#var#}) but the kind delivered supplies 1 variable: productOrderId.");

    const text = "Your Clean Store order {#var#} is delivered. Thank you!";
    await page.getByLabel("Text", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Register template" }).click();
    const row = page.getByRole("row").filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText("1207161234567890123");
    await expect(row).toContainText("CLNSTR");
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue("");

    await row.getByRole("button", { name: "Delete the Delivered template" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this template?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("row").filter({ hasText: text })).toHaveCount(0);
    const after = await request.get("/api/v1/messaging/templates?channel=sms", { headers: bearer(token) });
    expect(((await after.json()) as { items: { kind: string }[] }).items.map((t) => t.kind)).not.toContain("delivered");
  });

  test("Settings: guest checkout and COD confirmation have their own card", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Guest checkout and COD confirmation", exact: true });
    await expect(card.getByLabel("Offer guest checkout")).toBeChecked();
    await expect(card.getByLabel("COD confirmation")).toHaveValue("off");
    try {
      await card.getByLabel("Hours to confirm a COD order").fill("48");
      await card.getByRole("button", { name: "Save checkout settings" }).click();
      await expect(card.getByRole("status")).toHaveText("Settings saved.");
      const saved = await request.get("/api/v1/settings", { headers: bearer(token) });
      expect(((await saved.json()) as { codConfirmHours: number }).codConfirmHours).toBe(48);
    } finally {
      const restore = await request.post("/api/v1/settings", { headers: bearer(token), data: { codConfirmHours: 24 } });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
});
