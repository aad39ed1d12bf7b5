// The one home of what feed HTML may keep: elements, attributes per element, the URL schemes of
// each URL attribute. The sanitizer (sanitize-content.ts, keep-attributes.ts) applies it and the
// tests check its output against it; the CSS rules are sanitize-style.ts's.
import { LINK_SCHEMES, WEB_SCHEMES } from "./resolve-url";

/** The six heading levels: kept, and each a boundary between words in plain text (html-text.ts). */
export const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

// feedparser's acceptable_elements, less what can submit or take input (form, input, button,
// select, textarea, keygen, output, datalist), what floats above the page (dialog), what a
// browser parses differently from us (noscript: raw text when scripts run, a known mXSS vector)
// and obsolete elements no browser renders (event-source, datagrid, nextid, spacer, sound, m).
// None of them is raw text or foreign content to a browser but iframe, which is written empty.
export const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set([
  "p",
  "br",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  ...HEADINGS,
  "hr",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "colgroup",
  "col",
  "figure",
  "figcaption",
  "img",
  "picture",
  "source",
  "audio",
  "video",
  "details",
  "summary",
  "abbr",
  "cite",
  "q",
  "dl",
  "dt",
  "dd",
  "span",
  "div",
  "del",
  "ins",
  "mark",
  "small",
  "time",
  "iframe",
  "acronym",
  "address",
  "article",
  "aside",
  "bdi",
  "bdo",
  "big",
  "canvas",
  "center",
  "dfn",
  "dir",
  "fieldset",
  "font",
  "footer",
  "header",
  "kbd",
  "legend",
  "menu",
  "meter",
  "multicol",
  "nav",
  "progress",
  "rp",
  "rt",
  "ruby",
  "samp",
  "section",
  "strike",
  "tt",
  "var",
  "wbr",
]);

// Written as `<x ... />`, with no content and no end tag (the HTML void elements we allow).
export const VOID_ELEMENTS: ReadonlySet<string> = new Set(["img", "br", "hr", "source", "col", "wbr"]);

// Elements not allowed normally keep their text; these lose it too (code, styles, foreign markup).
// <object>/<applet> children are fallback content for readers and are kept (sanitized).
export const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "xmp",
  "title",
  "head",
  "template",
  "svg",
  "math",
  "noembed",
  "noframes",
]);

// Presentational and descriptive attributes from feedparser's acceptable_attributes, allowed on
// every element (each only means something on a few, and is inert elsewhere). None takes a URL
// (those are listed per element and resolved first), none names an element our page could
// confuse with its own (no class, id, name, for, form), none grabs focus or keys (no accesskey,
// tabindex, autofocus, contenteditable), none is one we set ourselves (rel, target, loading,
// sandbox).
const PRESENTATIONAL = [
  "title",
  "dir",
  "lang",
  "align",
  "valign",
  "style",
  "width",
  "height",
  "bgcolor",
  "border",
  "nowrap",
  "colspan",
  "rowspan",
  "headers",
  "scope",
  "abbr",
  "axis",
  "cellpadding",
  "cellspacing",
  "summary",
  "frame",
  "rules",
  "span",
  "noshade",
  "size",
  "clear",
  "color",
  "face",
  "start",
  "type",
  "reversed",
  "value",
  "open",
  "min",
  "max",
  "low",
  "high",
  "optimum",
  "hspace",
  "vspace",
  "cols",
  "gutter",
  "datetime",
  "hreflang",
  "controls",
  "loop",
  "preload",
];
const ELEMENT_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "rel", "target"],
  img: ["src", "srcset", "alt", "loading", "referrerpolicy"],
  source: ["src", "srcset", "media"],
  audio: ["src"],
  video: ["src", "poster"],
  iframe: ["src", "sandbox", "allowfullscreen"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite"],
  ins: ["cite"],
};
const EVERY_ELEMENT: ReadonlySet<string> = new Set(PRESENTATIONAL);
const PER_ELEMENT = new Map(Object.entries(ELEMENT_ATTRIBUTES).map(([element, names]) => [element, new Set(names)]));

/** Whether `element` may carry the attribute `name` (both lower case, as the parser gives them). */
export function isAllowedAttribute(element: string, name: string): boolean {
  return EVERY_ELEMENT.has(name) || PER_ELEMENT.get(element)?.has(name) === true;
}

// Attributes that hold one URL, and the schemes each may keep once resolved. srcset holds a list
// of image URLs (WEB_SCHEMES each), read apart.
export const URL_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["href", LINK_SCHEMES],
  ["src", WEB_SCHEMES],
  ["cite", WEB_SCHEMES],
  ["poster", WEB_SCHEMES],
]);

// The only hosts whose players may be embedded (in a sandbox, see keep-attributes.ts).
export const PLAYER_HOSTS: ReadonlySet<string> = new Set([
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "player.vimeo.com",
]);

// Elements open at once. Chromium's HTML parser nests no deeper either (it flattens past 512), no
// article needs more, and htmlparser2's open-element stack costs time quadratic in the depth
// (50,000 nested <b> take seconds): past it the rest of a fragment is not read.
export const MAX_NESTING = 512;

// What we set ourselves on links, images and players, whatever the feed said.
export const LINK_ATTRIBUTES: Readonly<Record<string, string>> = {
  rel: "noopener noreferrer nofollow",
  target: "_blank",
};
export const IMAGE_ATTRIBUTES: Readonly<Record<string, string>> = { loading: "lazy", referrerpolicy: "no-referrer" };
export const PLAYER_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups";
