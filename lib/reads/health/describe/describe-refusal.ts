// What the source's page says about the body Tidings last refused, and what the person can do
// about it. The detail comes from the fetch (it names the size and the limit, or the feed links
// found); this adds what to do, per kind, in one place.
import { labelContentError } from "@/lib/pipeline/policy/decide-content-error";

export type RefusalNotice = { label: string; detail: string; advice: string };

const ADVICE: Record<string, string> = {
  too_large:
    "Until then Tidings asks with the refused body's validators, so an unchanged feed costs its publisher a header exchange.",
  parse:
    "The publisher's feed is broken: tell them, or edit the source to use another of their feeds. Tidings asks again with the refused body's validators, backing off to once a day.",
  // The detail already says what to edit (no feed link, several, or one followed by another source).
  not_a_feed:
    "Tidings asks again with the page's validators, backing off to once a day, and switches by itself if the page comes to link one feed.",
};

export function describeRefusal(source: {
  refusedKind: string | null;
  refusedDetail: string | null;
}): RefusalNotice | null {
  if (source.refusedKind === null) return null;
  return {
    label: labelContentError(source.refusedKind),
    detail: source.refusedDetail ?? "",
    advice: ADVICE[source.refusedKind] ?? "",
  };
}
