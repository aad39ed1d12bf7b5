// Issue 14's freshness check in one call: Tidings and hourly polling over the same population.
import type { PolicySettings } from "../../lib/pipeline/policy/types";
import { createPopulation, type Mix } from "./population";
import { runStrategy, type Strategy, type Tally } from "./run-strategy";
import { checkFreshnessTargets, summariseClasses, type ClassFigures, type TargetCheck } from "./summarise";
import { HOUR } from "./population";

export const TIDINGS: Strategy = { name: "Tidings", kind: "tidings" };
export const HOURLY: Strategy = { name: "fixed 60 min", kind: "fixed", intervalMs: HOUR, honoursPublisherFloor: false };

export type FreshnessRun = { figures: ClassFigures[]; checks: TargetCheck[]; tidings: Tally; hourly: Tally };

export function measureFreshness(options: {
  mix: Mix;
  seed: number;
  sources: number;
  durationMs: number;
  settings: PolicySettings;
}): FreshnessRun {
  const { mix, seed, sources, durationMs, settings } = options;
  const population = createPopulation(mix, seed, sources, durationMs);
  const run = { seed, durationMs, settings, offline: null };
  const tidings = runStrategy(TIDINGS, population, run);
  const hourly = runStrategy(HOURLY, population, run);
  const figures = summariseClasses(population, tidings, hourly);
  return { figures, checks: checkFreshnessTargets(figures, tidings, hourly), tidings, hourly };
}
