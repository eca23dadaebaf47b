// What every first visit downloads: the entry chunk and its static imports (the route definitions
// come with it). zod and the form schemas (@store/validators) belong in the screens' lazy chunks;
// once, a route's validateSearch brought them back into the first page (issue 22: 141 -> 166 KB).
// Builds the app in memory, as `npm run build` does; `npm run bench:web` measures what pages load.
import path from "node:path";
import zlib from "node:zlib";
import { build, type Rollup } from "vite";
import { describe, expect, it } from "vitest";

const webRoot = path.resolve(import.meta.dirname, "..");
/** gzipped KB (the bench's measure), issue 7's target for the storefront's first page */
const BUDGET_KB = 150;

async function firstPageChunks(): Promise<Rollup.OutputChunk[]> {
  // vite takes NODE_ENV from the environment, where vitest has set "test" (React's development build)
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  const result = await build({ root: webRoot, configFile: path.join(webRoot, "vite.config.ts"), logLevel: "silent", build: { write: false } }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const item of outputs.flatMap((o) => o.output)) if (item.type === "chunk") chunks.set(item.fileName, item);
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const first = new Map<string, Rollup.OutputChunk>();
  const walk = (chunk: Rollup.OutputChunk) => {
    if (first.has(chunk.fileName)) return;
    first.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) walk(imported);
    }
  };
  walk(entry);
  return [...first.values()];
}

describe("the scripts of the first page", () => {
  it("hold no zod, no form schemas, and stay within the budget", { timeout: 180_000 }, async () => {
    const chunks = await firstPageChunks();
    const modules = chunks.flatMap((c) => c.moduleIds);
    expect(modules.filter((id) => id.includes("/node_modules/zod/"))).toEqual([]);
    // only the schema-free constants of @store/validators may come along
    expect(modules.filter((id) => id.includes("/packages/validators/src/") && !id.endsWith("/constants.ts"))).toEqual([]);
    const gzipped = chunks.reduce((n, c) => n + zlib.gzipSync(c.code, { level: 9 }).length, 0);
    expect(Math.round(gzipped / 102.4) / 10).toBeLessThanOrEqual(BUDGET_KB);
  });
});
