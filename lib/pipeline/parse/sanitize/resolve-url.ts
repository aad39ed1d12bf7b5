// Every URL we keep is absolute and uses a scheme a browser can follow safely.

export const WEB_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:"]);
export const LINK_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

/** `raw` resolved against `base`; null when empty, unparseable or of another scheme. */
export function resolveUrl(
  raw: string | null | undefined,
  base: string | null,
  schemes: ReadonlySet<string> = WEB_SCHEMES,
): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  // An empty or broken base is no base: absolute URLs still resolve, relative ones don't.
  const url = parseUrl(trimmed, isUsableBase(base) ? base : undefined);
  return url !== null && schemes.has(url.protocol) ? url.href : null;
}

// Node 20 has no URL.parse; canParse + new URL would parse twice on the hot path (every
// attribute of every item), so the constructor's TypeError is caught here instead.
function parseUrl(input: string, base: string | undefined): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

// Items share their base, so the last answer is remembered.
let lastBase: string | null = null;
let lastBaseUsable = false;
function isUsableBase(base: string | null): base is string {
  if (base !== lastBase) {
    lastBase = base;
    lastBaseUsable = Boolean(base) && URL.canParse(base ?? "");
  }
  return lastBaseUsable;
}

/** The form of a link used to recognise the same article: no fragment, no utm_* campaign tags. */
export function canonicalizeUrl(url: string): string {
  const parsed = parseUrl(url, undefined);
  if (parsed === null) return url;
  parsed.hash = "";
  // Touch the query only when there is a tag to drop: rewriting it re-encodes the rest. Walking
  // searchParams costs more than the parse (every item, every fetch): a query that spells no
  // "utm_", even percent-encoded, has none.
  if (!/utm_|%/i.test(parsed.search)) return parsed.href;
  const tags = [...parsed.searchParams.keys()].filter((key) => key.toLowerCase().startsWith("utm_"));
  for (const key of tags) parsed.searchParams.delete(key);
  return parsed.href;
}
