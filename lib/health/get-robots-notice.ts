import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { productTokenOf } from "@/lib/fetch/build-user-agent";
import { describeRobotsNotice } from "@/lib/health/describe-robots-notice";
import { roundSettingsFromEnv } from "@/lib/round/round-settings";
import { readRobotsTxt } from "@/lib/store/robots-txt";

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
