// Entity declarations are how "billion laughs" (exponential expansion) and XXE
// (SYSTEM "file:///etc/passwd") attacks are delivered. No real feed needs them, so a DOCTYPE
// that declares any is refused before a parser sees it. A DOCTYPE without an internal subset
// (the Netscape RSS 0.91 one, say) stays accepted: our parser never fetches external DTDs.

export const ENTITY_REFUSAL = "feed declares XML entities (refused: entity expansion risk)";

export function declaresEntities(doctype: string | null): boolean {
  return doctype !== null && /<!ENTITY/i.test(doctype);
}
