// RFC 8288 §3: a Link header's links, `<target>; rel="a b"; other=params, <target>; ...`. Only the
// target and the rel values matter here (W3C WebSub §4 looks for rel="hub" and rel="self"). A URL
// may hold commas and a quoted parameter may hold commas and semicolons, so the field is walked
// character by character rather than split.

export type HeaderLink = { target: string; rels: string[] };

export function readLinkHeader(field: string): HeaderLink[] {
  const links: HeaderLink[] = [];
  let at = 0;
  // Bounded: every pass moves `at` past one link (or to the end).
  while (at < field.length) {
    const open = field.indexOf("<", at);
    if (open === -1) break;
    const close = field.indexOf(">", open + 1);
    if (close === -1) break;
    const target = field.slice(open + 1, close).trim();
    const { params, end } = readParams(field, close + 1);
    const rel = params.get("rel");
    if (rel !== undefined) links.push({ target, rels: rel.toLowerCase().split(/\s+/).filter(Boolean) });
    at = end;
  }
  return links;
}

/** The `; name=value` parameters after a target, up to the comma that ends the link (outside quotes). */
function readParams(field: string, from: number): { params: Map<string, string>; end: number } {
  const params = new Map<string, string>();
  let at = from;
  while (at < field.length && field[at] !== ",") {
    if (field[at] !== ";") {
      at += 1;
      continue;
    }
    const match = /^;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,]*))?/.exec(field.slice(at));
    if (match === null) {
      at += 1;
      continue;
    }
    const name = match[1]!.toLowerCase();
    const raw = (match[2] ?? "").trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
    // RFC 8288 §3.3: only the first occurrence of rel counts.
    if (!params.has(name)) params.set(name, value);
    at += match[0].length;
  }
  return { params, end: at + 1 };
}
