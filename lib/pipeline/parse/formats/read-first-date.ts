// Feeds often carry several dates; the first one (in order of preference) that parses wins,
// so a garbled <published> falls back to <updated> instead of losing the date.
import { parseDate } from "../dates/parse-date";
import { childElements, textContent, type XmlElement } from "../xml/xml-tree";

export function readFirstDate(parent: XmlElement, names: readonly string[]): Date | null {
  for (const name of names) {
    for (const element of childElements(parent, name)) {
      const date = parseDate(textContent(element));
      if (date !== null) return date;
    }
  }
  return null;
}
