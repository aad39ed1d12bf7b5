// Differential property: whatever markup goes in, what sanitizeContent writes, parsed again by a
// browser-like parser (parse5: the HTML standard's tokenizer and tree builder, with the
// reader's <div> as the fragment's context, as innerHTML does), holds nothing outside the
// allowlist. The generator writes the tricks that make two parsers disagree: raw-text and
// RCDATA elements, foreign content (svg, math and their integration points), comments and
// CDATA in odd places, "</" and quotes in attribute values, unquoted and unspaced attributes.
import fc from "fast-check";
import { type DefaultTreeAdapterTypes, parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_ELEMENTS,
  IMAGE_ATTRIBUTES,
  isAllowedAttribute,
  LINK_ATTRIBUTES,
  PLAYER_HOSTS,
  PLAYER_SANDBOX,
  URL_ATTRIBUTES,
} from "@/lib/pipeline/parse/sanitize/html-allowlist";
import { sanitizeContent } from "@/lib/pipeline/parse/sanitize/sanitize-content";
import { sanitizeStyle } from "@/lib/pipeline/parse/sanitize/sanitize-style";
import { WEB_SCHEMES } from "@/lib/pipeline/parse/sanitize/resolve-url";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const BASE = "https://blog.example.com/posts/entry.html";
const READER = parseFragment("<div></div>").childNodes[0] as Element;

const TAGS = [
  // allowed
  "p",
  "a",
  "img",
  "iframe",
  "table",
  "td",
  "tr",
  "font",
  "div",
  "span",
  "source",
  "picture",
  "video",
  "br",
  "col",
  "details",
  "summary",
  "fieldset",
  "legend",
  // dropped, or dropped with their content
  "script",
  "style",
  "svg",
  "math",
  "mtext",
  "mglyph",
  "mi",
  "foreignObject",
  "desc",
  "title",
  "textarea",
  "xmp",
  "plaintext",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "select",
  "option",
  "form",
  "input",
  "button",
  "object",
  "embed",
  "base",
  "meta",
  "html",
  "head",
  "body",
  "frameset",
  "image",
  "isindex",
  "listing",
  "annotation-xml",
];
const ATTRIBUTES = [
  "href",
  "src",
  "srcset",
  "style",
  "title",
  "alt",
  "width",
  "height",
  "cite",
  "poster",
  "sandbox",
  "rel",
  "target",
  "onclick",
  "onerror",
  "onload",
  "class",
  "id",
  "name",
  "formaction",
  "action",
  "data",
  "xlink:href",
  "xmlns",
  "encoding",
  "is",
  "srcdoc",
];
const VALUES = [
  "",
  "1",
  "x",
  "https://www.youtube.com/embed/v",
  "https://evil.example/x",
  "/rel",
  "//evil.example/p",
  "javascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " vbscript:x",
  "text/html",
  "</style><img src=x onerror=alert(1)>",
  "</textarea><img src=x onerror=alert(1)>",
  "</noscript><img src=x onerror=alert(1)>",
  "--><img src=x onerror=alert(1)>",
  '" onmouseover="alert(1)',
  "' onmouseover='alert(1)",
  "color: red",
  "color: red; background: url(https://t.example/p)",
  "width: expression(alert(1))",
  "position: fixed",
  "\\75 rl(x)",
  "/x.png 1x, javascript:alert(1) 2x",
  "application/xhtml+xml",
];
const TEXTS = [
  "text",
  " ",
  "<",
  ">",
  "&",
  "&amp;",
  "&lt;script&gt;",
  "&#0;",
  "&#x3c;",
  "<!--",
  "-->",
  "--!>",
  "<!-->",
  "<![CDATA[",
  "]]>",
  "</",
  "<?x?>",
  "<!x>",
  "<!DOCTYPE html>",
  "</p>",
  "</br>",
  "\u0000",
  "=",
  '"',
  "'",
  "/",
];

const attribute = fc
  .tuple(
    fc.constantFrom(...ATTRIBUTES),
    fc.constantFrom(...VALUES),
    fc.constantFrom('"', "'", "", "none"),
    fc.constantFrom(" ", "", "/", "\n"),
  )
  .map(([name, value, quote, gap]) => (quote === "none" ? `${gap}${name}` : `${gap}${name}=${quote}${value}${quote}`));
const startTag = fc
  .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 3 }), fc.constantFrom(">", "/>", " >", ""))
  .map(
    ([tag, attributes, end]) =>
      `<${tag}${attributes.map((a) => (a.startsWith(" ") || a.startsWith("/") || a.startsWith("\n") ? a : ` ${a}`)).join("")}${end}`,
  );
const endTag = fc.constantFrom(...TAGS).map((tag) => `</${tag}>`);
const piece = fc.oneof(
  { arbitrary: startTag, weight: 4 },
  { arbitrary: endTag, weight: 3 },
  { arbitrary: fc.constantFrom(...TEXTS), weight: 3 },
);
const markup = fc.array(piece, { minLength: 1, maxLength: 24 }).map((pieces) => pieces.join(""));

/** What in `html`, as a browser parses it, is outside the allowlist; [] when nothing. */
function findOutsideAllowlist(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeName === "#comment") problems.push("a comment");
    if ("tagName" in node) checkElement(node, problems);
    if ("childNodes" in node) node.childNodes.forEach(visit);
    if ("content" in node) problems.push(`<${node.tagName}> content`);
  };
  parseFragment(READER, html, {}).childNodes.forEach(visit);
  return problems;
}

function checkElement(element: Element, problems: string[]): void {
  const tag = element.tagName;
  if (element.namespaceURI !== HTML_NAMESPACE) problems.push(`<${tag}> in ${element.namespaceURI}`);
  if (!ALLOWED_ELEMENTS.has(tag)) problems.push(`<${tag}>`);
  const attributes = new Map(element.attrs.map((attr) => [attr.name, attr.value]));
  for (const attr of element.attrs) {
    const where = `<${tag} ${attr.name}="${attr.value}">`;
    if (attr.namespace !== undefined || !isAllowedAttribute(tag, attr.name)) problems.push(where);
    const schemes = URL_ATTRIBUTES.get(attr.name);
    if (schemes !== undefined && !hasScheme(attr.value, schemes)) problems.push(where);
    if (
      attr.name === "srcset" &&
      !attr.value.split(",").every((candidate) => hasScheme(candidate.trim().split(/\s+/)[0] ?? "", WEB_SCHEMES))
    )
      problems.push(where);
    // A kept style is one sanitizeStyle keeps whole: only allowlisted, checked declarations.
    if (attr.name === "style" && sanitizeStyle(attr.value) !== attr.value) problems.push(where);
  }
  const ours =
    tag === "a"
      ? LINK_ATTRIBUTES
      : tag === "img"
        ? IMAGE_ATTRIBUTES
        : tag === "iframe"
          ? { sandbox: PLAYER_SANDBOX }
          : {};
  for (const [name, value] of Object.entries(ours))
    if (attributes.get(name) !== value) problems.push(`<${tag}> without ${name}="${value}"`);
  if (tag === "iframe") {
    const src = attributes.get("src");
    if (src === undefined || !PLAYER_HOSTS.has(new URL(src).hostname)) problems.push(`<iframe src="${src}">`);
    if (element.childNodes.length > 0) problems.push("<iframe> with content");
  }
}

function hasScheme(value: string, schemes: ReadonlySet<string>): boolean {
  return URL.canParse(value) && schemes.has(new URL(value).protocol);
}

describe("sanitizeContent's output, read by a browser-like parser", () => {
  it("holds only allowlisted elements, attributes, URL schemes and styles, whatever went in", () => {
    fc.assert(
      fc.property(markup, (html) => {
        const sanitized = sanitizeContent(html, BASE);
        expect(findOutsideAllowlist(sanitized), `${JSON.stringify(html)} -> ${JSON.stringify(sanitized)}`).toEqual([]);
      }),
      { numRuns: 3000, interruptAfterTimeLimit: 20_000 },
    );
  });

  it("the checker sees what it must refuse (so the property above can fail)", () => {
    expect(findOutsideAllowlist('<svg><p title="x"></p></svg><!-- c -->')).toEqual(
      expect.arrayContaining(["a comment"]),
    );
    expect(findOutsideAllowlist("<math><mi>x</mi></math>")).toEqual([
      "<math> in http://www.w3.org/1998/Math/MathML",
      "<math>",
      "<mi> in http://www.w3.org/1998/Math/MathML",
      "<mi>",
    ]);
    expect(
      findOutsideAllowlist('<a href="javascript:alert(1)" rel="noopener noreferrer nofollow" target="_blank">x</a>'),
    ).toEqual(['<a href="javascript:alert(1)">']);
    expect(findOutsideAllowlist('<p style="position: fixed" onclick="x">p</p>')).toEqual([
      '<p style="position: fixed">',
      '<p onclick="x">',
    ]);
    expect(
      findOutsideAllowlist(
        '<iframe src="https://evil.example/" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
      ),
    ).toEqual(['<iframe src="https://evil.example/">']);
    expect(findOutsideAllowlist('<a href="https://x.example/">x</a>')).toEqual([
      '<a> without rel="noopener noreferrer nofollow"',
      '<a> without target="_blank"',
    ]);
  });
});
