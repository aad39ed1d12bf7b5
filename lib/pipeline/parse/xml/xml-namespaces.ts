// Feeds bind namespaces to whatever prefixes they like (or none), so elements are matched by
// namespace URI, not by the prefix written in the document.

const KNOWN_PREFIXES: Record<string, string> = {
  "http://www.w3.org/2005/Atom": "atom",
  "http://purl.org/atom/ns#": "atom",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://purl.org/dc/terms/": "dcterms",
  "http://purl.org/rss/1.0/modules/content/": "content",
  "http://purl.org/rss/1.0/modules/syndication/": "sy",
  "http://www.w3.org/1999/xhtml": "xhtml",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
  "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
  "http://search.yahoo.com/mrss/": "media",
};

// The vocabulary of the document type itself; elements in these read without a prefix.
const RSS_CORE = [
  "",
  "http://purl.org/rss/1.0/",
  "http://my.netscape.com/rdf/simple/0.9/",
  "http://backend.userland.com/rss2",
  "http://blogs.law.harvard.edu/tech/rss",
];
const ATOM_CORE = ["", "http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#"];

export type FeedVocabulary = "rss" | "atom";

// The namespaces whose item and channel elements make up a feed's skeleton, whatever prefix
// binds them (the RSS 2.0 namespaces carry no prefixed documents in practice).
const SKELETON_NAMESPACES: Record<FeedVocabulary, ReadonlySet<string>> = {
  atom: new Set(["http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#"]),
  rss: new Set(["http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/"]),
};
const PREFIX_DECLARATION = /xmlns:([^\s=:/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Every prefix the document binds, anywhere, to its vocabulary's own namespace: `<a:entry>`
 * under xmlns:a="http://www.w3.org/2005/Atom" is an entry. A text scan rather than a scope
 * walk because the skeleton is picked by name before the tree exists; a prefix bound to Atom in
 * one place and to something else in another is not a thing feeds do.
 */
export function findSkeletonPrefixes(xml: string, vocabulary: FeedVocabulary): Set<string> {
  const prefixes = new Set<string>();
  for (const [, prefix = "", double, single] of xml.matchAll(PREFIX_DECLARATION)) {
    if (SKELETON_NAMESPACES[vocabulary].has((double ?? single ?? "").trim())) prefixes.add(prefix);
  }
  return prefixes;
}

/**
 * Namespaces whose elements count as the feed's own. For Atom the root's namespace is added
 * whatever it is: pre-1.0 drafts used several (purl.org/pie/, example.com/newformat#).
 */
export function coreNamespaces(vocabulary: FeedVocabulary, rootNamespace: string | null): Set<string> {
  const core = new Set(vocabulary === "atom" ? ATOM_CORE : RSS_CORE);
  if (vocabulary === "atom" && rootNamespace !== null) core.add(rootNamespace);
  return core;
}

/**
 * "dc:creator" whatever prefix the document used; the bare local name for the core vocabulary;
 * the written qualified name when the prefix is unbound or unknown (lenient parsing keeps
 * undeclared "dc:" prefixes working).
 */
export function canonicalName(
  qname: string,
  namespaces: ReadonlyMap<string, string>,
  core: ReadonlySet<string>,
): string {
  const colon = qname.indexOf(":");
  const prefix = colon === -1 ? "" : qname.slice(0, colon);
  const local = qname.slice(colon + 1);
  const uri = namespaces.get(prefix) ?? (prefix === "" ? "" : undefined);
  if (uri === undefined) return qname;
  if (core.has(uri)) return local;
  const known = KNOWN_PREFIXES[uri];
  return known ? `${known}:${local}` : qname;
}

/** The prefix → URI map in scope for an element, given its parent's and its own attributes. */
export function declareNamespaces(
  parent: ReadonlyMap<string, string>,
  attrs: Record<string, string>,
): ReadonlyMap<string, string> {
  let scope: Map<string, string> | null = null;
  for (const [key, value] of Object.entries(attrs)) {
    if (key !== "xmlns" && !key.startsWith("xmlns:")) continue;
    scope ??= new Map(parent);
    scope.set(key === "xmlns" ? "" : key.slice(6), value.trim());
  }
  return scope ?? parent;
}
