import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { productTokenOf } from "@/lib/pipeline/fetch/build-user-agent";
import { describeRobotsNotice } from "@/lib/reads/health/describe/describe-robots-notice";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { readRobotsTxt } from "@/lib/pipeline/store/fetch/robots-txt";

/** The robots.txt notice of a source's health page, from the stored copy (never fetched here). */
export async function getRobotsNotice(feedUrl: string): Promise<string | null> {
  const settings = roundSettingsFromEnv(getEnv());
  let origin: string;
  try {
    origin = new URL(feedUrl).origin;
  } catch {
    return null;
  }
  const row = await readRobotsTxt(getDb(), origin);
  return describeRobotsNotice({
    robotsBody: row?.body ?? null,
    feedUrl,
    token: productTokenOf(settings.fetch.userAgent),
    mode: settings.robots,
  });
}
