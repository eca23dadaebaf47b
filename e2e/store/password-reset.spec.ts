// "Forgot password?" end to end in the browser (issue 16), and the admin's outbox screen. The test
// server has no SMTP_URL, so the link is read where the admin sees it: the outbox (status waiting).
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginAdminInBrowser, registerCustomer, test } from "../fixtures";
import { bearer } from "../admin/helpers";

async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const headers = bearer(await adminToken(request));
  const list = await request.get(`/api/v1/emails?search=${encodeURIComponent(email)}`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  const { items } = (await list.json()) as { items: { messageId: number; subject: string; status: string }[] };
  const mail = items.find((m) => m.subject === "Reset your Clean Store password");
  expect(mail?.status).toBe("waiting");
  const one = await request.get(`/api/v1/emails/${mail?.messageId}`, { headers });
  const { text } = (await one.json()) as { text: string };
  const link = /https?:\/\/[^/\s]+(\/resetPassword\?token=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return link;
}

test.describe("forgot password", () => {
  test("a customer asks for a link, sets a new password with it, logs in with it; the link works once", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await page.goto("/customerLogin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password?" })).toBeVisible();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter your email or phone number");
    await page.getByLabel("Email or Phone Number").fill(c.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account with that email or phone number exists");
    await expectAccessible(page);

    const link = await resetLinkFor(request, c.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toContainText("at least 10 characters");
    const fresh = "Jasmine-Floor-Cleaner-91";
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("Confirm new password").fill(fresh);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is changed.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to login" }).click();
    await page.getByLabel("Phone Number").fill(c.number);
    await page.getByLabel("Password").fill(fresh);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${c.customerId}$`));

    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Another-Fresh-Password-5");
    await page.getByLabel("Confirm new password").fill("Another-Fresh-Password-5");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toContainText("not valid any more");
  });

  test("the admin login has its own reset page", async ({ page }) => {
    await page.goto("/AdminLogin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/adminForgotPassword$/);
    await page.getByLabel("Email or Phone Number").fill("someone.else@example.in");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account with that email or phone number exists");
  });
});

test.describe("the admin's Emails screen", () => {
  test("lists the outbox with its status, previews a message and sends it again", async ({ page, request }) => {
    const c = await registerCustomer(request);
    await loginAdminInBrowser(page, await adminToken(request));
    await page.goto("/Admindashboard");
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Emails", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
    await page.getByRole("searchbox").fill(c.email);
    await page.getByRole("searchbox").press("Enter");
    const row = page.getByRole("row").filter({ hasText: "Welcome to Clean Store" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Waiting for SMTP");
    await expectAccessible(page);
    await row.getByRole("button", { name: /^Preview email/ }).click();
    await expect(row.locator("iframe")).toBeVisible();
    await expect(row.frameLocator("iframe").getByText("Your account is ready.")).toBeVisible();
    await row.getByRole("button", { name: /^Resend email/ }).click();
    await expect(page.getByRole("row").filter({ hasText: "Welcome to Clean Store" })).toHaveCount(2);
  });
});
