// Shared helpers for browser tests: accounts made through the API, and an axe-core scan.
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const ADMIN = { email: "admin@cleanstore.in", password: "Admin@12345" };

/** The value, or a readable Error saying what the test expected to find (a list that came back shorter, …). */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found none`);
  return value;
}

let seq = 0;
export function uniqueCustomer(overrides: Record<string, unknown> = {}) {
  seq++;
  const n = `${Date.now()}${seq}`.slice(-8);
  return {
    firstName: "Asha",
    lastName: "Verma",
    number: `9${n}${seq % 10}`.slice(0, 10),
    email: `asha.${n}.${seq}@example.in`,
    houseNo: "12B",
    city: "Pune",
    pinCode: "411001",
    state: "Maharashtra",
    areaAddress: "MG Road",
    password: "Secret@123",
    agreeToTerms: true,
    ...overrides,
  };
}

export async function registerCustomer(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const fields = uniqueCustomer(overrides);
  const res = await request.post("/api/v1/customers/save", { data: fields });
  expect(res.status(), await res.text()).toBe(200);
  const login = await request.post("/api/v1/customers/login", { data: { number: fields.number, password: fields.password } });
  const { token, customerId } = (await login.json()) as { token: string; customerId: number };
  return { ...fields, token, customerId };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/v1/admin/login", { data: ADMIN });
  return ((await res.json()) as { token: string }).token;
}

/** Puts a customer's session in localStorage, as the login screen would. */
export async function loginCustomerInBrowser(page: Page, customer: { token: string; customerId: number }) {
  await page.goto("/customerLogin");
  await page.evaluate(({ token, customerId }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("customerId", String(customerId));
  }, customer);
}

export async function loginAdminInBrowser(page: Page, token: string) {
  await page.goto("/AdminLogin");
  await page.evaluate((t) => localStorage.setItem("adminToken", t), token);
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  // a toast fading in is measured at part opacity (a false contrast failure): scan once it is in place
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toaster], [data-sonner-toaster] *")].every((el) => el.getAnimations().every((a) => a.playState !== "running")),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Storefront pages arrive rendered by the server and become interactive a moment later (the
 * scripts load after the page, see apps/web/public/boot.js): every navigation of a test waits
 * for the app to mark itself ready, as a person would wait for the page to respond.
 */
async function waitForApp(page: Page) {
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page["reload"]>) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/** Console errors and uncaught exceptions, each with the address it happened on (React reports a hydration mismatch as one). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${new URL(page.url()).pathname}: uncaught ${e.message}`));
  return problems;
}
