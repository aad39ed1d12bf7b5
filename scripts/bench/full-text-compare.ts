// Why Readability: Mozilla's Readability and Defuddle (Obsidian Web Clipper's extractor), each on
// linkedom's DOM, over the page shapes of tests/fixtures/pages (a news story with ads, comments and
// three kinds of lazy image; a CMS blog post with sidebar, sharing and comments; a documentation
// page with code and a table; a front page of teasers, which has no article; a hostile page).
// For each: the article's sentences kept (of those listed), noise kept (navigation, ads, comments,
// footer), real images kept, with and without Tidings's lazy-image pass, and CPU per extraction.
// npx tsx scripts/bench/full-text-compare.ts [--runs 20]
import { parseArgs } from "node:util";
import { Readability } from "@mozilla/readability";
import Defuddle from "defuddle";
import { parsePageDocument } from "@/lib/pipeline/parse/full-text/parse-page-document";
import { recoverLazyImages } from "@/lib/pipeline/parse/full-text/recover-lazy-images";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { htmlToText } from "@/lib/pipeline/parse/sanitize/html-text";
import { readPageFixture } from "@/tests/helpers/article-site";
import { HOSTILE_PAGE } from "@/tests/fixtures/hostile-page";
import { printFigures, type BenchFigure } from "./bench-output";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const RUNS = Math.max(1, Number(values.runs));
const URL_ = "https://site.example/article";

type Shape = { name: string; html: string; kept: string[]; noise: string[]; images: string[] };
const SHAPES: Shape[] = [
  {
    name: "news story",
    html: readPageFixture("news-article"),
    kept: [
      "When the spring floods took",
      "Old methods, new rules",
      "which is the point of a bridge",
      "no decision had been made",
    ],
    noise: ["BUY CHEAP TRACTORS", "COMMENT-MARKER", "FOOTER-MARKER", "Related stories", "Sign up"],
    images: ["bridge-lead.jpg", "workshop-1600.jpg", "first-span.jpg"],
  },
  {
    name: "blog post",
    html: readPageFixture("blog-post"),
    kept: [
      "Winter is hard on a starter",
      "bake straight from the fridge",
      "Bread is patience made edible",
      "watch the dough rather than the clock",
    ],
    noise: ["COMMENT-MARKER", "AD-MARKER", "FOOTER-MARKER", "Recent posts", "Share this", "Previous: Rye"],
    images: ["levain-1024x683.jpg"],
  },
  {
    name: "documentation",
    html: readPageFixture("docs-page"),
    kept: ["Ferry keeps every job", "compact_ratio = 2.0", "max_attempts", "Nothing is ever dropped silently"],
    noise: ["FOOTER-MARKER", "API reference", "Search docs"],
    images: [],
  },
  {
    name: "front page (no article)",
    html: readPageFixture("front-page"),
    kept: [],
    noise: ["Flood defences approved"],
    images: [],
  },
  {
    name: "hostile page",
    html: HOSTILE_PAGE,
    kept: ["The harbour wall was finished", "More ordinary prose"],
    noise: ["PWNED"],
    images: [],
  },
];

type Extractor = { name: string; extract: (document: Document) => string };
const EXTRACTORS: Extractor[] = [
  {
    name: "Readability",
    extract: (document) => new Readability(document, { keepClasses: false }).parse()?.content ?? "",
  },
  { name: "Defuddle", extract: (document) => new Defuddle(document, { url: URL_ }).parse().content },
];

function run(extractor: Extractor, shape: Shape, lazyPass: boolean): string {
  const document = parsePageDocument(shape.html, URL_);
  if (lazyPass) recoverLazyImages(document);
  return sanitizeContent(extractor.extract(document), URL_);
}

function cpuMs(work: () => void): number {
  work(); // warm-up
  const before = process.cpuUsage();
  for (let index = 0; index < RUNS; index += 1) work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / RUNS;
}

for (const extractor of EXTRACTORS) {
  const figures: BenchFigure[] = [];
  for (const shape of SHAPES) {
    const html = run(extractor, shape, true);
    const text = htmlToText(html);
    const kept = shape.kept.filter((phrase) => text.includes(phrase)).length;
    const noise = shape.noise.filter((phrase) => html.includes(phrase));
    const count = (out: string) => shape.images.filter((image) => out.includes(image)).length;
    const own = count(run(extractor, shape, false));
    figures.push({
      figure: shape.name,
      value:
        `${kept}/${shape.kept.length} sentences, noise ${noise.length === 0 ? "none" : noise.join(", ")}, ` +
        `images ${count(html)}/${shape.images.length} (${own} without the lazy pass), ${text.length} chars, ` +
        `${cpuMs(() => run(extractor, shape, true)).toFixed(1)} ms CPU`,
      target: shape.kept.length === 0 ? "little text (no article)" : "all sentences, no noise, all images",
    });
  }
  printFigures(`Full text: ${extractor.name} on linkedom`, figures);
}
