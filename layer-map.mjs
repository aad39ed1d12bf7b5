// The layer map: every folder of lib/, and app/ and components/, belongs to exactly one layer, and
// a layer imports only the layers it names in `uses` (each below it, so no import can go up and
// the folders cannot form a cycle). Listed bottom to top, in the order the data flows:
// schedule → fetch → classify → parse → store → show. `npm run lint` enforces it
// (.dependency-cruiser.mjs); the README's architecture table lists the same layers, in this order
// (tests/unit/layer-map.test.ts checks it). A folder not on this map fails the lint until placed.
const LIB = ["base", "db", "settings", "http", "metrics"];
const STAGES = ["fetch", "parse", "policy", "store", "websub", "lanes", "round"];
const READS = ["health", "articles", "sources"];

/** @type {{ name: string; paths: string[]; uses: string[]; job: string }[]} */
const LAYERS = [
  {
    name: "base",
    paths: ["lib/base"],
    uses: [],
    job: "environment, logger, clock, singletons, vocabulary shared by every layer",
  },
  {
    name: "db",
    paths: ["lib/db"],
    uses: ["base"],
    job: "the one door to the database: Prisma client, raw SQL, dialects, migrations",
  },
  {
    name: "settings",
    paths: ["lib/settings"],
    uses: ["base", "db"],
    job: "the settings registry and the Setting table's reads and writes",
  },
  {
    name: "http",
    paths: ["lib/http"],
    uses: ["base"],
    job: "what every route handler shares: input parsing, the error envelope, cross-site refusal",
  },
  {
    name: "metrics",
    paths: ["lib/metrics"],
    uses: ["base"],
    job: "in-process instruments and the Prometheus text format",
  },
  {
    name: "fetch",
    paths: ["lib/pipeline/fetch"],
    uses: ["base"],
    job: "one HTTP exchange, classified: ok / not_modified / error",
  },
  {
    name: "parse",
    paths: ["lib/pipeline/parse"],
    uses: ["base", "fetch"],
    job: "bytes → a normalised, sanitized feed (pure), OPML, robots.txt",
  },
  {
    name: "policy",
    paths: ["lib/pipeline/policy"],
    uses: ["base", "fetch"],
    job: "the scheduling policy, a pure function",
  },
  {
    name: "store",
    paths: ["lib/pipeline/store"],
    uses: ["base", "db", "settings", "fetch", "parse", "policy"],
    job: "the pipeline's writes: fetches, articles, reading state, sources",
  },
  {
    name: "websub",
    paths: ["lib/pipeline/websub"],
    uses: ["base", "db", "settings", "fetch", "parse", "policy", "store"],
    job: "WebSub in the pipeline: hub discovery, a pushed feed's daily poll, requests to hubs, a push's store",
  },
  {
    name: "lanes",
    paths: ["lib/pipeline/lanes"],
    uses: ["base", "db", "fetch", "parse", "policy", "store"],
    job: "the request lane: per-domain gap, Retry-After holds, robots.txt",
  },
  {
    name: "round",
    paths: ["lib/pipeline/round"],
    uses: [...LIB, "fetch", "parse", "policy", "store", "websub", "lanes"],
    job: "the round: due sources, the walk, parse worker, plan → decide → write",
  },
  {
    name: "health",
    paths: ["lib/reads/health"],
    uses: [...LIB, ...STAGES],
    job: "health reads and rules for the pages and /metrics",
  },
  {
    name: "articles",
    paths: ["lib/reads/articles"],
    uses: [...LIB, ...STAGES, "health"],
    job: "the reader's reads: lists, search, sidebar",
  },
  {
    name: "sources",
    paths: ["lib/reads/sources"],
    uses: [...LIB, ...STAGES, "health"],
    job: "subscribing, source administration, OPML import and export",
  },
  {
    name: "notify",
    paths: ["lib/features/notify"],
    uses: [...LIB, "fetch"],
    job: "notifications: targets, formats, the outbox and its sender",
  },
  {
    name: "alerts",
    paths: ["lib/features/alerts"],
    uses: [...LIB, ...STAGES, ...READS, "notify"],
    job: "alert rules after each round, their episodes and outbox rows",
  },
  { name: "auth", paths: ["lib/features/auth"], uses: [...LIB], job: "the gate, login, sessions, API credentials" },
  {
    name: "greader",
    paths: ["lib/features/greader"],
    uses: [...LIB, ...STAGES, ...READS, "auth"],
    job: "the Google Reader API",
  },
  { name: "fever", paths: ["lib/features/fever"], uses: [...LIB, ...STAGES, ...READS, "auth"], job: "the Fever API" },
  {
    name: "websub-callback",
    paths: ["lib/features/websub"],
    uses: [...LIB, ...STAGES],
    job: "the WebSub callback: verification of intent, signed pushes received, the push health figures",
  },
  {
    name: "entry",
    paths: ["lib/entry"],
    uses: [...LIB, ...STAGES, ...READS, "notify", "alerts", "auth", "greader", "fever", "websub-callback"],
    job: "processes: the server's start, scheduler and round runner; the command line",
  },
  {
    name: "components",
    paths: ["components"],
    uses: [
      "base",
      "settings",
      "fetch",
      "parse",
      "policy",
      "websub",
      ...READS,
      "notify",
      "alerts",
      "auth",
      "websub-callback",
      "app",
    ],
    job: "React components (never the database or the store)",
  },
  {
    name: "app",
    paths: ["app", "proxy.ts", "instrumentation.ts"],
    uses: [
      ...LIB,
      ...STAGES,
      ...READS,
      "notify",
      "alerts",
      "auth",
      "greader",
      "fever",
      "websub-callback",
      "entry",
      "components",
    ],
    job: "pages, server actions, route handlers, the proxy",
  },
];

export { LAYERS };
