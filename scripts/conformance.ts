// Conformance run of the parse step over a tree of feed files (feedparser's test corpus, say):
//
//   npx tsx scripts/conformance.ts <dir>
//
// Every .xml/.rss/.atom/.rdf/.json file goes through parseFeed with url
// http://example.com/<path relative to dir> and contentType null, except that the corpus's
// `Header:` lines are honoured (Content-Type → contentType, Content-Location → contentLocation),
// because those files test exactly that. Each file is reported as parsed, classified error, or crash
// (an exception, or a result that does not match the ParseResult contract).
//
// A file's leading comment may hold `Expect:` — a Python expression over feedparser's result.
// The mappable part is every `==` comparison between a string literal and feed['title'],
// feed['link'], entries[N]['title'], entries[N]['link'] (or the .title/.link forms),
// entries[N]['description' | 'summary' | 'content'][0]['value'] (content), or between a time
// tuple and entries[N]['published_parsed' | 'updated_parsed' | 'created_parsed'] (date); other
// clauses (bozo, encoding, *_detail, feed-level dates, ...) are not applicable to our result
// format and are skipped. A file with at least one mappable clause counts once; it is met when
// all its mappable clauses hold. What counts as "reproduced":
//  - titles: ours is plain text by contract, feedparser's sometimes keeps (sanitized) markup.
//    Met when ours equals the expected string literally, or equals it after the same
//    plain-text conversion we apply (tags stripped, entities decoded, whitespace collapsed).
//  - links: met when equal, or equal after URL normalisation (new URL(x).href).
//  - content: behaviour, not bytes: met when our content or summary shows the same text as the
//    expected HTML (tags stripped on both) with the same elements, attributes and style
//    properties in the same order (text only when the expected value is plain text); attributes we add ourselves (rel, target, loading, ...) and
//    attribute values (we resolve URLs, normalise styles) are not compared.
//  - dates: our one item date (published, else updated) equals the tuple's first six fields, UTC.
//  - feedparser's suite served files from http://127.0.0.1:8097/; expectations naming that
//    document origin are read with our document origin (http://example.com) instead.
// An expectation not met is either missed (with its likely cause) or not mappable: a deliberate
// refusal (an element, attribute or style Tidings drops on purpose, or a reading only a
// pre-HTML5 sanitizer gives), explained in conformance-refusals.ts. The share met is reported
// over every mappable expectation and over those left once the refusals are set apart.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { collapseWhitespace, htmlToText } from "../lib/pipeline/parse/sanitize/html-text";
import { Parser as HtmlParser } from "htmlparser2";
import { parseFeed } from "../lib/pipeline/parse/parse-feed";
import type { ParseResult } from "../lib/pipeline/parse/contract/types";
import { readCorpusHeader } from "../tests/helpers/corpus-digest";
import { explainMiss, type MissReason } from "./conformance-refusals";

const FEED_EXTENSIONS = new Set([".xml", ".rss", ".atom", ".rdf", ".json"]);
const DOCUMENT_ORIGIN = "http://example.com";
const FEEDPARSER_ORIGIN = "http://127.0.0.1:8097";

type Accessor = { scope: "feed" } | { scope: "entry"; index: number };
type FieldName = "title" | "link" | "content" | "date";
type Field = { accessor: Accessor; field: FieldName };
type Clause = { fields: Field[]; literals: string[] };
type Outcome = "parsed" | "classified" | "crash";

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error("usage: npx tsx scripts/conformance.ts <dir>");
  const files = (await listFiles(root)).filter((file) => FEED_EXTENSIONS.has(path.extname(file).toLowerCase())).sort();
  const totals: Record<Outcome, number> = { parsed: 0, classified: 0, crash: 0 };
  const unmet: string[] = [];
  const refusals = new Map<string, number>();
  let refused = 0;
  let mappable = 0;
  let met = 0;
  const encodingFiles = { total: 0, decoded: 0, failed: [] as string[] };
  let unsafe = 0;
  const byField = new Map<FieldName, { mappable: number; met: number }>();
  const started = performance.now();

  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    const body = await readFile(file);
    const header = readCorpusHeader(body.toString("latin1"));
    const url = `${DOCUMENT_ORIGIN}/${relative}`;
    let result: ParseResult | null = null;
    let outcome: Outcome;
    let note: string;
    try {
      result = await parseFeed({ body, contentType: header.contentType, contentLocation: header.contentLocation, url });
      const problem = checkContract(result);
      outcome = problem ? "crash" : result.ok ? "parsed" : "classified";
      note =
        problem ??
        (result.ok
          ? `${result.feed.kind}, ${result.feed.items.length} items`
          : `${result.errorKind}: ${result.detail}`);
    } catch (error) {
      outcome = "crash";
      note = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    totals[outcome]++;
    if (note.startsWith("unsafe markup")) unsafe++;
    if (relative.includes("/encoding/")) {
      encodingFiles.total++;
      const problem = checkDecoded(result, header.expect, /#65533;|#x0*fffd;/i.test(body.toString("latin1")));
      if (problem === null) encodingFiles.decoded++;
      else encodingFiles.failed.push(`${relative}: ${problem}`);
    }

    const clauses = header.expect === null ? [] : readClauses(header.expect);
    let verdict = "";
    if (clauses.length > 0) {
      mappable++;
      const ok = result?.ok === true && clauses.every((clause) => holds(clause, result));
      if (ok) met++;
      const kinds = [...new Set(clauses.flatMap((clause) => clause.fields.map((field) => field.field)))];
      for (const kind of kinds) {
        const tally = byField.get(kind) ?? { mappable: 0, met: 0 };
        byField.set(kind, { mappable: tally.mappable + 1, met: tally.met + (ok ? 1 : 0) });
      }
      const why = ok ? null : explainClauses(clauses, result, body.toString("utf8"));
      if (why?.refused) {
        refused++;
        refusals.set(why.reason, (refusals.get(why.reason) ?? 0) + 1);
      }
      const label = why === null ? "" : why.refused ? `not mappable: ${why.reason}` : `missed: ${why.reason}`;
      if (why !== null)
        unmet.push(
          `[${kinds.join(", ")}] ${relative}\n    ${label}\n    expect: ${header.expect}\n    got:    ${describeFields(clauses, result)}`,
        );
      verdict = ok ? "  [expectation met]" : why?.refused ? "  [not mappable]" : "  [expectation missed]";
    }
    console.log(`${outcome.padEnd(10)} ${relative}  (${note})${verdict}`);
  }

  console.log(`\n${unmet.length} mappable expectations not met:\n${unmet.map((line) => `  ${line}`).join("\n")}`);
  const share = mappable === 0 ? 0 : (100 * met) / mappable;
  console.log(
    `\nfiles: ${files.length}  parsed: ${totals.parsed}  classified errors: ${totals.classified}  crashes: ${totals.crash}`,
  );
  console.log(`unsafe survivors: ${unsafe}`);
  console.log(
    `encoding files decoded: ${encodingFiles.decoded} of ${encodingFiles.total}${encodingFiles.failed.map((line) => `\n  ${line}`).join("")}`,
  );
  const fieldShares = [...byField].map(([kind, tally]) => `${kind} ${tally.met}/${tally.mappable}`).join(", ");
  console.log(
    `title/link/content/date expectations met: ${met} of ${mappable} (${share.toFixed(1)}%; ${fieldShares})  in ${Math.round(performance.now() - started)} ms`,
  );
  const kept = mappable - refused;
  console.log(
    `deliberate refusals (not mappable): ${refused}${[...refusals].map(([reason, count]) => `\n  ${count}  ${reason}`).join("")}`,
  );
  console.log(
    `met without the refusals: ${met} of ${kept} (${kept === 0 ? "0.0" : ((100 * met) / kept).toFixed(1)}%); missed: ${kept - met}`,
  );
  process.exitCode = totals.crash > 0 ? 1 : 0;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

/** The mappable `==` clauses of a Python boolean expression joined by `and`. */
function readClauses(expression: string): Clause[] {
  const clauses: Clause[] = [];
  for (const part of splitOutsideStrings(expression, " and ")) {
    const operands = splitOutsideStrings(part.trim(), "==").map((operand) => operand.trim());
    if (operands.length < 2) continue;
    const fields = operands.map(readField);
    const literals = operands.map((operand) => readStringExpression(operand) ?? readTimeTuple(operand));
    if (!operands.every((_, i) => fields[i] !== null || literals[i] !== null)) continue;
    const clause = {
      fields: fields.filter((f): f is Field => f !== null),
      literals: literals.filter((l): l is string => l !== null),
    };
    if (clause.fields.length > 0 && clause.literals.length > 0) clauses.push(clause);
  }
  return clauses;
}

function readField(operand: string): Field | null {
  const match = /^(feed|entries\[(\d+)\])(?:\[['"](\w+)['"]\]|\.(\w+))(\[0\]\[['"]value['"]\])?$/.exec(operand);
  if (!match) return null;
  const accessor: Accessor = match[1] === "feed" ? { scope: "feed" } : { scope: "entry", index: Number(match[2]) };
  const name = `${match[3] ?? match[4]}${match[5] ? "[0].value" : ""}`;
  const field: FieldName | null =
    name === "title" || name === "link"
      ? name
      : accessor.scope === "entry" && ["description", "summary", "content[0].value"].includes(name)
        ? "content"
        : accessor.scope === "entry" && /^(published|updated|created)_parsed$/.test(name)
          ? "date"
          : null;
  return field === null ? null : { accessor, field };
}

/** `(2003, 12, 31, 10, 14, 55, 2, 365, 0)` (a Python time.struct_time) → "2003-12-31T10:14:55Z". */
function readTimeTuple(operand: string): string | null {
  const match = /^\((\d{4}), (\d{1,2}), (\d{1,2}), (\d{1,2}), (\d{1,2}), (\d{1,2}), \d, \d{1,3}, 0\)$/.exec(operand);
  if (!match) return null;
  const [year, ...rest] = match.slice(1, 7);
  const [month, day, hour, minute, second] = rest.map((part) => part.padStart(2, "0"));
  return `${year}-${month}-${day}T${hour}:${minute}:${second}Z`;
}

/** `u'a' + 'b\n'` → "ab\n"; null when the operand is anything else. */
function readStringExpression(operand: string): string | null {
  const pieces = splitOutsideStrings(operand, "+").map((piece) => piece.trim());
  const values = pieces.map((piece) => /^[uU]?(['"])([\s\S]*)\1$/.exec(piece));
  if (values.some((value) => value === null)) return null;
  return values.map((value) => unescapePython(value?.[2] ?? "")).join("");
}

function unescapePython(text: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };
  return text.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|.)/g, (whole, code: string) => {
    const codePoint = /^[uUx]/.test(code) && code.length > 1 ? Number.parseInt(code.slice(1), 16) : null;
    if (codePoint !== null) return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    return simple[code] ?? whole;
  });
}

function splitOutsideStrings(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Why the first clause that does not hold fails: a deliberate refusal or a miss. */
function explainClauses(clauses: Clause[], result: ParseResult | null, source: string): MissReason {
  if (!result?.ok) return { refused: false, reason: "the feed was not read" };
  const failing = clauses.find((clause) => !holds(clause, result));
  const field = failing?.fields[0];
  if (!failing || !field) return { refused: false, reason: "not explained" };
  const expected =
    failing.literals.find(
      (literal) => !(readCandidates(field, result) ?? []).some((actual) => matches(field.field, actual, literal)),
    ) ?? "";
  return explainMiss(field.field, expected, source, readActual(field, result) ?? "");
}

function holds(clause: Clause, result: ParseResult | null): boolean {
  return clause.fields.every((field) => {
    const candidates = readCandidates(field, result);
    return (
      candidates !== undefined &&
      clause.literals.every((literal) => candidates.some((actual) => matches(field.field, actual, literal)))
    );
  });
}

function matches(field: FieldName, actual: string, expectedRaw: string): boolean {
  const expected = expectedRaw.split(FEEDPARSER_ORIGIN).join(DOCUMENT_ORIGIN);
  if (actual === expected) return true;
  if (field === "date") return false;
  if (field === "content") {
    // Plain text expected: we present text as paragraphs, so only the text is compared.
    const shape = describeMarkup(expected);
    return htmlToText(actual) === htmlToText(expected) && (shape === "" || describeMarkup(actual) === shape);
  }
  if (field === "title") return actual === collapseWhitespace(expected) || actual === htmlToText(expected);
  return URL.canParse(expected) && actual === new URL(expected).href;
}

const ATTRIBUTES_WE_ADD = new Set(["rel", "target", "loading", "referrerpolicy", "sandbox"]);

/** The elements of an HTML fragment with their attribute names and style property names. */
function describeMarkup(html: string): string {
  const shape: string[] = [];
  const parser = new HtmlParser({
    onopentag(name, attributes) {
      const names = Object.keys(attributes)
        .filter((attribute) => !ATTRIBUTES_WE_ADD.has(attribute))
        .sort();
      const style =
        attributes.style
          ?.split(";")
          .map((declaration) => declaration.split(":")[0]?.trim().toLowerCase())
          .filter(Boolean) ?? [];
      shape.push(`${name}[${names.join(" ")}]${style.length > 0 ? `{${style.join(" ")}}` : ""}`);
    },
  });
  parser.end(html);
  return shape.join(" ");
}

function readActual(field: Field, result: ParseResult | null): string | undefined {
  return readCandidates(field, result)?.[0];
}

/** What of ours a field compares with: content is checked against our content and our summary. */
function readCandidates(field: Field, result: ParseResult | null): string[] | undefined {
  if (!result?.ok) return undefined;
  const { feed } = result;
  if (field.accessor.scope === "feed") return [(field.field === "title" ? feed.title : feed.siteUrl) ?? ""];
  const item = feed.items[field.accessor.index];
  if (!item) return undefined;
  switch (field.field) {
    case "title":
      return [item.title];
    case "link":
      return [item.url ?? ""];
    case "content":
      return [item.content ?? "", item.summary ?? ""];
    case "date":
      return [item.publishedAt ? item.publishedAt.toISOString().replace(/\.\d{3}Z$/, "Z") : ""];
  }
}

function describeFields(clauses: Clause[], result: ParseResult | null): string {
  if (!result?.ok) return result ? `${result.errorKind}: ${result.detail}` : "crash";
  const shown = clauses
    .flatMap((clause) => clause.fields)
    .map((field) => {
      const where = field.accessor.scope === "feed" ? "feed" : `entries[${field.accessor.index}]`;
      return `${where}.${field.field} = ${JSON.stringify(readActual(field, result) ?? null)}`;
    });
  return shown.join(", ");
}

/**
 * Why an encoding test file was not decoded to its expected text, or null. Decoded means: it
 * parsed, no text holds U+FFFD (unless the file itself writes &#65533;), and every character the Expect line names for a description
 * (`== u'\ub144'`, `ord(...) == 8230`) is in the item's summary or content.
 */
function checkDecoded(result: ParseResult | null, expect: string | null, writesReplacement: boolean): string | null {
  if (!result?.ok) return result ? `${result.errorKind}: ${result.detail}` : "crash";
  const texts = [
    result.feed.title ?? "",
    ...result.feed.items.flatMap((item) => [item.title, item.summary ?? "", item.content ?? ""]),
  ];
  if (!writesReplacement && texts.some((text) => text.includes("\uFFFD"))) return "replacement character in the text";
  const expected: string[] = [];
  for (const match of (expect ?? "").matchAll(/\['description'\]\s*==\s*([uU]?(['"])(?:\\.|(?!\2).)*\2)/g)) {
    expected.push(...Array.from(readStringExpression(match[1] ?? "") ?? "").filter((ch) => ch.charCodeAt(0) > 0x7f));
  }
  for (const match of (expect ?? "").matchAll(/ord\(entries\[0\]\['description'\]\)\s*==\s*(\d+)/g))
    expected.push(String.fromCodePoint(Number(match[1])));
  const item = result.feed.items[0];
  const missing = expected.filter((ch) => !`${item?.summary ?? ""}${item?.content ?? ""}`.includes(ch));
  return missing.length === 0 ? null : `expected ${JSON.stringify(missing.join(""))} in the first item's description`;
}

/** Why a result breaks the ParseResult contract, or null when it keeps it. */
function checkContract(result: ParseResult): string | null {
  if (!result.ok) {
    const kinds = ["not_a_feed", "parse"];
    return kinds.includes(result.errorKind) && result.detail.trim() !== "" ? null : "invalid failure value";
  }
  const { feed } = result;
  if (!["rss", "atom", "json"].includes(feed.kind) || !Array.isArray(feed.items)) return "invalid feed value";
  for (const item of feed.items) {
    if (typeof item.title !== "string") return "item title is not a string";
    if (item.publishedAt !== null && Number.isNaN(item.publishedAt.getTime())) return "item has an invalid date";
    if (item.url !== null && !/^https?:\/\//.test(item.url)) return `item url is not http(s): ${item.url}`;
    if (/<script|\son\w+=/i.test(`${item.content ?? ""}${item.summary ?? ""}`)) return "unsafe markup left in content";
  }
  return null;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
