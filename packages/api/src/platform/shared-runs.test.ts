import { describe, expect, it } from "vitest";
import { sharedRuns } from "./shared-runs.ts";

describe("sharedRuns", () => {
  it("lets calls with a running key share its promise, and runs again once it settled", async () => {
    const runs = sharedRuns<string>();
    let started = 0;
    let finish = (_: string) => {};
    const start = () => {
      started++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const crowd = Array.from({ length: 10 }, () => runs.run("1 /", start));
    const other = runs.run("2 /", () => Promise.resolve("after the write"));
    expect(started).toBe(1);
    finish("page");
    expect(await Promise.all(crowd)).toEqual(Array(10).fill("page"));
    expect(await other).toBe("after the write");
    expect(runs.running).toBe(0);
    const again = runs.run("1 /", start);
    expect(started).toBe(2);
    finish("page again");
    expect(await again).toBe("page again");
  });

  it("forgets a failed run, and every waiting caller sees its failure", async () => {
    const runs = sharedRuns<string>();
    const failing = [runs.run("k", () => Promise.reject(new Error("render failed"))), runs.run("k", () => Promise.resolve("not run"))];
    for (const f of failing) await expect(f).rejects.toThrow("render failed");
    expect(runs.running).toBe(0);
    expect(await runs.run("k", () => Promise.resolve("fresh"))).toBe("fresh");
  });
});
