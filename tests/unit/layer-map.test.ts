import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LAYERS } from "@/layer-map.mjs";
import { layerTable } from "@/scripts/print-layer-table";

const root = path.resolve(__dirname, "../..");

describe("the layer map", () => {
  it("the README's architecture table is the lint's map (npx tsx scripts/print-layer-table.ts)", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const block = readme.match(/<!-- layer-map:start -->\n([\s\S]*?)\n<!-- layer-map:end -->/);
    expect(block?.[1]).toBe(layerTable());
  });

  it("every layer uses only layers listed before it, so no import can go up", () => {
    LAYERS.forEach((layer, index) => {
      const below = LAYERS.slice(0, index).map((candidate) => candidate.name);
      // components and app are one level: pages render components, components call the app's actions.
      const allowed = layer.name === "components" ? [...below, "app"] : below;
      expect(
        layer.uses.filter((name) => !allowed.includes(name)),
        layer.name,
      ).toEqual([]);
    });
  });
});
