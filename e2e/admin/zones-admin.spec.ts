// Delivery zones (issue 27) in the back office: the owner adds a zone with the form (a bad prefix is
// refused beside its field first), previews a PIN code, edits the zone and deletes it (so that other
// specs sharing the store meet a store without zones); the dispatch settings are saved in Settings.
import { expect, expectAccessible, test } from "../fixtures";
import { bearer, loginAdmin, uniq } from "./helpers";

test.describe("delivery zones in the back office", () => {
  test("the owner adds a zone, previews a PIN code, edits and deletes the zone", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    const name = `Zz ${uniq("Zone")}`.slice(0, 40);
    await page.goto("/Admindashboard");
    await page.getByRole("link", { name: "Delivery Zones" }).click();
    await expect(page.getByRole("heading", { name: "Delivery zones", level: 1 })).toBeVisible();

    const form = page.getByRole("form", { name: "Add a zone" });
    await form.getByLabel("Zone name").fill(name);
    await form.getByLabel("PIN codes and states").fill("400, 4A1");
    await form.getByLabel("Delivery fee per order (₹)").fill("35");
    await form.getByLabel("Fastest delivery (working days)").fill("1");
    await form.getByLabel("Slowest delivery (working days)").fill("2");
    await form.getByRole("button", { name: "Add zone" }).click();
    await expect(form.getByLabel("PIN codes and states")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText('"4A1" is neither a PIN-code prefix')).toBeVisible();

    await form.getByLabel("PIN codes and states").fill("400, 401");
    await form.getByLabel("Cash on delivery in this zone").uncheck();
    await form.getByRole("button", { name: "Add zone" }).click();
    await expect(page.getByText(`Zone ${name} added.`)).toBeVisible();
    const row = page.locator(`tr[data-zone="${name}"]`);
    await expect(row).toContainText("400, 401");
    await expect(row).toContainText("₹35.00");
    await expect(row).toContainText("1–2 days");
    await expect(row).toContainText("No");
    await expectAccessible(page);

    try {
      const preview = page.getByRole("region", { name: "Preview a PIN code" });
      await preview.getByLabel("PIN code").fill("400001");
      const result = preview.getByTestId("zone-preview-result");
      await expect(result).toContainText("Mumbai, Maharashtra");
      await expect(result).toContainText(name);
      await expect(result).toContainText("₹35.00");
      await expect(result).toContainText("1–2 days");
      await expect(result).toContainText("Not available");
      await expect(result).toContainText("(ordered now)");
      await preview.getByLabel("PIN code").fill("560001");
      await expect(result).toContainText("We don't deliver to 560001 yet");

      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("form", { name: `Edit zone ${name}` });
      await expect(edit.getByLabel("PIN codes and states")).toHaveValue("400, 401");
      await edit.getByLabel("Delivery fee per order (₹)").fill("0");
      await edit.getByRole("button", { name: "Save zone" }).click();
      await expect(page.getByText(`Zone ${name} saved.`)).toBeVisible();
      await expect(row).toContainText("Free");
    } finally {
      // the browser deletes it; the API makes sure, should a step above have failed
      if (await row.isVisible()) {
        await row.getByRole("button", { name: `Delete ${name}` }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
        await expect(row).toHaveCount(0);
      }
      const left = (await (await request.get("/api/v1/shipping/zones", { headers: bearer(token) })).json()) as { zoneId: number; name: string }[];
      for (const z of left.filter((z) => z.name === name)) await request.delete(`/api/v1/shipping/zones/${z.zoneId}`, { headers: bearer(token) });
    }
  });

  test("the owner sets the dispatch cut-off and non-working days in Settings", async ({ page, request }) => {
    const token = await loginAdmin(page, request);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Dispatch" });
    await section.getByLabel("Dispatch cut-off (IST)").fill("25:00");
    await section.getByRole("button", { name: "Save dispatch settings" }).click();
    await expect(section.getByText("The dispatch cut-off is a time of day")).toBeVisible();
    await section.getByLabel("Dispatch cut-off (IST)").fill("15:30");
    await section.getByLabel("Non-working days").fill("sun, 2027-01-26");
    await section.getByLabel("Dispatch PIN code").fill("411057");
    await section.getByRole("button", { name: "Save dispatch settings" }).click();
    await expect(section.getByText("Settings saved.")).toBeVisible();
    await expect(section.getByLabel("Non-working days")).toHaveValue("SUN, 2027-01-26");
    const settings = (await (await request.get("/api/v1/settings", { headers: bearer(token) })).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ dispatchCutoff: "15:30", nonWorkingDays: ["SUN", "2027-01-26"], dispatchPincode: "411057" });
    // back to the defaults for the specs after
    await request.post("/api/v1/settings", { headers: bearer(token), data: { dispatchCutoff: "14:00", nonWorkingDays: ["SUN"], dispatchPincode: "" } });
  });
});
