// Plain text ↔ HTML conversions shared by titles, summaries, hashes and repairs.
import { Parser } from "htmlparser2";
import { HEADINGS, MAX_NESTING } from "./html-allowlist";

// Their text is code or metadata, never something a reader should see in a title.
// (<object>, <iframe> and <applet> content is fallback text meant for readers, so it stays.)
const HIDDEN_TEXT_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "head",
  "noembed",
  "noframes",
  "select",
  "textarea",
]);
// Block-level boundaries become spaces so "a<br>b" reads "a b", not "ab".
const SPACING_TAGS = new Set([
  "br",
  "p",
  "div",
  "li",
  "tr",
  "td",
  "th",
  ...HEADINGS,
  "blockquote",
  "pre",
  "hr",
  "dt",
  "dd",
  "figcaption",
  "section",
  "article",
]);

/** Strips tags, decodes entities, drops script/style text and collapses whitespace. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return collapseWhitespace(html);
  const parts: string[] = [];
  let hiddenDepth = 0;
  // htmlparser2's open-element stack is quadratic in depth: past MAX_NESTING the rest is not read.
  let open = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (++open > MAX_NESTING) parser.pause();
        if (HIDDEN_TEXT_TAGS.has(name)) hiddenDepth++;
        if (SPACING_TAGS.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        open--;
        if (HIDDEN_TEXT_TAGS.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (SPACING_TAGS.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return collapseWhitespace(parts.join(""));
}

export function collapseWhitespace(text: string): string {
  return stripControlChars(text).replace(/\s+/g, " ").trim();
}

/** C0 controls (NUL above all: PostgreSQL text refuses it) never belong in stored text. */
export function stripControlChars(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text (e.g. JSON Feed content_text) as HTML paragraphs with line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

const entityCache = new Map<string, string | null>();

/** The characters an HTML named entity (without & and ;) stands for, or null if unknown. */
export function decodeHtmlEntity(name: string): string | null {
  const cached = entityCache.get(name);
  if (cached !== undefined) return cached;
  const source = `&${name};`;
  let decoded = "";
  const parser = new Parser({ ontext: (text) => (decoded += text) }, { decodeEntities: true });
  parser.end(source);
  // A legacy prefix ("&not" in "&notit;") decodes only partly and leaves the ";" behind.
  const complete = decoded !== source && (!decoded.endsWith(";") || name === "semi");
  const result = complete ? decoded : null;
  if (entityCache.size < 4096) entityCache.set(name, result);
  return result;
}
