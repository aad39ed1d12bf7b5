// Author names, from the shapes feeds use: dc:creator / dc:author, RSS <author> ("jane@example.com
// (Jane Doe)" per RSS 2.0), Atom <author><name>. A structured author is read by its parts, so
// "<name>N</name><email>E</email>" is "N", never "N E" run together.
import { collapseWhitespace } from "../sanitize/html-text";
import { childElements, hasElementChildren, textContent, type XmlElement } from "../xml/xml-tree";

const ATOM_AUTHORS = ["author", "atom:author"];

export function readAtomAuthor(parent: XmlElement): string | null {
  return readFirstPerson(parent, ATOM_AUTHORS);
}

/** The first of the named children (in order of preference) that yields a name. */
export function readFirstPerson(parent: XmlElement, names: readonly string[]): string | null {
  for (const name of names) {
    for (const element of childElements(parent, name)) {
      const person = readPerson(element);
      if (person !== null) return person;
    }
  }
  return null;
}

// RFC 4287 §3.2: a person construct is name, uri and email children, in any namespace prefix
// the document chose; plain text (RSS, dc:creator) is the name as written.
function readPerson(element: XmlElement): string | null {
  if (!hasElementChildren(element)) return cleanAuthor(textContent(element));
  for (const part of ["name", "email"]) {
    for (const child of childElements(element)) {
      if (child.localName !== part) continue;
      const text = cleanAuthor(textContent(child));
      if (text !== null) return text;
    }
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
