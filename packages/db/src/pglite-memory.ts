// PGlite 0.3 starts PostgreSQL with a fixed `-c shared_buffers=128MB` baked into pglite.wasm:
// postgresql.conf and ALTER SYSTEM cannot lower it (0.4 adds `startParams`), and a WASM heap
// never shrinks, so those 128 MB stay resident — the largest part of the server's memory on
// PGlite (docs/decisions.md, issue 7: RSS target 250 MB). We compile a copy of the module with the setting
// rewritten to 16 MB (same length, NUL-padded) and hand it to PGlite as `wasmModule`.
// Measured (bare PGlite, the store's data dir): WASM memory 174 MB -> 35 MB.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const BAKED_IN = "shared_buffers=128MB\0";
const LOWERED = "shared_buffers=16MB";

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/** The patched pglite.wasm, compiled once per process; undefined (PGlite's own) for a build without the setting. */
export function lowMemoryPgliteModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    const file = fileURLToPath(new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite")));
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf(BAKED_IN, 0, "latin1");
    if (at < 0) return undefined;
    bytes.fill(0, at, at + BAKED_IN.length);
    bytes.write(LOWERED, at, "latin1");
    return WebAssembly.compile(bytes);
  })();
  return compiled;
}
