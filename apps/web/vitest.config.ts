// Unit tests of the web app (`npm test -w @store/web`): plain Node, no browser. The browser
// behaviour is covered by the Playwright suite (e2e/).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
  },
});
