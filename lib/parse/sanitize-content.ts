// Feed HTML is hostile input that we render inside our own origin. Allowlist only: what is not
// named here is dropped. URLs are resolved against the item's base first, so scheme checks
// see the URL a browser would follow.
import sanitizeHtml from "sanitize-html";
import { prepareAttributes } from "./prepare-attributes";

// feedparser's acceptable_elements, less what can submit or take input (form, input, button,
// select, textarea, keygen, output, datalist), what floats above the page (dialog), what a
// browser parses differently from us (noscript: raw text when scripts run, a known mXSS vector)
// and obsolete elements no browser renders (event-source, datagrid, nextid, spacer, sound, m).
const ALLOWED_TAGS = [
  "p", "br", "a", "ul", "ol", "li", "blockquote", "pre", "code", "em", "strong", "b", "i", "u", "s", "sub", "sup",
  "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "colgroup", "col", "figure", "figcaption", "img", "picture", "source", "audio", "video", "details", "summary",
  "abbr", "cite", "q", "dl", "dt", "dd", "span", "div", "del", "ins", "mark", "small", "time", "iframe",
  "acronym", "address", "article", "aside", "bdi", "bdo", "big", "canvas", "center", "dfn", "dir", "fieldset",
  "font", "footer", "header", "kbd", "legend", "menu", "meter", "multicol", "nav", "progress", "rp", "rt", "ruby",
  "samp", "section", "strike", "tt", "var", "wbr",
];

// Presentational and descriptive attributes from feedparser's acceptable_attributes, allowed on
// every element (each only means something on a few, and is inert elsewhere; one shared list
// also keeps sanitize-html's per-call setup small). None takes a URL (those are listed per
// element and resolved first), none names an element our page could confuse with its own (no
// class, id, name, for, form), none grabs focus or keys (no accesskey, tabindex, autofocus,
// contenteditable), none is one we set ourselves (rel, target, loading, sandbox).
const PRESENTATIONAL = [
  "title", "dir", "lang", "align", "valign", "style", "width", "height", "bgcolor", "border", "nowrap", "colspan",
  "rowspan", "headers", "scope", "abbr", "axis", "cellpadding", "cellspacing", "summary", "frame", "rules", "span",
  "noshade", "size", "clear", "color", "face", "start", "type", "reversed", "value", "open", "min", "max", "low",
  "high", "optimum", "hspace", "vspace", "cols", "gutter", "datetime", "hreflang", "controls", "loop", "preload",
];
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  "*": PRESENTATIONAL,
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

// Disallowed tags normally keep their text; these lose it too (code, styles, foreign markup).
// <object>/<applet> children are fallback content for readers and are kept (sanitized).
const DROP_WITH_CONTENT = ["script", "style", "textarea", "option", "select", "xmp", "title", "head", "template", "svg", "math", "noembed", "noframes"];

// Nested iframe fallbacks are sanitized one level each; deeper ones lose their text.
const MAX_IFRAME_DEPTH = 4;
const IFRAME = /<iframe/i;
// Text with no tag and no character reference (most summaries, many descriptions): the parser
// would only escape its ">", so that is done here without one (same output, a tenth of the cost).
const MARKUP = /[<&]/;

export function sanitizeContent(html: string, baseUrl: string): string {
  if (!MARKUP.test(html)) return html.replace(/>/g, "&gt;").trim();
  return sanitizeFragment(html, baseUrl, 0).trim();
}

function sanitizeFragment(html: string, baseUrl: string, depth: number): string {
  // Whether the iframe being read is kept (an allowed player): its fallback is never shown then.
  let iframeKept = false;
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href", "src", "cite", "poster"],
    allowProtocolRelative: false,
    allowedIframeHostnames: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
    allowIframeRelativeUrls: false,
    nonTextTags: DROP_WITH_CONTENT,
    selfClosing: ["img", "br", "hr", "source", "col", "wbr"],
    disallowedTagsMode: "discard",
    parseStyleAttributes: false,
    transformTags: {
      "*": (tagName, attribs) => {
        const prepared = prepareAttributes(tagName, attribs, baseUrl);
        if (tagName === "iframe") iframeKept = prepared.src !== undefined;
        return { tagName, attribs: prepared };
      },
    },
    // An iframe's content is raw text to the parser, but it is the fallback HTML a reader without
    // frames sees: when the frame goes, its fallback is sanitized as HTML like the rest.
    // Set only when there is an iframe: a filter on every text node costs the common case.
    textFilter: IFRAME.test(html)
      ? (text, tagName) => {
          if (tagName !== "iframe") return text;
          return iframeKept || depth >= MAX_IFRAME_DEPTH ? "" : sanitizeFragment(unescapeText(text), baseUrl, depth + 1);
        }
      : undefined,
    exclusiveFilter: (frame) => isUnwantedElement(frame.tag, frame.attribs),
  });
}

// The inverse of sanitize-html's text escaping (&, <, > only), to read the raw fallback back.
function unescapeText(text: string): string {
  return text.replace(/&(lt|gt|amp);/g, (_whole, name: string) => (name === "lt" ? "<" : name === "gt" ? ">" : "&"));
}

function isUnwantedElement(tag: string, attribs: Record<string, string>): boolean | "excludeTag" {
  // src removed (not an allowed player host): the frame goes, its fallback text stays.
  if (tag === "iframe") return attribs.src ? false : "excludeTag";
  if (tag !== "img") return false;
  if (!attribs.src && !attribs.srcset) return true;
  return isTrackingPixel(attribs.width, attribs.height);
}

// 1×1 and 0×0 images exist to report that the item was read.
function isTrackingPixel(width: string | undefined, height: string | undefined): boolean {
  const size = (value: string | undefined) => (value === undefined ? Number.NaN : Number.parseFloat(value));
  return size(width) <= 1 && size(height) <= 1;
}
