// Subscribing to a feed that has a source already (issue 25): the user joins it, with no request
// (its articles are here), or is told they follow it already. A source fetched with a login is
// shared only with someone who gives the same login: anyone else gets the answer the server gave
// the login-less or wrong request, and learns nothing of who else reads it.
import type { Db } from "@/lib/db/client";
import { addSubscription } from "@/lib/pipeline/store/sources/add-subscription";
import { readSourceLogin } from "@/lib/pipeline/store/sources/source-login";
import type { FeedLogin } from "@/lib/pipeline/fetch/feed-login";
import type { SubscribeInput, SubscribeResult } from "@/lib/reads/sources/subscribe";

export async function joinSource(
  db: Db,
  input: SubscribeInput,
  source: { id: number; title: string; feedUrl: string },
): Promise<SubscribeResult> {
  const login = await readSourceLogin(db, source.id);
  if (login !== null && !sameLogin(login, input.login ?? null)) {
    const message = input.login
      ? "Unreachable: HTTP 401: the server refused this login"
      : 'Unreachable: HTTP 401: this feed asks for a login; give it under "This feed needs a login"';
    return { status: "invalid", field: "url", message };
  }
  const added = await addSubscription(db, {
    userId: input.userId,
    sourceId: source.id,
    customTitle: input.title ?? null,
    folderName: input.folderName ?? null,
    now: new Date(),
  });
  if (added.status === "exists") {
    return {
      status: "invalid",
      field: "url",
      message: `Already subscribed: ${source.title} (source #${source.id})`,
      existingSourceId: source.id,
    };
  }
  if (added.status !== "added")
    return { status: "invalid", field: "url", message: "Try again: the feed was just removed" };
  const title = input.title?.trim() || source.title;
  return { status: "subscribed", sourceId: source.id, feedUrl: source.feedUrl, title, newArticles: added.unread };
}

function sameLogin(held: FeedLogin, given: { user: string; password: string } | null): boolean {
  return given !== null && given.user === held.user && given.password === held.password;
}
