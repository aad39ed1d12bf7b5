// What a tag keeps of its attributes: only the allowlisted ones (html-allowlist.ts), URLs made
// absolute (and dropped when not http/https/mailto), only the safe part of an inline style, and
// the attributes we want on links, images and embedded players whatever the feed said.
import {
  IMAGE_ATTRIBUTES,
  isAllowedAttribute,
  LINK_ATTRIBUTES,
  PLAYER_HOSTS,
  PLAYER_SANDBOX,
  URL_ATTRIBUTES,
} from "./html-allowlist";
import { resolveUrl, WEB_SCHEMES } from "./resolve-url";
import { sanitizeStyle } from "./sanitize-style";

/** The attributes to write for `tag`, in the feed's order (ours after, or in place of the feed's). */
export function keepAttributes(tag: string, attribs: Record<string, string>, baseUrl: string): Record<string, string> {
  const ours = oursFor(tag);
  const kept: Record<string, string> = {};
  for (const name in attribs) {
    if (!isAllowedAttribute(tag, name)) continue;
    // An empty value is kept as written (title="", nowrap): inert, and what the publisher wrote.
    const value = ours?.[name] ?? keepValue(name, attribs[name] ?? "", baseUrl);
    if (value !== null) kept[name] = value;
  }
  if (ours !== null) Object.assign(kept, ours);
  // Players run their own scripts; the sandbox keeps them away from navigation and our origin.
  if (tag === "iframe" && kept.src !== undefined && !PLAYER_HOSTS.has(new URL(kept.src).hostname)) delete kept.src;
  return kept;
}

function oursFor(tag: string): Readonly<Record<string, string>> | null {
  if (tag === "a") return LINK_ATTRIBUTES;
  if (tag === "img") return IMAGE_ATTRIBUTES;
  if (tag === "iframe") return { sandbox: PLAYER_SANDBOX };
  return null;
}

/** The value to keep of one allowlisted attribute, or null to drop it (a URL, style or srcset
 * with nothing safe left). */
function keepValue(name: string, value: string, baseUrl: string): string | null {
  if (name === "style") return sanitizeStyle(value) || null;
  if (name === "srcset") return resolveSrcset(value, baseUrl) || null;
  const schemes = URL_ATTRIBUTES.get(name);
  return schemes === undefined ? value : resolveUrl(value, baseUrl, schemes);
}

/** Each srcset candidate ("url 2x, url 640w") resolved; candidates with other schemes, or with a
 * descriptor that is not a width, height or density, dropped. */
function resolveSrcset(srcset: string, baseUrl: string): string {
  return splitSrcset(srcset)
    .map(({ url, descriptor }) => {
      const resolved = resolveUrl(url, baseUrl, WEB_SCHEMES);
      const descriptors = readDescriptors(descriptor);
      return resolved === null || descriptors === null ? null : `${resolved}${descriptors}`;
    })
    .filter((candidate): candidate is string => candidate !== null)
    .join(", ");
}

// HTML §4.8.4.3.10, simplified: a URL runs to whitespace (commas inside it are kept unless
// trailing), its descriptor to the next comma.
function splitSrcset(srcset: string): { url: string; descriptor: string }[] {
  const candidates: { url: string; descriptor: string }[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset.charAt(at))) at++;
    const urlEnd = findIndexFrom(srcset, at, (ch) => /\s/.test(ch));
    let url = srcset.slice(at, urlEnd);
    at = urlEnd;
    let descriptor = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      const descriptorEnd = findIndexFrom(srcset, at, (ch) => ch === ",");
      descriptor = srcset.slice(at, descriptorEnd).trim();
      at = descriptorEnd + 1;
    }
    if (url !== "") candidates.push({ url, descriptor });
  }
  return candidates;
}

function findIndexFrom(text: string, from: number, predicate: (ch: string) => boolean): number {
  for (let i = from; i < text.length; i++) if (predicate(text.charAt(i))) return i;
  return text.length;
}

// HTML §4.8.4.3.10 step 13: at most one width ("640w", a positive integer), one height (only
// with a width) and one density ("1.5x", not with a width); written back in that order, numbers
// as numbers ("2.0x" is "2x"). Anything else makes the candidate invalid.
function readDescriptors(descriptor: string): string | null {
  let width: number | undefined;
  let height: number | undefined;
  let density: number | undefined;
  for (const token of descriptor.split(/\s+/)) {
    if (token === "") continue;
    const number = Number(token.slice(0, -1));
    const unit = token.slice(-1);
    if (unit === "w" && width === undefined && /^\d+w$/.test(token) && number > 0) width = number;
    else if (unit === "h" && height === undefined && /^\d+h$/.test(token) && number > 0) height = number;
    else if (unit === "x" && density === undefined && /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?x$/i.test(token))
      density = number;
    else return null;
  }
  if ((width !== undefined && density !== undefined) || (height !== undefined && width === undefined)) return null;
  return `${width ? ` ${width}w` : ""}${height ? ` ${height}h` : ""}${density ? ` ${density}x` : ""}`;
}
