// Loads a benchmark dataset by hand, e.g. to profile the server on it:
//   node --import tsx bench/load-data.ts --dataset=large --data-dir=/tmp/bench-data   (PGlite)
//   node --import tsx bench/load-data.ts --dataset=large --database-url=postgresql://postgres@127.0.0.1:5432/bench_large
// The target must be empty (a new DATA_DIR, or a new database). Customers' password: Bench@Customer1.
import { openDb } from "@store/db";
import { hashPassword, renderProductImages } from "@store/api";
import { BENCH_CUSTOMER_PASSWORD, DATASETS, loadDataset } from "./lib/data.ts";
import { parseFlags } from "./lib/util.ts";

const flags = parseFlags();
const name = flags.dataset ?? "small";
if (name !== "small" && name !== "large") throw new Error("--dataset=small|large");
const ds = DATASETS[name];
const handle = await openDb(flags["database-url"] ? { databaseUrl: flags["database-url"] } : { dataDir: flags["data-dir"] ?? "./bench-data" });
const t0 = Date.now();
const image = await renderProductImages(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f4f7fb"/><rect x="180" y="150" width="240" height="370" rx="48" fill="#7a58b8"/></svg>`,
  ),
);
await loadDataset(handle.raw, ds, await hashPassword(BENCH_CUSTOMER_PASSWORD), image);
await handle.close();
console.log(
  `loaded ${ds.name} (${ds.products} products, ${ds.customers} customers, ${ds.orders} orders) in ${((Date.now() - t0) / 1000).toFixed(1)} s; image hash ${image.hash}`,
);
