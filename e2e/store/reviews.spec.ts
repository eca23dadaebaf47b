// Reviews only from people who bought (issue 31, contracts/reviews.md): a customer with a delivered
// line rates the product from My Orders; the review waits for moderation; once the back office
// publishes it the product page shows the rating summary, the histogram and the review, sorted.
import type { APIRequestContext } from "@playwright/test";
import { test, expect, expectAccessible, registerCustomer, loginCustomerInBrowser, adminToken, must } from "../fixtures";
import { bearer, createProduct, placeOrder, setOrderStatus, uniq } from "../admin/helpers";

type Buyer = Awaited<ReturnType<typeof registerCustomer>>;

/** a customer whose order of the product is delivered (Completed) */
async function buyer(request: APIRequestContext, token: string, productId: number, overrides: Record<string, unknown> = {}): Promise<Buyer> {
  const customer = await registerCustomer(request, overrides);
  const order = await placeOrder(request, customer, productId);
  await setOrderStatus(request, token, order.orderId, "Completed");
  return customer;
}

/** the back office publishes the product's pending reviews */
async function publishAll(request: APIRequestContext, token: string, productId: number) {
  const res = await request.get(`/api/v1/reviews?productId=${productId}&status=Pending`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { reviewId: number }[] };
  expect(items.length).toBeGreaterThan(0);
  for (const { reviewId } of items) {
    const moderated = await request.post(`/api/v1/reviews/${reviewId}/moderate`, { headers: bearer(token), data: { decision: "Published" } });
    expect(moderated.status(), await moderated.text()).toBe(200);
  }
}

test.describe("rating a purchase", () => {
  test("a buyer rates it from My Orders; it waits for moderation, then the product page shows the summary, histogram and the review, sorted", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const product = await createProduct(request, token, { productName: uniq("Zz Rated Cleaner ") });
    const customer = await buyer(request, token, product.productId, { firstName: "Priya", lastName: "Das" });
    await loginCustomerInBrowser(page, customer);
    await page.goto(`/myOrder/${customer.customerId}`);
    await page.getByRole("link", { name: `Rate your purchase: ${product.productName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/rate/${product.productId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Rate your purchase" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: product.productName })).toBeVisible();

    // nothing chosen: the form says what is missing
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByText("Rating must be a whole number of stars from 1 to 5")).toBeVisible();
    // the stars are a radio group: a click, then the arrow keys move the choice
    await page.getByRole("radio", { name: "3 stars" }).check();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await page.getByLabel("Title (optional)").fill("Shines the tiles");
    await page.getByLabel("Your review").fill("Cleans the kitchen tiles well, and it smells fresh.");
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByTestId("review-status")).toHaveText("Pending");
    await expect(page.getByRole("status").filter({ hasText: "waiting for moderation" })).toBeVisible();
    await expectAccessible(page);

    // Pending: not on the product page
    await page.goto(`/singleProductDetails/${product.productId}`);
    const reviews = page.getByRole("region", { name: "Ratings and reviews" });
    await expect(reviews).toContainText("No reviews yet");
    await expect(reviews.getByTestId("review")).toHaveCount(0);

    // a second buyer, through the API, and the back office publishes both
    const second = await buyer(request, token, product.productId, { firstName: "Ravi", lastName: "Kumar" });
    const created = await request.post(`/api/v1/products/${product.productId}/reviews`, {
      headers: bearer(second.token),
      data: { rating: 2, body: "Too strong a smell for a small bathroom." },
    });
    expect(created.status(), await created.text()).toBe(201);
    await publishAll(request, token, product.productId);

    await page.reload();
    await expect(page.locator(".rating-badge").getByRole("link", { name: "3 out of 5, 2 reviews. Read the reviews" })).toBeVisible();
    await expect(reviews.getByTestId("rating-summary")).toContainText("3 out of 5, 2 reviews");
    await expect(reviews.getByTestId("histogram-5")).toContainText("0");
    await expect(reviews.getByTestId("histogram-4")).toContainText("1");
    await expect(reviews.getByTestId("histogram-2")).toContainText("1");
    const first = reviews.getByTestId("review").first();
    await expect(reviews.getByTestId("review")).toHaveCount(2);
    const priya = reviews.getByTestId("review").filter({ hasText: "Shines the tiles" });
    await expect(priya).toContainText("Priya D.");
    await expect(priya).toContainText("Verified purchase");
    await expect(priya.getByRole("img", { name: "4 out of 5" })).toBeVisible();

    await reviews.getByLabel("Sort reviews").selectOption({ label: "Lowest rated" });
    await expect(first).toContainText("Ravi K.");
    await reviews.getByLabel("Sort reviews").selectOption({ label: "Highest rated" });
    await expect(first).toContainText("Priya D.");
    await expectAccessible(page);

    // the author sees it published, and an edit sends it back to moderation
    await page.goto(`/rate/${product.productId}`);
    await expect(page.getByTestId("review-status")).toHaveText("Published");
    await page.getByRole("button", { name: "Edit review" }).click();
    await expect(page.getByText("An edited review goes back to moderation")).toBeVisible();
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("review-status")).toHaveText("Pending");
  });

  test("a customer without a delivered line is told why; a visitor is sent to log in first", async ({ page, request }) => {
    const token = await adminToken(request);
    const product = await createProduct(request, token, { productName: uniq("Zz Unbought Cleaner ") });
    await page.goto(`/rate/${product.productId}`);
    await expect(page).toHaveURL(/\/customerLogin\?redirect=/);
    await expect(page.getByText("Please log in to continue.")).toBeVisible();

    const customer = await registerCustomer(request);
    await loginCustomerInBrowser(page, customer);
    await page.goto(`/rate/${product.productId}`);
    await expect(page.getByTestId("why-not")).toHaveText("You can review this after it is delivered to you.");
    await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);
    expect(must(await page.getByRole("main").textContent(), "the page")).toContain(product.productName);
  });

  test("on a 360 px phone the product page arrives with its rating from the server, nothing moves when the app starts, and nothing scrolls sideways", async ({
    browser,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request);
    const product = await createProduct(request, token, { productName: uniq("Zz Phone Rated Cleaner ") });
    const customer = await buyer(request, token, product.productId);
    const created = await request.post(`/api/v1/products/${product.productId}/reviews`, {
      headers: bearer(customer.token),
      data: {
        rating: 5,
        title: "A very long title that keeps going and going without a break",
        body: "Averyveryverylongwordwithoutanyspacesatallthatmustwrapinsteadofscrolling.",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await publishAll(request, token, product.productId);
    const phone = { width: 360, height: 740 };
    const badgeBox = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: phone, baseURL });
      const page = await context.newPage();
      await page.goto(`/singleProductDetails/${product.productId}`);
      if (javaScriptEnabled) await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
      const badge = page.locator(".rating-badge");
      await expect(badge).toContainText("5.0 (1)");
      await expect(page.getByTestId("review")).toContainText("Verified purchase");
      const box = must(await badge.boundingBox(), "the rating badge's box");
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await context.close();
      return { box, sideways };
    };
    const server = await badgeBox(false);
    const app = await badgeBox(true);
    expect(app.box).toEqual(server.box);
    expect(server.sideways).toBe(0);
    expect(app.sideways).toBe(0);

    const context = await browser.newContext({ viewport: phone, baseURL });
    const page = await context.newPage();
    await loginCustomerInBrowser(page, customer);
    for (const path of ["/complaint", `/rate/${product.productId}`, "/my-complaints"]) {
      await page.goto(path);
      await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
    }
    await context.close();
  });
});
