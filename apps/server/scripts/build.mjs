// The server's production build: one ESM file, apps/server/dist/main.js, that plain `node` runs.
// Our workspace packages (@store/*, TypeScript) are bundled in; every other package stays an
// import from node_modules (native addons, WebAssembly and Prisma's runtime load files next to
// themselves). Running the TypeScript sources through tsx instead costs ~75 MB more resident
// memory, and Node's --enable-source-maps another ~17 MB (it holds the maps of every package),
// so the bundle is not minified and stack traces name its functions (issue 7: server RSS).
// turbo.json does not cache this task: the bundle takes in packages/api and packages/db, whose
// files are not part of this package's hash, and it builds in under a second.
import { build } from "esbuild";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);

await build({
  entryPoints: [path.join(here, "../src/main.ts")],
  outfile: path.join(here, "../dist/main.js"),
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
