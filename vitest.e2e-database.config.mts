import { defineConfig } from "vitest/config";
import e2e from "./vitest.e2e.config.mts";

// The browser tests CI repeats on PostgreSQL (`npm run test:database`): those whose subject is the
// data as the pages read and write it, where the two databases' SQL differs: reading and its state
// (keyset paging, counts, search, bulk marks), the sources list and its filters, the health and
// publisher pages' roll-ups, read state shared with a Google Reader app, readers during a round,
// and two instances on one database. The others run once, on SQLite, in `npm test`: the page
// itself (layout and contrast, the app shell, the service worker, hostile markup), the gate and
// its attacks (login, sessions, cross-site actions, metrics), and features whose database work
// the integration tests already repeat on PostgreSQL (alerts, Fever, WebSub, full text, icons, a
// newcomer's first hour), and the full disk, which is SQLite's. That keeps CI within its budget.
export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    include: [
      "tests/e2e/reader.test.ts",
      "tests/e2e/reader-basics.test.ts",
      "tests/e2e/readers-during-round.test.ts",
      "tests/e2e/sources.test.ts",
      "tests/e2e/sources-paging.test.ts",
      "tests/e2e/publishers.test.ts",
      "tests/e2e/health-schedule.test.ts",
      "tests/e2e/sync-read-state.test.ts",
      "tests/e2e/two-instances.test.ts",
    ],
  },
});
