// The PIN-code list in the back office (issue 27): the owner imports a courier's CSV, sees the row
// with an error (nothing imported), fixes it, imports, and finds the PIN codes listed and filtered.
import { expect, expectAccessible, test } from "../fixtures";
import { loginAdmin } from "./helpers";

const HEADER = "pincode,city,district,state,serviceable,cod,etaDays";
const file = (rows: string[]) => ({ name: "courier.csv", mimeType: "text/csv", buffer: Buffer.from([HEADER, ...rows].join("\n") + "\n") });

test.describe("PIN codes in the back office", () => {
  test("import with a bad row shows its error and imports nothing; fixed, it imports and lists", async ({ page, request }) => {
    await loginAdmin(page, request);
    await page.goto("/Admindashboard");
    await page.getByRole("link", { name: "PIN codes" }).click();
    await expect(page.getByRole("heading", { name: "PIN codes", level: 1 })).toBeVisible();
    await expect(page.locator("tr[data-pincode]").first()).toBeVisible();

    const picker = page.getByLabel("PIN-code CSV file");
    await picker.setInputFiles(file(["799991,Zz Town,Zz District,Tripura,no,no,", "799992,Zz Village,,Atlantis,yes,yes,4"]));
    const summary = page.locator(".import-summary");
    await expect(summary).toContainText("2 rows: 1 new PIN codes, 0 to update");
    await expect(summary).toContainText("1 with errors");
    const errors = page.getByRole("table", { name: "Rows with errors" });
    await expect(errors.getByRole("row", { name: /3 state Unknown state 'Atlantis'/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await expectAccessible(page);
    // nothing was imported
    expect((await request.get("/api/v1/pincodes/799991")).status()).toBe(404);

    await picker.setInputFiles(file(["799991,Zz Town,Zz District,Tripura,no,no,", "799992,Zz Village,,16,yes,yes,4"]));
    await expect(summary).toContainText("2 rows: 2 new PIN codes, 0 to update (1 serviceable, 1 not).");
    await page.getByRole("button", { name: "Import 2 PIN codes" }).click();
    await expect(page.getByText("Imported 2 new and 0 updated PIN codes.")).toBeVisible();

    await page.getByRole("search").getByRole("searchbox").fill("79999");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page.locator('tr[data-pincode="799991"]')).toContainText("Zz Town");
    await expect(page.locator('tr[data-pincode="799992"]')).toContainText("Tripura (16)");
    await page.getByLabel("Only PIN codes not serviceable").check();
    await expect(page).toHaveURL(/serviceable=false/);
    await expect(page.locator('tr[data-pincode="799992"]')).toHaveCount(0);
    await expect(page.locator('tr[data-pincode="799991"]')).toContainText("Courier list");
    await expectAccessible(page);
    // the storefront's lookup knows them now
    expect(await (await request.get("/api/v1/pincodes/799992")).json()).toMatchObject({ city: "Zz Village", stateName: "Tripura" });
  });
});
