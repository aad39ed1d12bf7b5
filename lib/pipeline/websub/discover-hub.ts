// W3C WebSub §4 (Discovery): the hub and the topic of a fetched feed. The response's Link headers
// come first; only when they name no hub are the document's own links read (atom:link / link,
// JSON Feed `hubs`). The topic is the rel="self" URL: the name the hub knows the feed by, which may
// differ from the address Tidings fetches (a redirect, a tracking query). Without one, the URL the
// feed was fetched from stands in, as the Recommendation's discovery assumes.
import type { ResponseMeta } from "@/lib/pipeline/fetch/types";
import type { WebSubLinks } from "@/lib/pipeline/parse/contract/types";
import { readLinkHeader } from "@/lib/pipeline/websub/read-link-header";

export type DiscoveredHub = { hubUrl: string; topicUrl: string };

/** Hub URLs and topics are kept within this length: a publisher's header must not bloat a row. */
const MAX_URL_LENGTH = 2000;

export function discoverHub(
  meta: Pick<ResponseMeta, "finalUrl" | "headers">,
  documentLinks: WebSubLinks | undefined,
): DiscoveredHub | null {
  const fromHeaders = readHeaderLinks(meta.headers.link, meta.finalUrl);
  const links = fromHeaders.hubs.length > 0 ? fromHeaders : documentLinks;
  const hubUrl = links?.hubs[0];
  if (hubUrl === undefined) return null;
  const topicUrl = links?.self ?? documentLinks?.self ?? meta.finalUrl;
  if (hubUrl.length > MAX_URL_LENGTH || topicUrl.length > MAX_URL_LENGTH) return null;
  return { hubUrl, topicUrl };
}

function readHeaderLinks(field: string | null, base: string): WebSubLinks {
  const links = field === null ? [] : readLinkHeader(field);
  const withRel = (rel: string) =>
    links.flatMap((link) => (link.rels.includes(rel) ? [resolveWebUrl(link.target, base)] : [])).filter(isString);
  return { hubs: withRel("hub"), self: withRel("self")[0] ?? null };
}

function resolveWebUrl(target: string, base: string): string | null {
  if (!URL.canParse(target, base)) return null;
  const url = new URL(target, base);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

function isString(value: string | null): value is string {
  return value !== null;
}
