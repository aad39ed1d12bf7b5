import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The house's layer rules (README "Architecture"): data flows schedule → fetch → classify → parse →
// store → show, and a lower layer never imports a higher one. Written here so that the first lint
// run teaches them, not a reviewer.
const DATABASE = ["@/lib/db", "@/lib/db/*", "@/lib/generated/*", "@prisma/*"];
const ORCHESTRATION = [
  "@/lib/round",
  "@/lib/round/*",
  "@/lib/sources/*",
  "@/lib/health/*",
  "@/lib/websub/*",
  "@/app/*",
  "@/components/*",
];
const ABOVE_THE_STORE = [...ORCHESTRATION, "@/lib/articles/*"];
const IO = ["node:fs", "node:fs/*", "fs", "node:net", "node:http", "node:https", "node:dns", "undici"];

function layer(files, groups, message) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns: [{ group: groups, message }] }] } };
}

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", "dist/**", ".next/**", "node_modules/**", "next-env.d.ts", "data/**"] },
  layer(
    ["lib/fetch/**"],
    [...DATABASE, "@/lib/store/*", ...ABOVE_THE_STORE],
    "lib/fetch makes one HTTP exchange: it never touches the database, the store or the round (they call it).",
  ),
  layer(
    ["lib/parse/**", "lib/policy/**"],
    [...DATABASE, "@/lib/store/*", ...ABOVE_THE_STORE, ...IO],
    "lib/parse and lib/policy are pure: no I/O, no database, nothing of the layers that call them.",
  ),
  // The store may use lib/articles' scope vocabulary (which articles a view means): "mark all read"
  // must select exactly the rows the reader's list shows.
  layer(
    ["lib/store/**"],
    ORCHESTRATION,
    "lib/store is written to by the round and the pages; it never imports them (types it needs live in lib/store, e.g. attempt.ts).",
  ),
  layer(
    ["lib/db/**"],
    ["@/lib/store/*", "@/lib/fetch/*", "@/lib/parse/*", "@/lib/policy/*", ...ABOVE_THE_STORE],
    "lib/db is the bottom layer: it imports no other stage.",
  ),
  layer(
    ["lib/websub/**"],
    ["@/app/*", "@/components/*"],
    "lib/websub is a feature the round and the callback route call: it never imports pages or components.",
  ),
  layer(
    ["components/**"],
    [...DATABASE, "@/lib/store/*"],
    "Components read through the server-only data functions (lib/articles, lib/sources, lib/health) and write through actions or route handlers, never the database.",
  ),
];

export default config;
