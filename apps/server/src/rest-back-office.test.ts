// The back office of issue 17 over HTTP: CSV exports streamed with the lists' filters, the product
// import as a multipart upload with ?dryRun=true, the sales report, staff and the audit trail.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let customerToken: string;
let staffToken: string;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.admin.settings.update({ maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000 });
  const shopper = await env.newCustomer({ firstName: "=HYPERLINK(1)", city: "Pune" });
  customerToken = await env.tokenFor(shopper.customerId);
  const productId = await env.newProduct({ productName: "Export Phenyl", productPrice: 85.5, quantity: 40 });
  for (let i = 0; i < 3; i++) {
    await shopper.caller.cart.save({ customerId: shopper.customerId, productId, quantity: 1 });
    await shopper.caller.cart.checkout({});
  }
  await shopper.caller.cart.save({ customerId: shopper.customerId, productId, quantity: 2 });
  const { staff } = await env.admin.staff.create({ name: "Http Staff", email: "http-staff@cleanstore.test", password: "Http-Staff-Password-2026" });
  staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
});
afterAll(() => env.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? auth(token) : {} });
const csvRows = (body: string) => parse<Record<string, string>>(body, { columns: true, bom: true });

describe("GET /api/v1/export/{kind}.csv", () => {
  it.each([
    ["orders", "productOrderId", 3],
    ["customers", "email", 1],
    ["products", "productName", 1],
    ["carts", "addToCartId", 1],
  ])("%s: a CSV download of the whole list, for the owner and staff", async (kind, column, atLeast) => {
    for (const token of [env.adminToken, staffToken]) {
      const res = await get(`/api/v1/export/${kind}.csv`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const rows = csvRows(res.body);
      expect(rows.length).toBeGreaterThanOrEqual(atLeast);
      expect(Object.keys(rows[0]!)).toContain(column);
      expect(res.body).not.toMatch(/passwordHash|argon2|password/i);
    }
  });

  it("keeps the list's search, answers the columns in its info, and defuses spreadsheet formulas", async () => {
    const info = await get("/api/v1/export/customers?search=Pune", env.adminToken);
    expect(info.json()).toMatchObject({ kind: "customers", rows: 1, columns: expect.arrayContaining(["customerId", "email", "status"]) });
    const res = await get("/api/v1/export/customers.csv?search=Pune", env.adminToken);
    const rows = csvRows(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe("'=HYPERLINK(1)");
    expect(csvRows((await get("/api/v1/export/orders.csv?search=no-such-order-anywhere", env.adminToken)).body)).toHaveLength(0);
    const orders = csvRows((await get("/api/v1/export/orders.csv", env.adminToken)).body);
    expect(orders[0]).toMatchObject({ productName: "Export Phenyl", unitPrice: "85.5", paymentMethod: "COD", orderStatus: "Shipped" });
  });

  it("puts every CSV download on the audit trail: who exported what, with which filters (a staff export of customers too)", async () => {
    const res = await get("/api/v1/export/customers.csv?search=Pune", staffToken);
    expect(res.statusCode).toBe(200);
    const audit = await get("/api/v1/audit?entity=export", env.adminToken);
    expect(audit.json().items[0]).toMatchObject({
      action: "export.customers",
      actorRole: "staff",
      entity: "export",
      entityId: "customers",
      summary: expect.stringMatching(/exported 1 customers as CSV \(\{"search":"Pune"\}\)$/),
    });
    const exportsOnTrail = async () => (await get("/api/v1/audit?entity=export", env.adminToken)).json().total as number;
    const before = await exportsOnTrail();
    expect((await get("/api/v1/export/customers", staffToken)).statusCode).toBe(200);
    expect(await exportsOnTrail(), "asking what a download would hold is not a download").toBe(before);
  });

  it("refuses customers and strangers, and names what can be exported", async () => {
    expect((await get("/api/v1/export/orders.csv", customerToken)).statusCode).toBe(403);
    expect((await get("/api/v1/export/orders.csv")).statusCode).toBe(401);
    const unknown = await get("/api/v1/export/secrets.csv", env.adminToken);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Export one of: orders, customers, products, carts");
    const badView = await get("/api/v1/export/orders.csv?view=everything", env.adminToken);
    expect(badView.statusCode).toBe(400);
    expect(badView.json().message).toBe("view must be all, shipping or delivered");
  });
});

describe("POST /api/v1/import/products", () => {
  const upload = async (csv: string, query = "", token = env.adminToken) => {
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
    const request = new Response(form);
    return env.app.inject({
      method: "POST",
      url: `/api/v1/import/products${query}`,
      headers: { ...auth(token), "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const CSV =
    "productName,productPrice,mainPrice,packSize,productInfo,deliveryCharge,quantity\nUploaded Mop,299,399,1 pc,A mop,Free,12\nBad Row,,399,1 pc,No price,Free,1\n";

  it("a dry run of an uploaded file answers each row's errors and changes nothing", async () => {
    const before = await env.handle.db.product.count();
    const res = await upload(CSV, "?dryRun=true", staffToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: true,
      applied: false,
      rows: 2,
      created: 1,
      errors: [{ line: 3, field: "productPrice", message: "Price is required" }],
    });
    expect(await env.handle.db.product.count()).toBe(before);
  });

  it("applying a file with a bad row is a 400 with every row's error; without it, all rows go in", async () => {
    const before = await env.handle.db.product.count();
    const refused = await upload(CSV);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: 400,
      message: "1 row has errors, so nothing was imported. Line 3, productPrice: Price is required",
      errors: [{ line: 3, field: "productPrice", message: "Price is required" }],
    });
    expect(await env.handle.db.product.count()).toBe(before);
    const applied = await upload(CSV.split("\n").slice(0, 2).join("\n"));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, created: 1 });
    expect(await env.handle.db.product.count()).toBe(before + 1);
  });

  it("an export of products imports again as updates of the same products", async () => {
    const exported = (await get("/api/v1/export/products.csv?search=Uploaded Mop", env.adminToken)).body;
    const res = await upload(exported, "?dryRun=true");
    expect(res.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
  });

  it("refuses customers before reading the upload, and a request without a file", async () => {
    expect((await upload(CSV, "?dryRun=true", customerToken)).statusCode).toBe(403);
    const empty = await env.app.inject({
      method: "POST",
      url: "/api/v1/import/products",
      headers: { ...auth(env.adminToken), "content-type": "application/json" },
      payload: "{}",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Send the CSV file in the field 'file'");
  });
});

describe("reports, staff and audit over REST", () => {
  it("GET /api/v1/reports/sales answers the series for the owner and staff", async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const res = await get(`/api/v1/reports/sales?from=${today}&to=${today}&interval=day`, staffToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ interval: "day", series: [{ period: today, orders: 3 }], totals: { orders: 3 } });
    expect((await get(`/api/v1/reports/sales?from=${today}&to=${today}`, customerToken)).statusCode).toBe(403);
    expect((await get(`/api/v1/reports/sales?from=yesterday&to=${today}`, env.adminToken)).json().message).toBe("from must be a date as YYYY-MM-DD");
  });

  it("/api/v1/admin/staff: the owner lists, adds, disables; staff may not", async () => {
    const list = await get("/api/v1/admin/staff", env.adminToken);
    expect(list.json().map((s: { email: string }) => s.email)).toContain("http-staff@cleanstore.test");
    expect(list.body).not.toMatch(/passwordHash|argon2/);
    expect((await get("/api/v1/admin/staff", staffToken)).statusCode).toBe(403);
    const audit = await get("/api/v1/audit?entity=staff", env.adminToken);
    expect(audit.json().items[0]).toMatchObject({ action: "staff.create", actorRole: "owner", entity: "staff" });
  });
});
