import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests. Browser tests have their own config (vitest.e2e.config.mts)
// because they need a production build first.
export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // `server-only` throws outside React Server Components; tests import the data layer directly.
      "server-only": path.join(import.meta.dirname, "tests/helpers/server-only-stub.ts"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Generous: several tests run the real CLI 4-5 times (each start compiles TypeScript with tsx,
    // 2-3 s on a quiet 2-core machine, several times that when the machine is busy).
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The fetch and round loggers would drown the test output; warnings and errors still show.
    env: { TIDINGS_LOG_LEVEL: "warn" },
  },
});
