// Prints the README's layer table from layer-map.mjs (the lint's map), bottom layer first.
// Usage: npx tsx scripts/print-layer-table.ts   (goes between the README's layer-map markers)
import { LAYERS } from "../layer-map.mjs";

export function layerTable(): string {
  const rows = LAYERS.map(
    (layer) =>
      `| ${layer.name} | ${layer.paths.map((path) => `\`${path}\``).join(", ")} | ${layer.job} | ${layer.uses.join(", ") || "—"} |`,
  );
  return ["| layer | folders | job | may import |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

if (process.argv[1]?.endsWith("print-layer-table.ts")) console.log(layerTable());
