// Why a conformance expectation was not met (scripts/conformance.ts): a deliberate refusal, which
// makes the expectation not mappable to what Tidings means to do, or a miss with its likely cause.
// Read from the expected value and the file's own text, never from the file's name.
import { Parser as HtmlParser } from "htmlparser2";
import { ALLOWED_ELEMENTS, isAllowedAttribute } from "../lib/pipeline/parse/sanitize/html-allowlist";
import { sanitizeStyle } from "../lib/pipeline/parse/sanitize/sanitize-style";

export type MissReason = { refused: boolean; reason: string };

const FORM =
  "form controls and their attributes: they submit or take input inside the reader's page (SimplePie, FreshRSS's parser, strips form and input too)";
const NAMES =
  "names or points at elements of the reader's own page (class/id clash with its CSS and scripts, name/for/form/list/usemap/template are DOM clobbering and form wiring; SimplePie strips class and id by default)";
const FOCUS = "takes keys, focus or drags in the reader's page";
const LOADS =
  "loads a URL or reports a click outside the URL allowlist (SimplePie strips lowsrc and dynsrc by default)";
const DATA_BINDING = "Internet Explorer data binding: binds the element to an external data source";
const OBSOLETE = "non-standard or obsolete: no current browser implements it, so keeping it shows nothing";

const ELEMENT_REFUSALS: Record<string, string> = {
  input: FORM,
  select: FORM,
  textarea: FORM,
  keygen: FORM,
  output: FORM,
  datalist: FORM,
  button: FORM,
  form: FORM,
  dialog: "floats above the page (a modal dialog over the reader)",
  map: "image maps address their links by name, and name is refused",
  area: "image maps address their links by name, and name is refused",
  command: OBSOLETE,
  datagrid: OBSOLETE,
  "event-source": OBSOLETE,
};
const ATTRIBUTE_REFUSALS: Record<string, string> = {
  class: NAMES,
  id: NAMES,
  name: NAMES,
  for: NAMES,
  form: NAMES,
  list: NAMES,
  usemap: NAMES,
  template: NAMES,
  accesskey: FOCUS,
  tabindex: FOCUS,
  autofocus: FOCUS,
  hidefocus: FOCUS,
  draggable: FOCUS,
  autocomplete: FORM,
  maxlength: FORM,
  multiple: FORM,
  step: FORM,
  prompt: FORM,
  rows: FORM,
  datafld: DATA_BINDING,
  datasrc: DATA_BINDING,
  datapagesize: DATA_BINDING,
  dynsrc: LOADS,
  lowsrc: LOADS,
  ping: LOADS,
  icon: LOADS,
  ismap: LOADS,
  end: OBSOLETE,
  loopcount: OBSOLETE,
  loopend: OBSOLETE,
  "repeat-min": OBSOLETE,
  replace: OBSOLETE,
  toppadding: OBSOLETE,
  charoff: OBSOLETE,
  compact: OBSOLETE,
  rev: OBSOLETE,
};
const STYLE_REFUSAL =
  "style properties outside the CSS allowlist (width/height: a link sized to its container is the click-hijacking trick, images carry their size as attributes; background-x/y are not CSS)";
// feedparser's sanitizer predates HTML5 parsing: it shows "<!--", "<!x" and nested CDATA as
// text, where an HTML5 parser (ours, parse5, every browser) reads a comment or a doctype.
const HTML5_READING =
  "an HTML5 parser (ours, and every browser) reads a comment, doctype or script here, where feedparser's regex-era sanitizer shows text";
const MARKUP_DECLARATION = /&lt;!|&#0*60;!|<!\[CDATA\[(?:(?!\]\]>)[\s\S])*<!\[CDATA\[/i;

/** Why `expected` (the literal the Expect line wants) is not what we give, for a file with `source` text. */
export function explainMiss(field: string, expected: string, source: string, ours: string): MissReason {
  if (MARKUP_DECLARATION.test(source.replace(/^\s*<!--[\s\S]*?-->/, "")))
    return { refused: true, reason: HTML5_READING };
  if (field === "content") {
    const refusal = findRefusal(expected);
    if (refusal !== null) return { refused: true, reason: refusal };
  }
  if (field === "date" && source.includes(ours.slice(0, 19))) {
    return {
      refused: false,
      reason: "the entry repeats the date element (invalid Atom): we read the first, feedparser the last",
    };
  }
  return { refused: false, reason: "not explained" };
}

function findRefusal(html: string): string | null {
  let refusal: string | null = null;
  const parser = new HtmlParser({
    onopentag(name, attributes) {
      if (!ALLOWED_ELEMENTS.has(name)) refusal ??= ELEMENT_REFUSALS[name] ?? null;
      for (const attribute of Object.keys(attributes)) {
        if (!isAllowedAttribute(name, attribute))
          refusal ??= ATTRIBUTE_REFUSALS[attribute] ?? `${attribute} is kept on other elements only`;
      }
      const declarations = attributes.style?.split(";").filter((declaration) => declaration.trim() !== "") ?? [];
      if (declarations.some((declaration) => sanitizeStyle(declaration) === "")) refusal ??= STYLE_REFUSAL;
    },
  });
  parser.end(html);
  return refusal;
}
