// The PIN-code directory over HTTP (issue 27): the public lookup (400, 404, cached), the owner's list,
// and the courier-list import as a multipart upload or JSON {csv}, with ?dryRun=true.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPincodeDirectory } from "@store/api";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let staffToken: string;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await seedPincodeDirectory(env.handle.db);
  const { staff } = await env.admin.staff.create({ name: "Pin Staff", email: "pin-staff@cleanstore.test", password: "Pin-Staff-Password-2026" });
  staffToken = await env.services.tokens.sign({ role: "admin", adminId: staff.adminId });
});
afterAll(() => env.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string) => env.app.inject({ method: "GET", url, headers: token ? auth(token) : {} });
const upload = async (csv: string, query = "", token = env.adminToken) => {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "courier.csv");
  const request = new Response(form);
  return env.app.inject({
    method: "POST",
    url: `/api/v1/shipping/pincodes${query}`,
    headers: { ...auth(token), "content-type": request.headers.get("content-type")! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
};
const HEADER = "pincode,city,district,state,serviceable,cod,etaDays";

describe("GET /api/v1/pincodes/{pincode}", () => {
  it("answers the place to anyone, cacheable for an hour", async () => {
    const res = await get("/api/v1/pincodes/411001");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" });
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 400 'Enter a 6-digit PIN code' to a malformed one, and 404 PINCODE_UNKNOWN, neither cached", async () => {
    for (const bad of ["41100", "0110011", "011001", "abcdef", "4110%2001"]) {
      const res = await get(`/api/v1/pincodes/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: "Enter a 6-digit PIN code", path: `/api/v1/pincodes/${bad}` });
    }
    const unknown = await get("/api/v1/pincodes/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: "PINCODE_UNKNOWN", message: expect.stringContaining("999999") });
    expect(unknown.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/v1/shipping/pincodes", () => {
  it("pages of 20 for the owner, searched and filtered; staff and customers are refused", async () => {
    const res = await get("/api/v1/shipping/pincodes?search=pune&serviceable=true&page=1", env.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: { city: string; serviceable: boolean }[]; total: number; pageSize: number }>();
    expect(body.pageSize).toBe(20);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((p) => p.city === "Pune" && p.serviceable)).toBe(true);
    expect((await get("/api/v1/shipping/pincodes?serviceable=false", env.adminToken)).json()).toMatchObject({ total: 0, items: [] });
    expect((await get("/api/v1/shipping/pincodes?serviceable=maybe", env.adminToken)).json()).toMatchObject({
      status: 400,
      message: "serviceable must be true or false",
    });
    expect((await get("/api/v1/shipping/pincodes", staffToken)).statusCode).toBe(403);
    const { customerId } = await env.newCustomer();
    expect((await get("/api/v1/shipping/pincodes", await env.tokenFor(customerId))).statusCode).toBe(403);
    expect((await get("/api/v1/shipping/pincodes")).statusCode).toBe(401);
  });
});

describe("POST /api/v1/shipping/pincodes", () => {
  const CSV = `${HEADER}\n799001,Agartala,West Tripura,Tripura,no,no,\n799999,Agartala,,TRIPURA,yes,maybe,40\n`;

  it("a dry run of an uploaded file answers the counts and each row's errors, and changes nothing", async () => {
    const before = await env.handle.db.pincode.findUnique({ where: { pincode: "799001" } });
    const res = await upload(CSV, "?dryRun=true");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      applied: false,
      rows: 2,
      created: 0,
      updated: 1,
      serviceable: 0,
      notServiceable: 1,
      rowsWithErrors: 1,
      errors: [
        { line: 3, field: "cod", message: "COD must be true or false (yes/no, 1/0)" },
        { line: 3, field: "etaDays", message: "etaDays must be a whole number of days from 0 to 30 (or blank)" },
      ],
    });
    expect(await env.handle.db.pincode.findUnique({ where: { pincode: "799001" } })).toEqual(before);
  });

  it("applying a file with a bad row is a 400 with every row's error; fixed, it goes in whole", async () => {
    const refused = await upload(CSV);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: 400,
      code: "IMPORT_ROWS_INVALID",
      message: "1 row has errors, so nothing was imported. Line 3, cod: COD must be true or false (yes/no, 1/0)",
      errors: [
        { line: 3, field: "cod" },
        { line: 3, field: "etaDays" },
      ],
    });
    expect(await env.handle.db.pincode.findUnique({ where: { pincode: "799001" } })).toMatchObject({ serviceable: true, source: "india-post" });
    const applied = await upload(CSV.replace("yes,maybe,40", "yes,yes,4"));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, rows: 2, created: 1, updated: 1, errors: [] });
    expect(await env.handle.db.pincode.findUnique({ where: { pincode: "799001" } })).toMatchObject({ serviceable: false, cod: false, source: "import" });
    const listed = await get("/api/v1/shipping/pincodes?search=7990&serviceable=false", env.adminToken);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ pincode: "799001", district: "West Tripura", stateCode: "16" }] });
    // the import is on the audit trail
    const audit = await get("/api/v1/audit?entity=import", env.adminToken);
    expect(audit.json<{ items: { summary: string }[] }>().items[0]?.summary).toMatch(/imported PIN codes: 1 added, 1 updated$/);
  });

  it("takes JSON {csv} too, with dryRun in the query", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/api/v1/shipping/pincodes?dryRun=true",
      headers: { ...auth(env.adminToken), "content-type": "application/json" },
      payload: { csv: `${HEADER}\n560001,Bengaluru,,29,1,1,2\n` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, rows: 1, updated: 1, errors: [] });
  });

  it("takes a 200,000-row upload (about 8 MB) over the 5 MB of other uploads", async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `${100000 + i},Some Town Name,Some District Name,Maharashtra,yes,no,3`);
    const csv = `${HEADER}\n${rows.join("\n")}\n`;
    expect(csv.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await upload(csv, "?dryRun=true");
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ rows: 200_000, rowsWithErrors: 0 });
  }, 60_000);

  it("refuses staff, a request without a file, and a body over 16 MB", async () => {
    expect((await upload(CSV, "?dryRun=true", staffToken)).statusCode).toBe(403);
    const empty = await env.app.inject({
      method: "POST",
      url: "/api/v1/shipping/pincodes",
      headers: { ...auth(env.adminToken), "content-type": "application/json" },
      payload: "{}",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Send the CSV file in the field 'file'");
    const huge = await upload(`${HEADER}\n${"1".repeat(17 * 1024 * 1024)}\n`, "?dryRun=true");
    expect(huge.statusCode).toBe(413);
  });
});
