// Issue 31 (contracts/reviews.md): the back office's Reviews — the Settings switch "Reviews only from
// buyers", a buyer's review and (with the switch off) a non-buyer's, moderated: one published (though
// unhappy: a review is never rejected for being negative), one rejected for a published reason, a
// reply; the product page then shows only the published one, with the store's reply.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, registerCustomer, test } from "../fixtures";
import { bearer, createProduct, loginAdmin, placeOrder, setOrderStatus, uniq } from "./helpers";

async function review(request: APIRequestContext, token: string, productId: number, data: Record<string, unknown>) {
  return request.post(`/api/v1/products/${productId}/reviews`, { headers: bearer(token), data });
}

async function requirePurchase(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get("/api/v1/settings", { headers: bearer(token) });
  return ((await res.json()) as { reviewsRequirePurchase: boolean }).reviewsRequirePurchase;
}

test.describe("Reviews in the back office", () => {
  test("the owner publishes a buyer's unhappy review, rejects another for a reason, replies; the product page shows only the published one", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await loginAdmin(page, request);
    const product = await createProduct(request, token, { productName: uniq("Zz Review Cleaner ") });
    // a buyer: a delivered line of the product
    const buyer = await registerCustomer(request, { firstName: "Priya", lastName: "Desai" });
    const order = await placeOrder(request, buyer, product.productId, 1);
    await setOrderStatus(request, token, order.orderId, "Completed");
    const unhappy = `Too watery for my kitchen tiles ${uniq()}, it needed three rounds.`;
    const bought = await review(request, buyer.token, product.productId, { rating: 2, title: "Not strong enough", body: unhappy });
    expect(bought.status(), await bought.text()).toBe(201);
    expect(((await bought.json()) as { verifiedPurchase: boolean }).verifiedPurchase).toBe(true);

    // someone who never bought it: refused while reviews are only from buyers
    const stranger = await registerCustomer(request, { firstName: "Rohan", lastName: "Kapoor" });
    const spam = `Visit my shop for cheaper cleaners ${uniq()} today!`;
    const refused = await review(request, stranger.token, product.productId, { rating: 5, title: "Great deal", body: spam });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("NOT_A_BUYER");

    expect(await requirePurchase(request, token)).toBe(true);
    try {
      // the switch in Settings turns the rule off…
      await page.goto("/settings");
      const checkout = page.getByRole("region", { name: "Guest checkout and COD confirmation" });
      const onlyBuyers = checkout.getByLabel("Reviews only from buyers");
      await expect(onlyBuyers).toBeChecked();
      await onlyBuyers.uncheck();
      await checkout.getByRole("button", { name: "Save checkout settings" }).click();
      await expect(checkout.getByText("Settings saved.")).toBeVisible();
      expect(await requirePurchase(request, token)).toBe(false);
      const unverified = await review(request, stranger.token, product.productId, { rating: 5, title: "Great deal", body: spam });
      expect(unverified.status(), await unverified.text()).toBe(201);
      expect(((await unverified.json()) as { verifiedPurchase: boolean }).verifiedPurchase).toBe(false);

      // …and back on
      await page.reload();
      await expect(onlyBuyers).not.toBeChecked();
      await onlyBuyers.check();
      await checkout.getByRole("button", { name: "Save checkout settings" }).click();
      await expect(checkout.getByText("Settings saved.")).toBeVisible();
      expect(await requirePurchase(request, token)).toBe(true);
    } finally {
      if (!(await requirePurchase(request, token))) {
        const back = await request.post("/api/v1/settings", { headers: bearer(token), data: { reviewsRequirePurchase: true } });
        expect.soft(back.status(), "putting reviewsRequirePurchase back on").toBe(200);
      }
    }

    // the queue, this product's reviews only
    await page.goto(`/reviews?productId=${product.productId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByText("A review is never rejected for being negative")).toBeVisible();
    const cards = page.locator("article[data-review]");
    await expect(cards).toHaveCount(2);
    const buyerCard = cards.filter({ hasText: unhappy });
    const spamCard = cards.filter({ hasText: spam });
    await expect(buyerCard).toHaveAttribute("data-status", "Pending");
    await expect(buyerCard).toContainText("Priya D.");
    await expect(buyerCard).toContainText("Verified purchase");
    await expect(buyerCard.getByRole("img", { name: "2 out of 5 stars" })).toBeVisible();
    await expect(spamCard).toContainText("Not a verified purchase");
    // no way to change a review's stars or words: no text box holds them
    await expect(page.locator("textarea, input").filter({ hasText: unhappy })).toHaveCount(0);
    await expectAccessible(page);

    // rejecting needs one of the published reasons (no free text)
    await spamCard.getByRole("button", { name: /^Reject/ }).click();
    await expect(spamCard.getByText(/A rejected review needs one of the published reasons/)).toBeVisible();
    await spamCard.getByLabel("Reason to reject").selectOption({ label: "It is spam or advertising." });
    await spamCard.getByRole("button", { name: /^Reject/ }).click();
    await expect(spamCard).toHaveAttribute("data-status", "Rejected");
    await expect(spamCard.getByTestId("reject-reason")).toHaveText("Rejected: It is spam or advertising.");

    await buyerCard.getByRole("button", { name: /^Publish/ }).click();
    await expect(buyerCard).toHaveAttribute("data-status", "Published");
    const reply = "Sorry to hear it: use two caps a bucket for tiles. We have written to you.";
    await buyerCard.getByLabel(/Reply as the store/).fill(reply);
    await buyerCard.getByRole("button", { name: /^Save reply/ }).click();
    await expect(buyerCard.locator(".trust-reply-shown")).toContainText(reply);
    await expect(buyerCard.getByLabel(/Change the store's reply/)).toHaveValue(reply);

    // the owner's monthly report counts the rejection by reason and by stars
    const report = page.getByRole("region", { name: "Monthly moderation report" });
    await expect(report.locator('[data-figure="rejected"]')).not.toHaveText("0");

    // the product page: the published review with the reply, not the rejected one
    await page.goto(`/singleProductDetails/${product.productId}`);
    const shown = page.getByTestId("review");
    await expect(shown).toHaveCount(1);
    await expect(shown).toContainText(unhappy);
    await expect(shown).toContainText("Verified purchase");
    await expect(shown).toContainText(reply);
    await expect(page.getByText(spam)).toHaveCount(0);
  });
});
