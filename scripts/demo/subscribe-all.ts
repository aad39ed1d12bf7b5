// Migrates the demo database and subscribes to every demo feed (each one's first fetch included).
import { disconnectDb, getDb, getDatabaseTarget } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { runMigrations } from "@/lib/db/migrate/run-migrations";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { claimFirstAdmin } from "@/lib/features/auth/users";

export async function subscribeAll(feedUrls: string[]): Promise<void> {
  await runMigrations(getDatabaseTarget());
  const settings = roundSettingsFromEnv(getEnv());
  for (const [index, url] of feedUrls.entries()) {
    const result = await subscribe(getDb(), settings, {
      userId: (await claimFirstAdmin(getDb())).id,
      url,
      folderName: index % 3 === 0 ? "Local" : index % 3 === 1 ? "Hobbies" : null,
    });
    const note =
      result.status === "subscribed"
        ? `${result.title}: ${result.newArticles} articles`
        : result.status === "invalid"
          ? result.message
          : "several feeds";
    console.log(`demo: subscribed ${index + 1}/${feedUrls.length} ${note}`);
  }
  // A demo has two minutes to show every outcome: the first tick fetches everything again (304s,
  // the 429, the 410, the 301...) instead of waiting out each source's first interval.
  await getDb().source.updateMany({ data: { nextDueAt: new Date() } });
  await disconnectDb();
}
