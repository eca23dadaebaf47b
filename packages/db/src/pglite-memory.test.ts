// The embedded database's memory settings (docs/decisions.md, issue 7: server RSS on PGlite). If a PGlite upgrade
// moves or drops the baked-in shared_buffers, this fails instead of silently costing 112 MB.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDb } from "./client.ts";

describe("embedded PGlite", () => {
  it("runs with 16 MB of shared buffers and a small maintenance_work_mem, and still works", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-pglite-memory-"));
    const handle = await openDb({ dataDir: dir });
    try {
      expect(await handle.raw.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);
      expect(await handle.raw.query("SHOW maintenance_work_mem")).toEqual([{ maintenance_work_mem: "16MB" }]);
      // migrations (with their pg_trgm indexes) ran, and Prisma reads through the patched module
      expect(await handle.db.product.count()).toBe(0);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
