import "server-only";
// Fever's `mark` through the reader's own writes (lib/pipeline/store/reading/article-state.ts), so read and saved
// state is one truth: the web reader and every app see the same rows and unread counts. Unknown
// ids change nothing and are no error (as in Miniflux): an app may mark an article that is gone.
import { getDb } from "@/lib/db/client";
import { ALL_ARTICLES, type ArticleScope } from "@/lib/base/article-scope";
import { markRead, updateArticleStates } from "@/lib/pipeline/store/reading/article-state";
import type { FeverMark } from "@/lib/features/fever/parse-fever-request";

export async function applyFeverMark(userId: number, mark: FeverMark, now: Date): Promise<void> {
  const db = getDb();
  if (mark.kind === "item") {
    const reading = mark.as === "read" || mark.as === "unread";
    await updateArticleStates(db, {
      userId,
      ids: mark.ids,
      read: reading ? mark.as === "read" : null,
      starred: reading ? null : mark.as === "saved",
      now,
    });
    return;
  }
  let scope: ArticleScope;
  if (mark.kind === "feed") scope = { ...ALL_ARTICLES, sourceId: mark.sourceId };
  else if (mark.folderId === "none") return;
  else scope = { ...ALL_ARTICLES, folderId: mark.folderId === "all" ? null : mark.folderId };
  // Fever's `before` is the time of the app's last items call: articles published later stay unread.
  await markRead(db, { userId, scope, olderThan: mark.before, maxId: null, now });
}
