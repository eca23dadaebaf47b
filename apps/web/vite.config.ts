import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()],
  server: { proxy: { "/api": "http://localhost:8080", "/images": "http://localhost:8080" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
});
