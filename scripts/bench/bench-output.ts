// Every benchmark prints its figures as a markdown table (figure | value | target) so that
// scripts/bench/run-all.ts can gather them into one report.
export type BenchFigure = { figure: string; value: string; target: string };

export function printFigures(title: string, figures: BenchFigure[]): void {
  console.log(`\n### ${title}\n`);
  console.log("| figure | value | target |");
  console.log("| --- | ---: | --- |");
  for (const figure of figures) console.log(`| ${figure.figure} | ${figure.value} | ${figure.target} |`);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
