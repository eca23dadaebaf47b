// The server's production build: apps/server/dist/main.js (and its chunks), that plain `node` runs.
// Our workspace packages (@store/*, TypeScript) are bundled in; every other package stays an
// import from node_modules (native addons, WebAssembly and Prisma's runtime load files next to
// themselves). Running the TypeScript sources through tsx instead costs ~75 MB more resident
// memory, and Node's --enable-source-maps another ~17 MB (it holds the maps of every package),
// so the bundle is not minified and stack traces name its functions (issue 7: server RSS).
// turbo.json does not cache this task: the bundle takes in packages/api and packages/db, whose
// files are not part of this package's hash, and it builds in under a second.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);

// chunk names carry a hash: start from an empty folder so old chunks do not pile up
fs.rmSync(path.join(here, "../dist"), { recursive: true, force: true });

await build({
  entryPoints: [path.join(here, "../src/main.ts")],
  outdir: path.join(here, "../dist"),
  // the cluster primary loads main.js and what it imports only (src/main.ts, env.ts,
  // supervisor.ts); the server's code (src/server.ts, dynamically imported by the workers) stays in
  // its own chunk. Chunks sit next to main.js: app.ts finds the web app (../../web/dist) and the
  // bundle its neighbours from its own file's folder, so they must all stay in dist/ itself.
  splitting: true,
  chunkNames: "[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  plugins: [
    {
      name: "third-party-packages-stay-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@store/") ? undefined : { external: true }));
      },
    },
  ],
});
