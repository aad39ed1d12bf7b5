// Our own small, typed view of a parsed XML element: namespace-resolved names, attributes,
// ordered children (text and elements interleaved, as mixed content needs) and the xml:base
// in effect, so the readers never touch parser-specific shapes.

export type XmlElement = {
  /** Canonical name: "title" for the feed's own vocabulary, "dc:creator", "atom:link", ... */
  name: string;
  /** Local name without any prefix, as written ("div", "link"). */
  localName: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Absolute base URL for relative references inside this element (xml:base, else the document's). */
  base: string | null;
};

export type XmlNode = XmlElement | string;

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== "string";
}

export function childElements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter(
    (node): node is XmlElement => isElement(node) && (name === undefined || node.name === name),
  );
}

export function firstChild(parent: XmlElement, ...names: string[]): XmlElement | null {
  for (const name of names) {
    const found = parent.children.find((node): node is XmlElement => isElement(node) && node.name === name);
    if (found) return found;
  }
  return null;
}

/** The first child with one of the names (in order of preference) that has any content. */
export function firstFilledChild(parent: XmlElement, ...names: string[]): XmlElement | null {
  for (const name of names) {
    const found = childElements(parent, name).find(
      (child) => hasElementChildren(child) || textContent(child).trim() !== "",
    );
    if (found) return found;
  }
  return null;
}

/** Concatenated text of the element and its descendants, in document order. */
export function textContent(element: XmlElement): string {
  return element.children.map((node) => (isElement(node) ? textContent(node) : node)).join("");
}

/** Trimmed text of the first child with one of the names that has any, or null. */
export function childText(parent: XmlElement, ...names: string[]): string | null {
  for (const name of names) {
    for (const child of childElements(parent, name)) {
      const text = textContent(child).trim();
      if (text !== "") return text;
    }
  }
  return null;
}

export function hasElementChildren(element: XmlElement): boolean {
  return element.children.some(isElement);
}

export function readAttr(element: XmlElement, name: string): string | null {
  const value = element.attrs[name];
  return value === undefined ? null : value;
}
