// The Prometheus text format (version 0.0.4), written once for every family /metrics serves:
// HELP and TYPE lines, escaped label values, and histograms as cumulative `_bucket` lines with
// `le` (ending at +Inf, equal to `_count`), `_sum` and `_count`.
export type Labels = Record<string, string>;
export type Sample = { labels?: Labels; value: number };
export type HistogramSample = {
  labels?: Labels;
  bounds: readonly number[];
  cumulative: readonly number[];
  count: number;
  sum: number;
};
export type Family =
  | { name: string; help: string; type: "counter" | "gauge"; samples: Sample[] }
  | { name: string; help: string; type: "histogram"; samples: HistogramSample[] };

export function renderFamilies(families: readonly Family[]): string {
  return families.map(renderFamily).join("");
}

function renderFamily(family: Family): string {
  const lines = [`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`];
  if (family.type === "histogram") {
    for (const sample of family.samples) {
      sample.bounds.forEach((bound, index) =>
        lines.push(
          `${family.name}_bucket${renderLabels({ ...sample.labels, le: String(bound) })} ${sample.cumulative[index]}`,
        ),
      );
      lines.push(`${family.name}_bucket${renderLabels({ ...sample.labels, le: "+Inf" })} ${sample.count}`);
      lines.push(`${family.name}_sum${renderLabels(sample.labels)} ${sample.sum}`);
      lines.push(`${family.name}_count${renderLabels(sample.labels)} ${sample.count}`);
    }
  } else {
    for (const sample of family.samples) lines.push(`${family.name}${renderLabels(sample.labels)} ${sample.value}`);
  }
  return `${lines.join("\n")}\n`;
}

function renderLabels(labels: Labels | undefined): string {
  if (!labels || Object.keys(labels).length === 0) return "";
  const pairs = Object.entries(labels).map(
    ([key, value]) => `${key}="${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`,
  );
  return `{${pairs.join(",")}}`;
}
