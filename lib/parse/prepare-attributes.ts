// Runs on every tag before sanitize-html filters attributes: makes URLs absolute (dropping the
// ones that are not http/https/mailto), keeps only the safe part of an inline style, and adds
// the attributes we want on links, images and embedded players whatever the feed said.
import { LINK_SCHEMES, resolveUrl, WEB_SCHEMES } from "./resolve-url";
import { sanitizeStyle } from "./sanitize-style";

const URL_ATTRIBUTES = ["href", "src", "cite", "poster"];
const PLAYER_HOSTS = new Set(["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"]);

const TAGS_WE_DECORATE = new Set(["a", "img", "iframe"]);
const PREPARED_ATTRIBUTES: ReadonlySet<string> = new Set([...URL_ATTRIBUTES, "srcset", "style"]);

export function prepareAttributes(tag: string, attribs: Record<string, string>, baseUrl: string): Record<string, string> {
  // Most tags (p, em, li, ...) carry no URL and get nothing added: leave them untouched.
  if (!TAGS_WE_DECORATE.has(tag) && !hasPreparedAttribute(attribs)) return attribs;
  const prepared: Record<string, string> = { ...attribs };
  if (prepared.style !== undefined) {
    const style = sanitizeStyle(prepared.style);
    if (style === "") delete prepared.style;
    else prepared.style = style;
  }
  for (const name of URL_ATTRIBUTES) {
    const value = prepared[name];
    if (value === undefined) continue;
    const resolved = resolveUrl(value, baseUrl, name === "href" ? LINK_SCHEMES : WEB_SCHEMES);
    if (resolved === null) delete prepared[name];
    else prepared[name] = resolved;
  }
  if (prepared.srcset !== undefined) {
    const srcset = resolveSrcset(prepared.srcset, baseUrl);
    if (srcset === "") delete prepared.srcset;
    else prepared.srcset = srcset;
  }
  if (tag === "a") Object.assign(prepared, { rel: "noopener noreferrer nofollow", target: "_blank" });
  if (tag === "img") Object.assign(prepared, { loading: "lazy", referrerpolicy: "no-referrer" });
  if (tag === "iframe") prepareIframe(prepared);
  return prepared;
}

// Called for every tag of every item: a plain loop over the few attributes a tag has.
function hasPreparedAttribute(attribs: Record<string, string>): boolean {
  for (const name in attribs) if (PREPARED_ATTRIBUTES.has(name)) return true;
  return false;
}

// Players run their own scripts; the sandbox keeps them away from navigation and our origin.
function prepareIframe(attribs: Record<string, string>): void {
  const src = attribs.src;
  if (src === undefined || !PLAYER_HOSTS.has(new URL(src).hostname)) delete attribs.src;
  attribs.sandbox = "allow-scripts allow-same-origin allow-presentation allow-popups";
}

/** Each srcset candidate ("url 2x, url 640w") resolved; candidates with other schemes dropped. */
function resolveSrcset(srcset: string, baseUrl: string): string {
  return splitSrcset(srcset)
    .map(({ url, descriptor }) => {
      const resolved = resolveUrl(url, baseUrl, WEB_SCHEMES);
      return resolved === null ? null : `${resolved}${descriptor ? ` ${descriptor}` : ""}`;
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
