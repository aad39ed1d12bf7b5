// Lazy-loaded images come back (miniflux#473, #366, #2461): pages ship a placeholder in `src` and
// the real image in an attribute their script swaps in, or only inside <noscript>. Tidings runs no
// script, so the swap is done here, on the page's DOM, before extraction: the extractor then sees
// real images (and keeps them), and the sanitizer, which drops <noscript> whole, never has to.

/** Where lazy loaders keep the real image, most common first. */
const LAZY_SRC = ["data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src"];
const LAZY_SRCSET = ["data-srcset", "data-lazy-srcset"];
/** A src that is only a stand-in: an inline pixel, or a file named for what it is. */
const PLACEHOLDER_SRC = /^data:|placeholder|blank\.(gif|png)|spacer|lazy|transparent\.(gif|png)/i;

export function recoverLazyImages(document: Document): void {
  // By tag name, not by selector: no selector to compile on every page.
  for (const noscript of Array.from(document.getElementsByTagName("noscript"))) unwrapNoscriptImage(document, noscript);
  for (const img of Array.from(document.getElementsByTagName("img"))) {
    const lazySrc = firstAttribute(img, LAZY_SRC);
    const src = img.getAttribute("src");
    if (lazySrc && (!src || PLACEHOLDER_SRC.test(src))) img.setAttribute("src", lazySrc);
    const lazySrcset = firstAttribute(img, LAZY_SRCSET);
    if (lazySrcset && !img.getAttribute("srcset")) img.setAttribute("srcset", lazySrcset);
  }
  for (const source of Array.from(document.getElementsByTagName("source"))) {
    if (source.parentElement?.tagName !== "PICTURE") continue;
    const lazySrcset = firstAttribute(source, LAZY_SRCSET);
    if (lazySrcset && !source.getAttribute("srcset")) source.setAttribute("srcset", lazySrcset);
  }
}

/**
 * A <noscript> that holds an image is what a browser without scripts shows: it replaces the
 * placeholder image just before it (or in the same wrapper), else it stands where it is.
 */
function unwrapNoscriptImage(document: Document, noscript: Element): void {
  // Depending on the parser, a noscript's content is elements or one raw text: both are read as HTML.
  const holder = document.createElement("div");
  holder.innerHTML = noscript.children.length > 0 ? noscript.innerHTML : (noscript.textContent ?? "");
  const image = holder.querySelector("img");
  if (image === null) return;
  const placeholder = findPlaceholder(noscript);
  if (placeholder !== null) placeholder.remove();
  noscript.replaceWith(...Array.from(holder.childNodes));
}

function findPlaceholder(noscript: Element): Element | null {
  let previous = noscript.previousElementSibling;
  if (previous === null) return null;
  if (previous.tagName !== "IMG") previous = previous.children.length === 1 ? previous.querySelector("img") : null;
  return previous !== null && previous.tagName === "IMG" ? previous : null;
}

function firstAttribute(element: Element, names: readonly string[]): string | null {
  for (const name of names) {
    const value = element.getAttribute(name)?.trim();
    if (value) return value;
  }
  return null;
}
