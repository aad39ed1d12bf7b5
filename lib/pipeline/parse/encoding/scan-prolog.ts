// Reads the prolog of a markup document (XML declaration, comments, processing instructions,
// DOCTYPE) without parsing anything else: enough to name the root element and to see an
// internal DTD subset before any parser gets a chance to expand it.

export type Prolog = {
  /** Qualified name of the first element, e.g. "rss", "rdf:RDF", "html"; null if none. */
  rootName: string | null;
  /** Offset of the root element's "<" (text.length when there is none). */
  rootStart: number;
  /** The whole `<!DOCTYPE ...>` declaration, internal subset included, or null. */
  doctype: string | null;
};

export function scanProlog(text: string): Prolog {
  let doctype: string | null = null;
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text.charAt(at))) at++;
    if (text.startsWith("<?", at)) {
      at = skipPast(text, "?>", at);
    } else if (text.startsWith("<!--", at)) {
      at = skipPast(text, "-->", at);
    } else if (/^<!doctype/i.test(text.slice(at, at + 9))) {
      const end = findDoctypeEnd(text, at);
      doctype = text.slice(at, end);
      at = end;
    } else {
      const match = /^<([A-Za-z_][\w:.-]*)/.exec(text.slice(at, at + 256));
      return { rootName: match?.[1] ?? null, rootStart: at, doctype };
    }
  }
}

function skipPast(text: string, terminator: string, from: number): number {
  const end = text.indexOf(terminator, from);
  return end === -1 ? text.length : end + terminator.length;
}

// The internal subset sits between [ and ]; quoted strings may hold either bracket or ">".
function findDoctypeEnd(text: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from + 2; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "[") {
      depth++;
    } else if (ch === "]") {
      depth = Math.max(0, depth - 1);
    } else if (ch === ">" && depth === 0) {
      return i + 1;
    }
  }
  return text.length;
}
