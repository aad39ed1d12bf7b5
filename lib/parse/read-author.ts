// Author names, from the shapes feeds use: dc:creator, RSS <author> ("jane@example.com (Jane
// Doe)" per RSS 2.0), Atom <author><name>.
import { collapseWhitespace } from "./html-text";
import { childElements, childText, type XmlElement } from "./xml-tree";

export function readAtomAuthor(parent: XmlElement): string | null {
  for (const author of [...childElements(parent, "author"), ...childElements(parent, "atom:author")]) {
    const name = childText(author, "name", "atom:name", "email", "atom:email");
    if (name !== null) return cleanAuthor(name);
  }
  return null;
}

/** "jane@example.com (Jane Doe)" → "Jane Doe"; "Jane Doe <jane@example.com>" → "Jane Doe". */
export function cleanAuthor(raw: string): string | null {
  const text = collapseWhitespace(raw);
  const parenthesised = /^\S+@\S+\s*\((.+)\)$/.exec(text);
  if (parenthesised?.[1]) return parenthesised[1].trim();
  const angled = /^(.+?)\s*<[^>]*@[^>]*>$/.exec(text);
  if (angled?.[1]) return angled[1].replace(/^"(.*)"$/, "$1").trim();
  return text === "" ? null : text;
}
