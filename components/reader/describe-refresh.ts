// What "Refresh" says it did, from POST /api/rounds' answer. Pure, so that every wording is tested.

/** The part of a round's tally (lib/pipeline/store/fetch/rounds.ts, as POST /api/rounds sends it) that Refresh reports. */
type RefreshTally = { sourcesDue: number; sourcesAttempted: number; newArticles: number };

export type RefreshAnswer =
  | { status: "completed"; tally: RefreshTally; sourcesNotDue: number }
  | { status: "skipped"; reason: string; sourcesNotDue: number };

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function describeRefresh(answer: RefreshAnswer): string {
  const notDue = `${answer.sourcesNotDue} not due yet`;
  if (answer.status === "skipped") {
    return answer.reason === "no source is due"
      ? `No source is due: ${notDue}, each waits for its next check.`
      : `Not refreshed: ${answer.reason}.`;
  }
  const { sourcesAttempted, sourcesDue, newArticles } = answer.tally;
  const parts = [`${count(sourcesAttempted, "source", "sources")} checked`, notDue];
  if (sourcesDue > sourcesAttempted) parts.push(`${sourcesDue - sourcesAttempted} left for the next round`);
  parts.push(count(newArticles, "new article", "new articles"));
  return `${parts.join(", ")}.`;
}
