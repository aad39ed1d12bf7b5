import { defineConfig } from "vitest/config";
import e2e from "./vitest.e2e.config.mts";

// The browser tests CI repeats on PostgreSQL (`npm run test:database`): all but those whose
// subject is the page itself, which no database changes: layout and contrast, the installable
// app's service worker, the app shell, and what a hostile article may do in the page (the stored
// HTML is the same string on both databases; the sanitizer and the CSP decide). They run once, on
// SQLite, in `npm test`, which keeps CI within its time budget.
export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    exclude: [
      "tests/e2e/layout-contrast.test.ts",
      "tests/e2e/installable.test.ts",
      "tests/e2e/app-shell.test.ts",
      "tests/e2e/sanitize-corpus.test.ts",
      "tests/e2e/reader-security.test.ts",
    ],
  },
});
