// Feed HTML is hostile input that we render inside our own origin. Allowlist only: what is not
// named here is dropped. URLs are resolved against the item's base first, so scheme checks
// see the URL a browser would follow.
import sanitizeHtml from "sanitize-html";
import { prepareAttributes } from "./prepare-attributes";

const ALLOWED_TAGS = [
  "p", "br", "a", "ul", "ol", "li", "blockquote", "pre", "code", "em", "strong", "b", "i", "u", "s", "sub", "sup",
  "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "colgroup", "col", "figure", "figcaption", "img", "picture", "source", "audio", "video", "details", "summary",
  "abbr", "cite", "q", "dl", "dt", "dd", "span", "div", "del", "ins", "mark", "small", "time", "iframe",
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  "*": ["title"],
  a: ["href", "rel", "target"],
  img: ["src", "srcset", "alt", "width", "height", "loading", "referrerpolicy"],
  source: ["src", "srcset", "type", "media", "width", "height"],
  audio: ["src", "controls"],
  video: ["src", "poster", "controls", "width", "height"],
  iframe: ["src", "width", "height", "sandbox", "allowfullscreen"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
  time: ["datetime"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

// Disallowed tags normally keep their text; these lose it too (code, styles, foreign markup).
// <object>/<applet> children are fallback content for readers and are kept (sanitized).
const DROP_WITH_CONTENT = ["script", "style", "textarea", "option", "select", "xmp", "title", "head", "template", "svg", "math", "noembed", "noframes"];

export function sanitizeContent(html: string, baseUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href", "src", "cite", "poster"],
    allowProtocolRelative: false,
    allowedIframeHostnames: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
    allowIframeRelativeUrls: false,
    nonTextTags: DROP_WITH_CONTENT,
    selfClosing: ["img", "br", "hr", "source", "col"],
    disallowedTagsMode: "discard",
    parseStyleAttributes: false,
    transformTags: { "*": (tagName, attribs) => ({ tagName, attribs: prepareAttributes(tagName, attribs, baseUrl) }) },
    exclusiveFilter: (frame) => isUnwantedElement(frame.tag, frame.attribs),
  }).trim();
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
