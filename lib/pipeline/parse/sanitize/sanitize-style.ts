// Inline styles from feeds: what carries the author's meaning (colour, alignment, weight) stays,
// anything that could load a URL, run code or lift content out of the article goes. Allowlist of
// properties (feedparser's acceptable_css_properties minus the ones that move or size boxes,
// plus margin/padding/border as feedparser allows them), and each value must be made only of
// tokens a strict pattern knows. A declaration with anything else is dropped whole; nothing is
// ever repaired, so a trick that half-parses loses its declaration rather than surviving altered.

const PROPERTIES: ReadonlySet<string> = new Set([
  "background-color",
  "border-collapse",
  "clear",
  "color",
  "cursor",
  "direction",
  "display",
  "float",
  "font",
  "font-family",
  "font-size",
  "font-style",
  "font-variant",
  "font-weight",
  "letter-spacing",
  "line-height",
  "list-style-type",
  "text-align",
  "overflow",
  "text-decoration",
  "text-indent",
  "text-transform",
  "vertical-align",
  "white-space",
  "word-spacing",
]);
// Box properties take lengths, colours and keywords only (feedparser's rule for these prefixes).
const BOX_PREFIXES = ["margin", "padding", "border"];
// Not kept, whatever the value: "position", "z-index", "behavior", "-moz-binding", "content",
// and "width"/"height" (feedparser keeps them; a link sized to 100% of its container is the
// click-hijacking trick, and images already carry their size as attributes).

// One value token: a keyword, a non-negative number (at most 999px or 99em: "padding: 999em"
// on a link is a page-sized click target, no layout a reader needs) with a unit, a hex colour, an rgb()/hsl()
// of numbers, a quoted font name, a comma or slash, or !important. No "(" outside the colour
// functions (so no url(), expression(), var(), attr()), no "\" escapes, no "/*" comments, and no
// negative numbers (a negative margin or indent is how content is pulled over the page).
const TOKEN =
  /\s*(?:(?:!important|(?:rgba?|hsla?)\(\s*[\d.%]{1,8}(?:\s*[,/\s]\s*[\d.%]{1,8}){2,3}\s*\)|[a-z][a-z0-9-]*|#[0-9a-f]{3,8}|(?:\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})(?:px|pt|mm|%)?|(?:\d{1,2}(?:\.\d{1,3})?|\.\d{1,3})(?:em|rem|ex|ch|pc|cm|in)|'[\w\s-]{1,64}'|"[\w\s-]{1,64}")(?![\w.#%'"(-])|,|\/(?!\*))\s*/iy;
const MAX_STYLE_LENGTH = 1000;

// Feeds repeat the same few style strings on every paragraph of every item: remembered, bounded.
const MAX_REMEMBERED = 512;
const remembered = new Map<string, string>();

/** The safe declarations of a style attribute, as "name: value;" joined by spaces; "" when none. */
export function sanitizeStyle(style: string): string {
  if (style.length > MAX_STYLE_LENGTH) return "";
  let kept = remembered.get(style);
  if (kept === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    kept = readDeclarations(style);
    remembered.set(style, kept);
  }
  return kept;
}

function readDeclarations(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (value !== "" && isAllowedProperty(name) && isSafeValue(value)) kept.push(`${name}: ${value};`);
  }
  return kept.join(" ");
}

function isAllowedProperty(name: string): boolean {
  if (PROPERTIES.has(name)) return true;
  return /^[a-z-]+$/.test(name) && BOX_PREFIXES.some((prefix) => name === prefix || name.startsWith(`${prefix}-`));
}

function isSafeValue(value: string): boolean {
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < value.length) {
    const before = TOKEN.lastIndex;
    if (!TOKEN.test(value) || TOKEN.lastIndex === before) return false;
  }
  return true;
}
