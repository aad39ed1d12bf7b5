// Creates the source and stores the verification fetch as its first fetch, through the same
// store path as every round (one transaction; validators, articles, schedule).
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/prisma-client";
import type { FetchResult } from "@/lib/fetch/types";
import type { BodyReading, ParsedFeed } from "@/lib/parse/types";
import { decideForAttempt } from "@/lib/round/decide-for-attempt";
import type { RoundSettings } from "@/lib/round/round-settings";
import type { Attempt } from "@/lib/round/attempt";
import { recordFetch } from "@/lib/store/record-fetch";
import { createSource } from "@/lib/store/create-source";
import type { SubscribeInput, SubscribeResult } from "@/lib/sources/subscribe";

export async function recordFirstFetch(
  db: Db,
  settings: RoundSettings,
  input: { input: SubscribeInput; feedUrl: string; fetched: Extract<FetchResult, { outcome: "ok" }>; parsed: ParsedFeed; reading: BodyReading; parseMs: number; startedAt: Date },
): Promise<SubscribeResult> {
  const { fetched, parsed } = input;
  const title = input.input.title?.trim() || parsed.title || new URL(input.feedUrl).host;
  const sourceId = await createSource(db, { feedUrl: input.feedUrl, title, customTitle: input.input.title?.trim() || null, folderName: input.input.folderName ?? null });
  const attempt: Attempt = {
    sourceId,
    startedAt: input.startedAt,
    finishedAt: new Date(),
    outcome: "ok",
    errorKind: null,
    detail: null,
    meta: fetched.meta,
    bodyHash: createHash("sha256").update(fetched.body).digest("hex"),
    bodyBytes: fetched.body.length,
    bodyUnchanged: false,
    refused: null,
    discoveredFeedUrl: null,
    feed: parsed,
    reading: input.reading,
    parseMs: input.parseMs,
    manual: true,
  };
  const stored = await recordFetch(db, {
    attempt,
    roundId: null,
    decide: decideForAttempt(attempt, settings.policy, false),
  });
  return { status: "subscribed", sourceId, feedUrl: input.feedUrl, title, newArticles: stored.newArticles };
}
