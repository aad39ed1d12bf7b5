// Creates the source and stores the verification fetch as its first fetch, with the round's own
// attempt and store code (plan, decide, write all at once: validators, articles, schedule).
import type { Db } from "@/lib/db/client";
import type { FetchResult } from "@/lib/pipeline/fetch/types";
import type { TimedParse } from "@/lib/pipeline/round/parse-off-thread";
import { acceptedBody, blankAttempt } from "@/lib/pipeline/round/attempt-fetch";
import { storeAttempt } from "@/lib/pipeline/round/store-attempt";
import type { RoundSettings } from "@/lib/pipeline/round/round-settings";
import { createSource } from "@/lib/pipeline/store/sources/create-source";
import type { SubscribeInput, SubscribeResult } from "@/lib/reads/sources/subscribe";

export async function recordFirstFetch(
  db: Db,
  settings: RoundSettings,
  input: {
    input: SubscribeInput;
    feedUrl: string;
    fetched: Extract<FetchResult, { outcome: "ok" }>;
    parsed: Extract<TimedParse, { ok: true }>;
    startedAt: Date;
  },
): Promise<SubscribeResult> {
  const { fetched, parsed } = input;
  const title = input.input.title?.trim() || parsed.feed.title || new URL(input.feedUrl).host;
  const login = input.input.login;
  const sourceId = await createSource(db, {
    userId: input.input.userId,
    feedUrl: input.feedUrl,
    title,
    customTitle: input.input.title?.trim() || null,
    folderName: input.input.folderName ?? null,
    login: login?.origin ? { ...login, origin: login.origin } : null,
  });
  const source = await db.source.findUniqueOrThrow({ where: { id: sourceId } });
  const started = blankAttempt({ sourceId: source.id, startedAt: input.startedAt, meta: fetched.meta, manual: true });
  const attempt = { ...started, finishedAt: new Date(), ...acceptedBody(fetched, parsed) };
  const stored = await storeAttempt(db, attempt, source, {
    policy: settings.policy,
    offline: false,
    roundId: null,
    // A hub the feed names is noted now, and asked by the next round.
    webSub: settings.webSub,
  });
  return { status: "subscribed", sourceId: source.id, feedUrl: input.feedUrl, title, newArticles: stored.newArticles };
}
