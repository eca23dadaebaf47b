// "Check delivery" on the product page (issue 27, contracts/delivery.md): a shopper types a PIN code
// and reads the delivery date, the fee and whether cash on delivery is offered there; the PIN code
// is remembered in the browser across a reload. The zones it needs are removed after, so that other
// specs sharing the store meet a store without zones.
import { adminToken, expect, expectAccessible, test, watchConsole } from "../fixtures";
import { bearer, createProduct, uniq } from "../admin/helpers";

/** "Mon, 30 Nov" for an IST date YYYY-MM-DD */
const shown = (isoDay: string) =>
  new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(new Date(`${isoDay}T00:00:00Z`));

test.describe("check delivery on the product page", () => {
  test("a PIN code shows the date, the fee and COD; a reload remembers it; an unserved one says so", async ({ page, request }) => {
    const problems = watchConsole(page);
    const token = await adminToken(request);
    const product = await createProduct(request, token, { productName: uniq("Zz Delivery Check ") });
    const zones: number[] = [];
    const addZone = async (data: Record<string, unknown>) => {
      const res = await request.post("/api/v1/shipping/zones", { headers: bearer(token), data });
      expect(res.status(), await res.text()).toBe(201);
      zones.push(((await res.json()) as { zoneId: number }).zoneId);
    };
    try {
      // before any PIN code, COD is promised because Settings offer it
      await page.goto(`/singleProductDetails/${product.productId}`);
      const box = page.getByTestId("check-delivery");
      await expect(box).toContainText("Cash on delivery available");
      // no zones yet: the product's own delivery charge
      await expect(box.getByTestId("delivery-fee")).toHaveText("Free delivery");

      await addZone({ name: "Zz Mumbai", match: ["400"], fee: 45, etaDaysMin: 1, etaDaysMax: 2, codAllowed: true });
      await addZone({ name: "Zz Karnataka", match: ["29"], fee: 60, etaDaysMin: 3, etaDaysMax: 5, codAllowed: false });
      const expected = (await (await request.get("/api/v1/serviceability?pincode=400001")).json()) as { deliverBy: string };

      await box.getByLabel("Check delivery to your PIN code").fill("4000");
      await box.getByRole("button", { name: "Check" }).click();
      await expect(box.getByText("Enter a 6-digit PIN code")).toBeVisible();
      await box.getByLabel("Check delivery to your PIN code").fill("400001");
      await box.getByRole("button", { name: "Check" }).click();
      await expect(box).toContainText(`Delivery by ${shown(expected.deliverBy)}`);
      await expect(box.getByTestId("delivery-fee")).toHaveText("Delivery ₹45.00 per order");
      await expect(box).toContainText("Cash on delivery available");
      await expect(box).toContainText("Delivering to Mumbai 400001");
      await expectAccessible(page);

      await page.reload();
      await expect(box).toContainText("Delivering to Mumbai 400001");
      await expect(box).toContainText(`Delivery by ${shown(expected.deliverBy)}`);

      // Bengaluru: its zone has no cash on delivery
      await box.getByRole("button", { name: "Change" }).click();
      await box.getByLabel("Check delivery to your PIN code").fill("560001");
      await box.getByRole("button", { name: "Check" }).click();
      await expect(box.getByTestId("delivery-fee")).toHaveText("Delivery ₹60.00 per order");
      await expect(box).toContainText("Cash on delivery not available");
      await expect(box).not.toContainText("Cash on delivery available");

      // no zone serves Pune
      await box.getByRole("button", { name: "Change" }).click();
      await box.getByLabel("Check delivery to your PIN code").fill("411001");
      await box.getByRole("button", { name: "Check" }).click();
      await expect(box).toContainText("We don't deliver to 411001 yet");
      await expect(box).not.toContainText("Cash on delivery");
      // the remembered PIN code is read after hydration: no mismatch between the server's page and the browser's
      expect(problems).toEqual([]);
    } finally {
      for (const zoneId of zones) await request.delete(`/api/v1/shipping/zones/${zoneId}`, { headers: bearer(token) });
    }
  });
});
