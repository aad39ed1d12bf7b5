// The layer rules, generated from the one map (layer-map.mjs). dependency-cruiser resolves `@/`
// and relative imports alike, and type-only imports too (tsPreCompilationDeps).
import { LAYERS } from "./layer-map.mjs";

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pathsOf = (names) => LAYERS.filter((layer) => names.includes(layer.name)).flatMap((layer) => layer.paths);
const matching = (paths) => `^(${paths.map((p) => escape(p) + (p.endsWith(".ts") ? "$" : "/")).join("|")})`;
const MAPPED = [...LAYERS.flatMap((layer) => layer.paths)];
const OURS = "^(lib|app|components)/|^(proxy|instrumentation)\\.ts$";

const layerRules = LAYERS.map((layer) => ({
  name: `layer-${layer.name}`,
  severity: "error",
  comment: `${layer.paths.join(", ")} (layer "${layer.name}": ${layer.job}) may import only ${
    layer.uses.length === 0 ? "itself" : `the layers ${layer.uses.join(", ")}`
  } (layer-map.mjs).`,
  from: { path: matching(layer.paths) },
  to: {
    path: OURS,
    pathNot: matching([...layer.paths, ...pathsOf(layer.uses), ...(layer.name === "db" ? ["lib/generated"] : [])]),
  },
}));

const config = {
  forbidden: [
    ...layerRules,
    {
      name: "not-on-the-map",
      severity: "error",
      comment: "Every folder of lib/ belongs to one layer: add this folder to layer-map.mjs (and the README's table).",
      from: { path: "^lib/", pathNot: matching([...MAPPED, "lib/generated"]) },
      to: {},
    },
    {
      name: "not-on-the-map",
      severity: "error",
      comment: "Every folder of lib/ belongs to one layer: add this folder to layer-map.mjs (and the README's table).",
      from: {},
      to: { path: "^lib/", pathNot: matching([...MAPPED, "lib/generated"]) },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      comment: "Folders of lib/ form no cycle: a folder never imports one that imports it back.",
      scope: "folder",
      from: { path: "^lib/" },
      to: { path: "^lib/", circular: true },
    },
    {
      name: "db-through-its-door",
      severity: "error",
      comment:
        "Outside lib/db, the database is reached through lib/db/client.ts (the client, its types and inTransaction), not through how the client is built.",
      from: { pathNot: "^lib/db/" },
      to: { path: "^lib/db/(prisma-client|transaction|release-failed-transactions)\\.ts$" },
    },
    {
      name: "pure-parse-and-policy",
      severity: "error",
      comment: "lib/pipeline/parse and lib/pipeline/policy are pure: no I/O (file system, network, workers).",
      from: { path: "^lib/pipeline/(parse|policy)/" },
      to: { path: "^(node:)?(fs|fs/promises|net|http|https|http2|dns|dgram|child_process|worker_threads)$|undici" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    // The generated Prisma client is not followed, but imports of it are checked: only lib/db may.
    doNotFollow: { path: "(^|/)node_modules/|^lib/generated/" },
    exclude: { path: "^(node_modules|\\.next|dist)/" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] },
  },
};

export default config;
