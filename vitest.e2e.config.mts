import { defineConfig } from "vitest/config";
import base from "./vitest.config.mts";

// Browser tests drive the production build in Chromium; run `npm run build` first.
// One file at a time: each starts its own server and browser, and the machine has 2 cores.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/e2e/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
