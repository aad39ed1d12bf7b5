import "server-only";
// Every Google Reader API endpoint Tidings answers, in one table: the path relative to
// /api/greader (laid out as FreshRSS's greader.php and Miniflux's /reader lay theirs), the
// methods it takes and what it needs signed in (see GReaderAuth). handle-greader-request.ts
// dispatches from here: a path not listed is 404, a method not listed 405. Every route that
// changes something is POST-only with auth "token" (tests/unit/greader-routes.test.ts holds that).
import type { GReaderRoute } from "@/lib/features/greader/protocol/types";
import { clientLogin } from "@/lib/features/greader/handlers/client-login";
import { getToken } from "@/lib/features/greader/handlers/get-token";
import { getUserInfo } from "@/lib/features/greader/handlers/get-user-info";
import { listSubscriptions } from "@/lib/features/greader/handlers/list-subscriptions";
import { quickAdd } from "@/lib/features/greader/handlers/quick-add";
import { editSubscription } from "@/lib/features/greader/handlers/edit-subscription";
import { exportSubscriptions } from "@/lib/features/greader/handlers/export-subscriptions";
import { importSubscriptions } from "@/lib/features/greader/handlers/import-subscriptions";
import { listTags } from "@/lib/features/greader/handlers/list-tags";
import { renameTag } from "@/lib/features/greader/handlers/rename-tag";
import { disableTag } from "@/lib/features/greader/handlers/disable-tag";
import { countUnread } from "@/lib/features/greader/handlers/count-unread";
import { getStreamContents } from "@/lib/features/greader/handlers/stream-contents";
import { getStreamItemIds } from "@/lib/features/greader/handlers/stream-item-ids";
import { postStreamItemsContents } from "@/lib/features/greader/handlers/stream-items-contents";
import { postEditTag } from "@/lib/features/greader/handlers/edit-tag";
import { postMarkAllAsRead } from "@/lib/features/greader/handlers/mark-all-as-read";
import { getAtomStream } from "@/lib/features/greader/handlers/atom-stream";

export const GREADER_ROUTES: readonly GReaderRoute[] = [
  // Sign-in (FreshRSS also takes Email and Passwd by GET, and so do some apps).
  { path: "accounts/ClientLogin", methods: ["GET", "POST"], auth: "none", handle: clientLogin },
  { path: "reader/api/0/token", methods: ["GET"], auth: "auth", handle: getToken },
  { path: "reader/api/0/user-info", methods: ["GET"], auth: "auth", handle: getUserInfo },

  // Subscriptions, folders (tags) and unread counts.
  { path: "reader/api/0/subscription/list", methods: ["GET"], auth: "auth", handle: listSubscriptions },
  { path: "reader/api/0/subscription/quickadd", methods: ["POST"], auth: "token", handle: quickAdd },
  { path: "reader/api/0/subscription/edit", methods: ["POST"], auth: "token", handle: editSubscription },
  { path: "reader/api/0/subscription/export", methods: ["GET"], auth: "auth", handle: exportSubscriptions },
  {
    path: "reader/api/0/subscription/import",
    methods: ["POST"],
    auth: "token",
    body: "raw",
    handle: importSubscriptions,
  },
  { path: "reader/api/0/tag/list", methods: ["GET"], auth: "auth", handle: listTags },
  { path: "reader/api/0/rename-tag", methods: ["POST"], auth: "token", handle: renameTag },
  { path: "reader/api/0/disable-tag", methods: ["POST"], auth: "token", handle: disableTag },
  { path: "reader/api/0/unread-count", methods: ["GET"], auth: "auth", handle: countUnread },

  // Streams, items and their states.
  { path: "reader/api/0/stream/contents", prefix: true, methods: ["GET"], auth: "auth", handle: getStreamContents },
  { path: "reader/api/0/stream/items/ids", methods: ["GET"], auth: "auth", handle: getStreamItemIds },
  { path: "reader/api/0/stream/items/contents", methods: ["POST"], auth: "auth", handle: postStreamItemsContents },
  { path: "reader/api/0/edit-tag", methods: ["POST"], auth: "token", handle: postEditTag },
  { path: "reader/api/0/mark-all-as-read", methods: ["POST"], auth: "token", handle: postMarkAllAsRead },
  { path: "reader/atom", prefix: true, methods: ["GET"], auth: "auth", handle: getAtomStream },
];

export type RouteMatch = { route: GReaderRoute; rest: string | null };

/** The route for a path relative to /api/greader (as sent, still percent-encoded); null when none matches. */
export function matchGReaderRoute(relative: string, routes: readonly GReaderRoute[]): RouteMatch | "bad_path" | null {
  for (const route of routes) {
    if (relative === route.path) return { route, rest: null };
    if (route.prefix && relative.startsWith(`${route.path}/`)) {
      try {
        return { route, rest: decodeURIComponent(relative.slice(route.path.length + 1)) };
      } catch {
        return "bad_path"; // a lone % or a broken UTF-8 sequence
      }
    }
  }
  return null;
}
