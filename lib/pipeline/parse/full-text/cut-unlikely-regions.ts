// The page without the regions Readability's first pass removes as "unlikely candidates"
// (comments, related stories, sharing bars, sidebars: its class/id and role rules, copied from
// @mozilla/readability 0.6.0's _grabArticle), cut out of the text before the DOM is built. On real
// pages these regions hold most of the elements, and every element costs linkedom's build,
// Readability's walks and the garbage collector (scripts/bench/full-text.ts). Each region leaves
// an empty stand-in with its tag, class, id and role, so that Readability's checks of its parent
// (empty or not, block children or not) still see an element there, and removes it as before.
//
// Kept, so that what Readability reads before its walk is unchanged: regions holding the page's
// metadata or title candidates (<meta>, <title>, <base>, <h1>, <h2>), regions Readability would take
// as the byline or a title header first, and any region closed only by implication (its end is not
// written in the text). The caller runs Readability again on the whole page when the first pass
// failed (extract-article.ts), since its later passes keep these regions.
import { Parser } from "htmlparser2";

const UNLIKELY_CANDIDATES =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_CANDIDATE = /and|article|body|column|content|main|shadow/i;
const BYLINE = /byline|author|dateline|writtenby|p-author/i;
const UNLIKELY_ROLES = new Set(["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]);
/** Read by Readability (metadata, title) before it removes anything. */
const READ_BEFORE_WALK = new Set(["meta", "title", "base", "h1", "h2"]);
/** Readability spares a region with one of these within its four nearest ancestors. */
const SPARING_ANCESTORS = new Set(["table", "code"]);
const NEVER_CUT = new Set(["html", "head", "body", "a", "h1", "h2"]);

type Frame = { tag: string; start: number; cut: boolean; holds: boolean; attribs: Record<string, string> };
type Region = { start: number; end: number; standIn: string };

export function cutUnlikelyRegions(html: string): string {
  const open: Frame[] = [];
  const regions: Region[] = [];
  // Open frames that would be cut (outermost first): a held tag inside any of them keeps them all.
  const cutting: Frame[] = [];
  let inHead = 0;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        if (READ_BEFORE_WALK.has(tag)) for (const frame of cutting) frame.holds = true;
        const cut = inHead === 0 && cutting.length === 0 && isUnlikely(tag, attribs, open);
        const frame: Frame = { tag, start: parser.startIndex, cut, holds: false, attribs };
        open.push(frame);
        if (cut) cutting.push(frame);
        if (tag === "head") inHead++;
      },
      onclosetag(tag, isImplied) {
        const frame = open.pop();
        if (frame === undefined) return;
        if (tag === "head") inHead = Math.max(0, inHead - 1);
        if (!frame.cut) return;
        cutting.pop();
        if (!frame.holds && !isImplied)
          regions.push({ start: frame.start, end: parser.endIndex + 1, standIn: standIn(frame) });
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (regions.length === 0) return html;
  const kept: string[] = [];
  let at = 0;
  for (const region of regions) {
    kept.push(html.slice(at, region.start), region.standIn);
    at = region.end;
  }
  kept.push(html.slice(at));
  return kept.join("");
}

function isUnlikely(tag: string, attribs: Record<string, string>, ancestors: readonly Frame[]): boolean {
  if (NEVER_CUT.has(tag)) return false;
  const matchString = `${attribs.class ?? ""} ${attribs.id ?? ""}`;
  // Readability asks "is this the byline?" before "is this unlikely?": such a region is its to judge.
  if (attribs.rel === "author" || attribs.itemprop?.includes("author") || BYLINE.test(matchString)) return false;
  if (UNLIKELY_ROLES.has(attribs.role ?? "")) return true;
  return (
    UNLIKELY_CANDIDATES.test(matchString) &&
    !MAYBE_CANDIDATE.test(matchString) &&
    !ancestors.slice(-4).some((frame) => SPARING_ANCESTORS.has(frame.tag))
  );
}

function standIn({ tag, attribs }: Frame): string {
  const kept = ["class", "id", "role"]
    .filter((name) => attribs[name] !== undefined)
    .map((name) => ` ${name}="${attribs[name]!.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
    .join("");
  return `<${tag}${kept}></${tag}>`;
}
