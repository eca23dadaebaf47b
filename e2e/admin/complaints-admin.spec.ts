// Issue 31 (contracts/grievances.md): the back office's Complaints — a ticket filed by a guest shows
// with both of the law's clocks, opens, and moves Acknowledged → In progress → Resolved with a
// resolution; only the allowed moves are offered; the complainant's words are shown as text; staff
// work the tickets but do not see the owner's monthly report.
import type { APIRequestContext } from "@playwright/test";
import { adminToken, expect, expectAccessible, loginAdminInBrowser, test } from "../fixtures";
import { bearer, loginAdmin, uniq } from "./helpers";

interface Filed {
  ticketNumber: string;
  status: string;
  acknowledgedAt: string;
  resolveBy: string;
}

/** A complaint filed by a guest through the REST API (no token: name, e-mail and phone). */
async function fileAsGuest(request: APIRequestContext, subject: string, description = "The cap of the bottle was broken when it came.") {
  const phone = `9${String(Date.now()).slice(-9)}`;
  const res = await request.post("/api/v1/grievances", {
    data: { category: "PRODUCT_QUALITY", subject, description, name: "Meera Guest", email: `${uniq("meera").toLowerCase()}@example.in`, phone },
  });
  expect(res.status(), await res.text()).toBe(201);
  const filed = (await res.json()) as Filed;
  expect(filed.status).toBe("Acknowledged");
  return filed;
}

const STAFF_PASSWORD = "Nisha-Staff-Password-2026";

async function staffToken(request: APIRequestContext): Promise<string> {
  const email = `${uniq("nisha").toLowerCase()}@cleanstore.test`;
  const made = await request.post("/api/v1/admin/staff", {
    headers: bearer(await adminToken(request)),
    data: { name: "Nisha Staff", email, password: STAFF_PASSWORD },
  });
  expect(made.status(), await made.text()).toBe(200);
  const login = await request.post("/api/v1/admin/login", { data: { email, password: STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

test.describe("Complaints in the back office", () => {
  test("a guest's ticket shows with both clocks and is moved Acknowledged → In progress → Resolved", async ({ page, request }) => {
    await loginAdmin(page, request);
    const subject = `Zz broken cap ${uniq()}`;
    const filed = await fileAsGuest(request, subject);

    await page.goto("/Admindashboard");
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Complaints" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Complaints" })).toBeVisible();
    await page.getByRole("searchbox").fill(filed.ticketNumber);
    await page.getByRole("searchbox").press("Enter");
    const row = page.locator("tbody tr").first();
    await expect(row).toHaveAttribute("data-ticket", filed.ticketNumber);
    await expect(row).toContainText(subject);
    await expect(row).toContainText("Meera Guest");
    await expect(row).toContainText("Acknowledged");
    // both clocks: acknowledged at once; a month to resolve, not overdue
    await expect(page.getByRole("columnheader", { name: "Acknowledge by" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Resolve by" })).toBeVisible();
    await expect(row).toContainText(/Acknowledged \d{1,2} \w{3} \d{4}/);
    await expect(row).toContainText(/\d+ d( \d+ h)? left/);
    await expect(row).toHaveAttribute("data-overdue", "false");
    await expectAccessible(page);

    await row.getByRole("link", { name: `Open ticket ${filed.ticketNumber}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Complaint ${filed.ticketNumber}` })).toBeVisible();
    const ticket = page.getByTestId("ticket");
    await expect(ticket).toHaveAttribute("data-status", "Acknowledged");
    // from Acknowledged only "In progress": resolving or rejecting is not offered yet
    await expect(page.getByRole("button", { name: "Resolve…" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reject…" })).toHaveCount(0);
    await page.getByRole("button", { name: "Move to In progress" }).click();
    await expect(ticket).toHaveAttribute("data-status", "In progress");
    await expect(page.getByRole("button", { name: "Move to In progress" })).toHaveCount(0);

    // a resolution of fewer than 10 characters is refused with the schema's words
    await page.getByRole("button", { name: "Resolve…" }).click();
    const resolution = page.getByLabel(/Resolution: what was done/);
    await resolution.fill("Sent");
    await page.getByRole("button", { name: "Mark resolved" }).click();
    await expect(page.getByText("Say how it was resolved: at least 10 characters")).toBeVisible();
    await expect(ticket).toHaveAttribute("data-status", "In progress");
    await resolution.fill("A new bottle was sent by courier on Monday.");
    await page.getByRole("button", { name: "Mark resolved" }).click();
    await expect(ticket).toHaveAttribute("data-status", "Resolved");
    await expect(ticket).toContainText("A new bottle was sent by courier on Monday.");
    // a resolved ticket may only be reopened
    await expect(page.getByRole("button", { name: "Move to In progress" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resolve…" })).toHaveCount(0);

    // the officer's reply joins the conversation
    await page.getByLabel("Reply to the complainant").fill("Please tell us if the new bottle arrived safely.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.locator(".trust-messages .from-officer").filter({ hasText: "Please tell us if the new bottle arrived safely." })).toBeVisible();
    await expectAccessible(page);

    // the API agrees, and refuses a move the screen did not offer (409 STATUS_ORDER)
    const token = await adminToken(request);
    const read = await request.get(`/api/v1/grievances/${filed.ticketNumber}`, { headers: bearer(token) });
    expect(((await read.json()) as { status: string }).status).toBe("Resolved");
    const wrong = await request.post(`/api/v1/grievances/${filed.ticketNumber}/status`, {
      headers: bearer(token),
      data: { status: "Rejected", reason: "Not a fault of the product at all." },
    });
    expect(wrong.status()).toBe(409);
  });

  test("a complaint's script tag is shown as text, and nothing runs", async ({ page, request }) => {
    await loginAdmin(page, request);
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    const filed = await fileAsGuest(request, "Zz <script>alert(1)</script>", "Look: <script>alert(1)</script> <img src=x onerror=alert(2)>");
    await page.goto(`/grievances?search=${filed.ticketNumber}`);
    const row = page.locator(`tr[data-ticket="${filed.ticketNumber}"]`);
    await expect(row).toContainText("Zz <script>alert(1)</script>");
    await page.goto(`/grievances/${filed.ticketNumber}`);
    await expect(page.getByRole("heading", { level: 2, name: /<script>alert\(1\)<\/script>/ })).toBeVisible();
    await expect(page.getByTestId("ticket-description")).toHaveText("Look: <script>alert(1)</script> <img src=x onerror=alert(2)>");
    await expect(page.locator("main script, main img[src=x]")).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test("the owner reads the monthly report and downloads its CSV; staff work tickets without it", async ({ page, request, browser }) => {
    await loginAdmin(page, request);
    const filed = await fileAsGuest(request, `Zz late parcel ${uniq()}`);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

    await page.goto("/grievances");
    const report = page.getByRole("region", { name: "Monthly report" });
    await expect(report.getByLabel("Month")).toHaveValue(month);
    await expect(report.locator('[data-figure="received"]')).not.toHaveText("0");
    const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`complaints-${month}.csv`);
    const csv = await download.createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(csv.trim().length).toBeGreaterThan(0);

    const staff = await browser.newContext();
    try {
      const staffPage = await staff.newPage();
      await loginAdminInBrowser(staffPage, await staffToken(request));
      await staffPage.goto(`/grievances?search=${filed.ticketNumber}`);
      await staffPage.locator("html[data-app-ready]").waitFor({ state: "attached" });
      await expect(staffPage.getByRole("heading", { level: 1, name: "Complaints" })).toBeVisible();
      await expect(staffPage.locator(`tr[data-ticket="${filed.ticketNumber}"]`)).toBeVisible();
      await expect(staffPage.getByRole("region", { name: "Monthly report" })).toHaveCount(0);
      await expect(staffPage.getByText("The owner sees the monthly complaints report here.")).toBeVisible();
      await staffPage.goto(`/grievances/${filed.ticketNumber}`);
      await staffPage.locator("html[data-app-ready]").waitFor({ state: "attached" });
      await expect(staffPage.getByRole("button", { name: "Move to In progress" })).toBeVisible();
    } finally {
      await staff.close();
    }
  });
});
