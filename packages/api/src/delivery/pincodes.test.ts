// The PIN-code directory's procedures (issue 27): the public lookup, the owner's list, and the
// courier-list import (dry run, per-row errors, all or nothing, 200,000 rows at most).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PINCODE_ROWS } from "@store/validators";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { seedPincodeDirectory } from "./pincode-directory.ts";
import { writeInTurns } from "./pincode-import.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await seedPincodeDirectory(env.handle.db);
});
afterAll(() => env.close());

const HEADER = "pincode,city,district,state,serviceable,cod,etaDays";
const csvOf = (rows: string[]) => [HEADER, ...rows].join("\n") + "\n";
const row = (pincode: string) => env.handle.db.pincode.findUnique({ where: { pincode } });

describe("pincodes.lookup", () => {
  it("answers a PIN code's place from the directory, to anyone", async () => {
    await expect(env.anonymous.pincodes.lookup({ pincode: "411001" })).resolves.toEqual({
      pincode: "411001",
      city: "Pune",
      district: "Pune",
      stateCode: "27",
      stateName: "Maharashtra",
    });
  });

  it("refuses a PIN code that is not 6 digits, or starts with 0, and answers 404 PINCODE_UNKNOWN for one it does not know", async () => {
    for (const pincode of ["41100", "4110011", "011001", "41100a", ""])
      await expect(env.anonymous.pincodes.lookup({ pincode })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Enter a 6-digit PIN code" });
    await expect(env.anonymous.pincodes.lookup({ pincode: "999999" })).rejects.toMatchObject({ code: "NOT_FOUND", cause: { code: "PINCODE_UNKNOWN" } });
  });
});

describe("pincodes.list", () => {
  it("lists 20 a page by PIN code; searches by PIN-code prefix or by city or district; filters the unserviceable", async () => {
    const first = await env.admin.pincodes.list({});
    expect(first.items).toHaveLength(20);
    expect(first.total).toBeGreaterThan(19_000);
    expect(first.items.map((p) => p.pincode)).toEqual([...first.items.map((p) => p.pincode)].sort());

    const prefix = await env.admin.pincodes.list({ search: "4110" });
    expect(prefix.total).toBeGreaterThan(10);
    expect(prefix.items.every((p) => p.pincode.startsWith("4110"))).toBe(true);

    const byCity = await env.admin.pincodes.list({ search: "pune", page: 2 });
    expect(byCity.page).toBe(2);
    expect(byCity.items.length).toBeGreaterThan(0);
    expect(byCity.items.every((p) => /pune/i.test(p.city) || /pune/i.test(p.district))).toBe(true);

    await env.handle.db.pincode.update({ where: { pincode: "110001" }, data: { serviceable: false } });
    const closed = await env.admin.pincodes.list({ serviceable: false });
    expect(closed.items.map((p) => p.pincode)).toContain("110001");
    expect(closed.items.every((p) => !p.serviceable)).toBe(true);
    await env.handle.db.pincode.update({ where: { pincode: "110001" }, data: { serviceable: true } });
  });

  it("is the owner's: customers, anonymous callers and staff are refused", async () => {
    const { caller } = await env.newCustomer();
    await expect(caller.pincodes.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.pincodes.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const { staff } = await env.admin.staff.create({ name: "Pin Staff", email: "pin.staff@cleanstore.test", password: "Bucket-And-Mop-2026" });
    await expect(
      env.as({ role: "admin", adminId: staff.adminId }).pincodes.import({ csv: csvOf(["799001,Agartala,,TR,1,1,"]), dryRun: true }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("pincodes.import", () => {
  it("a dry run answers the counts and changes nothing", async () => {
    const before = await row("400001");
    const csv = csvOf(["400001,Mumbai,Mumbai,Maharashtra,false,no,5", "194101,Leh,Leh,38,yes,0,"]);
    const answer = await env.admin.pincodes.import({ csv, dryRun: true });
    expect(answer).toEqual({ dryRun: true, applied: false, rows: 2, created: 0, updated: 2, serviceable: 1, notServiceable: 1, rowsWithErrors: 0, errors: [] });
    expect(await row("400001")).toEqual(before);
  });

  it("imports: rows are added or replaced with source import; the state by name or GST code", async () => {
    const csv = csvOf([
      "400001,Mumbai GPO,Mumbai,Maharashtra,false,no,5",
      "560001, Bengaluru ,Bangalore Urban,29,TRUE,Yes,2",
      "799999,Agartala North,,tripura,1,0,",
      "682001,Kochi,Ernakulam,7,1,1,0",
    ]);
    const answer = await env.admin.pincodes.import({ csv });
    expect(answer).toMatchObject({ dryRun: false, applied: true, rows: 4, created: 1, updated: 3, errors: [] });
    expect(await row("400001")).toMatchObject({ city: "Mumbai GPO", stateCode: "27", serviceable: false, cod: false, etaDays: 5, source: "import" });
    expect(await row("560001")).toMatchObject({
      city: "Bengaluru",
      district: "Bangalore Urban",
      stateCode: "29",
      stateName: "Karnataka",
      cod: true,
      etaDays: 2,
    });
    // district blank: the city; a state's name in any case
    expect(await row("799999")).toMatchObject({ city: "Agartala North", district: "Agartala North", stateCode: "16", stateName: "Tripura", etaDays: null });
    // a GST code whose leading zero a spreadsheet dropped
    expect(await row("682001")).toMatchObject({ stateCode: "07", stateName: "Delhi", etaDays: 0 });
    await expect(env.anonymous.pincodes.lookup({ pincode: "799999" })).resolves.toMatchObject({ city: "Agartala North", stateName: "Tripura" });

    // the same list again: counted as updates, but no row is written
    const stamped = await row("560001");
    await expect(env.admin.pincodes.import({ csv })).resolves.toMatchObject({ applied: true, created: 0, updated: 4 });
    expect(await row("560001")).toEqual(stamped);
  });

  it("answers each bad row's errors with line and field, and one bad row imports nothing", async () => {
    const before = await row("110001");
    const csv = csvOf([
      "110001,New Delhi,,Delhi,no,no,",
      "012345,Nowhere,,Delhi,yes,yes,",
      "110002,,,Atlantis,maybe,yes,31",
      "110001,New Delhi,,Delhi,yes,yes,",
    ]);
    const dry = await env.admin.pincodes.import({ csv, dryRun: true });
    expect(dry).toMatchObject({ rows: 4, rowsWithErrors: 3, created: 0, updated: 1 });
    expect(dry.errors).toEqual([
      { line: 3, field: "pincode", message: "Enter a 6-digit PIN code (not 012345)" },
      { line: 4, field: "city", message: "City is required" },
      { line: 4, field: "state", message: expect.stringMatching(/^Unknown state 'Atlantis'/) },
      { line: 4, field: "serviceable", message: "Serviceable must be true or false (yes/no, 1/0)" },
      { line: 4, field: "etaDays", message: "etaDays must be a whole number of days from 0 to 30 (or blank)" },
      { line: 5, field: "pincode", message: "PIN code 110001 is already on line 2." },
    ]);
    await expect(env.admin.pincodes.import({ csv })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^3 rows have errors, so nothing was imported\. Line 3, pincode/),
      cause: { code: "IMPORT_ROWS_INVALID", rowErrors: dry.errors },
    });
    expect(await row("110001")).toEqual(before);

    // all or nothing: many good rows and one bad one
    const good = Array.from({ length: 300 }, (_, i) => `${500000 + i},Town ${i},,Telangana,yes,yes,3`);
    await expect(env.admin.pincodes.import({ csv: csvOf([...good, "500900,Town,,Telangana,yes,yes,-1"]) })).rejects.toMatchObject({
      cause: { rowErrors: [{ line: 302, field: "etaDays" }] },
    });
    expect(await env.handle.db.pincode.count({ where: { city: { startsWith: "Town " } } })).toBe(0);
  });

  it("refuses a file with a wrong header or no rows, as a whole", async () => {
    await expect(env.admin.pincodes.import({ csv: "pincode,town,state,serviceable,cod\n" })).rejects.toMatchObject({
      cause: { code: "IMPORT_FILE_INVALID" },
      message: expect.stringMatching(/Unknown column 'town'/),
    });
    await expect(env.admin.pincodes.import({ csv: "pincode,city,state,serviceable\n400001,Mumbai,27,yes\n" })).rejects.toMatchObject({
      message: "The header row must name the column cod.",
    });
    await expect(env.admin.pincodes.import({ csv: `${HEADER}\n` })).rejects.toMatchObject({ message: "The file has a header row but no PIN codes." });
  });

  it(`takes ${MAX_PINCODE_ROWS.toLocaleString("en-IN")} rows and refuses one more`, async () => {
    const lines = Array.from({ length: MAX_PINCODE_ROWS + 1 }, (_, i) => `${100000 + i},C,,27,1,1,`);
    await expect(env.admin.pincodes.import({ csv: csvOf(lines), dryRun: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "A file may hold at most 2,00,000 PIN codes; this one has more.",
    });
    const dry = await env.admin.pincodes.import({ csv: csvOf(lines.slice(0, MAX_PINCODE_ROWS)), dryRun: true });
    expect(dry).toMatchObject({ rows: MAX_PINCODE_ROWS, rowsWithErrors: 0 });
  }, 60_000);

  it("a write that fails part-way puts back what it had written", async () => {
    const before = await row("400001");
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      line: i + 2,
      pincode: i === 0 ? "400001" : i === 4400 ? "000000" : String(600000 + i),
      city: "Undo",
      district: "Undo",
      stateCode: "33",
      stateName: "Tamil Nadu",
      serviceable: true,
      cod: true,
      etaDays: null,
    }));
    // the third statement breaks the table's own PIN-code rule
    await expect(writeInTurns(env.handle.db, rows, async () => {})).rejects.toThrow();
    expect(await env.handle.db.pincode.count({ where: { city: "Undo" } })).toBe(0);
    expect(await row("400001")).toEqual(before);
  });
});
