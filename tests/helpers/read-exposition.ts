// A strict reader of the Prometheus text format (0.0.4) for the /metrics tests. Written here
// because parse-prometheus-text-format, the npm parser, folds every series of a labelled
// histogram into one (its flattenMetrics keeps only the `le` label), so it cannot check
// `tidings_fetch_body_bytes{encoding=...}`. Refuses what Prometheus would: a line that is not a
// HELP, TYPE or well-formed sample, a sample of an undeclared family or with a suffix its type
// does not allow, a family declared twice, a series given twice, and histograms whose buckets are
// not cumulative, lack +Inf, or whose +Inf bucket differs from _count.
export type Series = { labels: Record<string, string>; value: number };
export type HistogramSeries = {
  labels: Record<string, string>;
  buckets: Map<string, number>;
  sum: number;
  count: number;
};
export type ParsedFamily = {
  name: string;
  type: string;
  help: string;
  series: Series[];
  histograms: HistogramSeries[];
};

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]Inf|NaN)$/;

function parseValue(text: string, line: string): number {
  if (!VALUE.test(text)) throw new Error(`not a number in ${JSON.stringify(line)}`);
  return text === "+Inf" ? Infinity : text === "-Inf" ? -Infinity : Number(text);
}

/** `name{a="1",b="x\"y"} 12` → name, labels, value text. */
function parseSample(line: string): { name: string; labels: Record<string, string>; value: string } {
  const brace = line.indexOf("{");
  const space = line.indexOf(" ");
  const labels: Record<string, string> = {};
  let rest: string;
  let name: string;
  if (brace >= 0 && (space < 0 || brace < space)) {
    name = line.slice(0, brace);
    let index = brace + 1;
    while (line[index] !== "}") {
      const equals = line.indexOf("=", index);
      if (equals < 0) throw new Error(`bad labels in ${JSON.stringify(line)}`);
      const key = line.slice(index, equals);
      if (!LABEL_NAME.test(key) || line[equals + 1] !== '"')
        throw new Error(`bad label ${JSON.stringify(key)} in ${JSON.stringify(line)}`);
      let value = "";
      let at = equals + 2;
      for (; at < line.length && line[at] !== '"'; at += 1) {
        if (line[at] === "\\") {
          const escaped = line[at + 1];
          if (escaped === "\\") value += "\\";
          else if (escaped === '"') value += '"';
          else if (escaped === "n") value += "\n";
          else throw new Error(`bad escape in ${JSON.stringify(line)}`);
          at += 1;
        } else value += line[at];
      }
      if (at >= line.length) throw new Error(`unterminated label value in ${JSON.stringify(line)}`);
      if (key in labels) throw new Error(`label ${key} twice in ${JSON.stringify(line)}`);
      labels[key] = value;
      index = at + 1;
      if (line[index] === ",") index += 1;
      else if (line[index] !== "}") throw new Error(`bad labels in ${JSON.stringify(line)}`);
    }
    rest = line.slice(index + 1);
  } else {
    name = line.slice(0, space < 0 ? line.length : space);
    rest = space < 0 ? "" : line.slice(space);
  }
  if (!NAME.test(name)) throw new Error(`bad metric name in ${JSON.stringify(line)}`);
  const parts = rest.split(" ");
  // One space, the value, and no timestamp (Tidings never sends one).
  if (parts.length !== 2 || parts[0] !== "") throw new Error(`not a valid sample line: ${JSON.stringify(line)}`);
  return { name, labels, value: parts[1]! };
}

const keyOf = (labels: Record<string, string>) =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

export function readExposition(text: string): Map<string, ParsedFamily> {
  if (!text.endsWith("\n")) throw new Error("the exposition must end with a line feed");
  const families = new Map<string, ParsedFamily>();
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split("\n")) {
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in ${JSON.stringify(line)}`);
      const family = families.get(name) ?? { name, type: "untyped", help: "", series: [], histograms: [] };
      if (kind === "TYPE") {
        if (seen.has(`type:${name}`)) throw new Error(`family declared twice: ${name}`);
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest))
          throw new Error(`unknown type in ${JSON.stringify(line)}`);
        seen.add(`type:${name}`);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = parseSample(line);
    const value = parseValue(sample.value, line);
    const suffix = /_(bucket|sum|count)$/.exec(sample.name);
    const base =
      suffix && families.get(sample.name.slice(0, -suffix[0].length))?.type === "histogram"
        ? sample.name.slice(0, -suffix[0].length)
        : sample.name;
    const family = families.get(base);
    if (!family || !seen.has(`type:${base}`)) throw new Error(`sample of an undeclared family: ${sample.name}`);
    const seriesKey = `${sample.name}${keyOf(sample.labels)}`;
    if (seen.has(seriesKey)) throw new Error(`series given twice: ${seriesKey}`);
    seen.add(seriesKey);
    if (family.type !== "histogram") {
      family.series.push({ labels: sample.labels, value });
      continue;
    }
    if (!suffix || base === sample.name)
      throw new Error(`${sample.name}: a histogram has only _bucket, _sum and _count samples`);
    const { le, ...labels } = sample.labels;
    if (suffix[1] === "bucket" && le === undefined) throw new Error(`${sample.name}: a bucket needs le`);
    if (suffix[1] !== "bucket" && le !== undefined) throw new Error(`${sample.name}: only buckets have le`);
    let series = family.histograms.find((candidate) => keyOf(candidate.labels) === keyOf(labels));
    if (!series) family.histograms.push((series = { labels, buckets: new Map(), sum: Number.NaN, count: Number.NaN }));
    if (suffix[1] === "bucket") series.buckets.set(le!, value);
    else if (suffix[1] === "sum") series.sum = value;
    else series.count = value;
  }
  for (const family of families.values()) {
    for (const series of family.histograms) {
      const bounds = [...series.buckets.keys()];
      if (bounds.at(-1) !== "+Inf") throw new Error(`${family.name}: the last bucket must be +Inf`);
      const numeric = bounds.map((bound) => parseValue(bound, bound));
      const counts = [...series.buckets.values()];
      for (let index = 1; index < counts.length; index += 1) {
        if (numeric[index]! <= numeric[index - 1]!) throw new Error(`${family.name}: bucket bounds must increase`);
        if (counts[index]! < counts[index - 1]!) throw new Error(`${family.name}: buckets must be cumulative`);
      }
      if (Number.isNaN(series.sum) || Number.isNaN(series.count))
        throw new Error(`${family.name}: _sum and _count are required`);
      if (counts.at(-1) !== series.count) throw new Error(`${family.name}: the +Inf bucket must equal _count`);
    }
  }
  return families;
}

/** The value of a counter or gauge series with exactly these labels (undefined when absent). */
export function sampleValue(
  families: Map<string, ParsedFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return families.get(name)?.series.find((series) => keyOf(series.labels) === keyOf(labels))?.value;
}

/** The histogram series with exactly these labels (le aside). */
export function histogramOf(
  families: Map<string, ParsedFamily>,
  name: string,
  labels: Record<string, string> = {},
): HistogramSeries | undefined {
  return families.get(name)?.histograms.find((series) => keyOf(series.labels) === keyOf(labels));
}
