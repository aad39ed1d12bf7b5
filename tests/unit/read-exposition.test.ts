// The strict reader the /metrics tests rely on: it must read labelled histograms whole, and refuse
// what Prometheus would refuse.
import { describe, expect, it } from "vitest";
import { histogramOf, readExposition, sampleValue } from "@/tests/helpers/read-exposition";

const GOOD = [
  "# HELP a_bytes Sizes.",
  "# TYPE a_bytes histogram",
  'a_bytes_bucket{encoding="wire",le="1024"} 1',
  'a_bytes_bucket{encoding="wire",le="+Inf"} 2',
  'a_bytes_sum{encoding="wire"} 3000',
  'a_bytes_count{encoding="wire"} 2',
  'a_bytes_bucket{encoding="decoded",le="1024"} 0',
  'a_bytes_bucket{encoding="decoded",le="+Inf"} 2',
  'a_bytes_sum{encoding="decoded"} 9000',
  'a_bytes_count{encoding="decoded"} 2',
  "# HELP b_total Things.",
  "# TYPE b_total counter",
  'b_total{kind="x \\"quoted\\"\\n"} 4',
  "# TYPE c gauge",
  "c 1.5e3",
  "",
].join("\n");

describe("readExposition", () => {
  it("reads each labelled histogram series apart, escaped label values and exponents", () => {
    const families = readExposition(GOOD);
    expect(histogramOf(families, "a_bytes", { encoding: "wire" })).toEqual({
      labels: { encoding: "wire" },
      buckets: new Map([
        ["1024", 1],
        ["+Inf", 2],
      ]),
      sum: 3000,
      count: 2,
    });
    expect(histogramOf(families, "a_bytes", { encoding: "decoded" })).toMatchObject({ sum: 9000, count: 2 });
    expect(sampleValue(families, "b_total", { kind: 'x "quoted"\n' })).toBe(4);
    expect(sampleValue(families, "c")).toBe(1500);
    expect(families.get("b_total")).toMatchObject({ type: "counter", help: "Things." });
  });

  it.each([
    ["a line that is no sample", GOOD.replace("b_total{", "b_total {")],
    ["a value that is no number", GOOD.replace("c 1.5e3", "c one")],
    ["a sample of an undeclared family", `${GOOD}d 1\n`],
    ["a family declared twice", `${GOOD}# TYPE b_total counter\n`],
    ["a series given twice", `${GOOD}c 2\n`],
    ["buckets that are not cumulative", GOOD.replace('le="1024"} 1', 'le="1024"} 3')],
    [
      "a +Inf bucket that is not _count",
      GOOD.replace('a_bytes_count{encoding="wire"} 2', 'a_bytes_count{encoding="wire"} 5'),
    ],
    ["a histogram without +Inf", GOOD.replace('a_bytes_bucket{encoding="wire",le="+Inf"} 2\n', "")],
    ["a histogram without _sum", GOOD.replace('a_bytes_sum{encoding="wire"} 3000\n', "")],
    ["a bare sample of a histogram", `${GOOD.replace("# HELP b_total", "a_bytes 1\n# HELP b_total")}`],
    ["a missing final line feed", GOOD.slice(0, -1)],
    ["an unescaped quote in a label value", GOOD.replace('\\"quoted\\"', '"quoted"')],
    ["a bad escape in a label value", GOOD.replace("\\n", "\\t")],
  ])("refuses %s", (_, text) => {
    expect(() => readExposition(text)).toThrow();
  });
});
