import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { compressText } from "./build/compression.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // the client's files get their brotli and gzip copies; the SSR bundle (--ssr) is read by the server only
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), ...(isSsrBuild ? [] : [compressText()])],
  server: { proxy: { "/api": "http://localhost:8080", "/images": "http://localhost:8080" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      output: {
        // The route definitions (path, guard, search parsing; their screens are split off by
        // the router plugin) load with the route tree anyway: one chunk instead of ~45 files of
        // under 1 KB each, which gzip poorly one by one (issue 7: initial JS).
        advancedChunks: { groups: [{ name: "routes", test: /\/src\/routes\/[^?]*\.tsx$/ }] },
      },
    },
  },
}));
