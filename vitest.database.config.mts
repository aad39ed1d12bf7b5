import { defineConfig } from "vitest/config";
import base from "./vitest.config.mts";

// The integration tests CI repeats on PostgreSQL (`npm run test:database`): all but those that
// open no database (the fetch layer, the parse and extract workers, the layer rules, the forwarded
// headers, a SQLite file on a full disk), and those whose subject is how the command is invoked
// (from another directory, through npx, into a closed pipe), which the database does not change;
// the commands' work on PostgreSQL is tested by the other CLI tests. They run once, on SQLite, in
// `npm test`, which keeps CI within its time budget.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/integration/**/*.test.ts"],
    exclude: [
      "tests/integration/extract-off-thread.test.ts",
      "tests/integration/fetch-address-guard.test.ts",
      "tests/integration/fetch-failures.test.ts",
      "tests/integration/fetch-limits.test.ts",
      "tests/integration/fetch-outcomes.test.ts",
      "tests/integration/fetch-redirects.test.ts",
      "tests/integration/forwarded-headers.test.ts",
      "tests/integration/layer-rules.test.ts",
      "tests/integration/parse-off-thread.test.ts",
      "tests/integration/round-disk-full.test.ts",
      "tests/integration/readme-commands.test.ts",
      "tests/integration/cli-anywhere.test.ts",
    ],
  },
});
