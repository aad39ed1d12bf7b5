import "server-only";
// One Fever API call (/api/fever.php, /api/fever): authenticate by api_key, apply `mark`, then
// answer every read argument present (Fever and FreshRSS combine them; Miniflux answers one).
// Every answer carries api_version, auth and last_refreshed_on_time, errors included, because
// Fever apps look for `auth` before anything else.
import { getDb } from "@/lib/db/client";
import { internalError, jsonResponse } from "@/lib/http/respond";
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import type { LoginThrottle } from "@/lib/features/auth/login-throttle";
import { checkFeverKey, feverAttemptOf, getApiThrottle } from "@/lib/features/auth/check-api-key";
import { parseFeverCall, type FeverReads } from "@/lib/features/fever/parse-fever-request";
import { readFormBody } from "@/lib/http/read-form-body";
import { applyFeverMark } from "@/lib/features/fever/apply-fever-mark";
import { findControlCharacterParam } from "@/lib/http/plain-text";
import {
  readFeverFavicons,
  readFeverFeeds,
  readFeverGroups,
  readFeverItemIds,
  readFeverItems,
  readLastRefreshed,
} from "@/lib/features/fever/read-fever-data";

export const FEVER_API_VERSION = 3;
/** Fever bodies are small: a mark and its arguments (with_ids is at most 50 ids). */
export const MAX_FEVER_BODY_BYTES = 64 * 1024;

const denied = (status = 200, headers: Record<string, string> = {}) => {
  const response = jsonResponse({ api_version: FEVER_API_VERSION, auth: 0, last_refreshed_on_time: 0 }, status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
};

const failed = (status: 400 | 413, code: string, message: string, auth: 0 | 1) =>
  jsonResponse({ api_version: FEVER_API_VERSION, auth, last_refreshed_on_time: 0, error: { code, message } }, status);

export async function handleFeverCall(request: Request, throttle: LoginThrottle = getApiThrottle()): Promise<Response> {
  // Fever apps send no Origin; a page of another site that posts a form here does (see the README).
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  if (request.method === "POST") {
    const body = await readFormBody(request, MAX_FEVER_BODY_BYTES);
    if (!body.ok) return failed(413, "too_large", `The request body exceeds ${MAX_FEVER_BODY_BYTES} bytes.`, 0);
    for (const [name, value] of body.params) params.set(name, value);
  }
  try {
    const check = await checkFeverKey({
      db: getDb(),
      apiKey: params.get("api_key"),
      attempt: feverAttemptOf(request.headers),
      throttle,
      now: Date.now(),
    });
    if (check.status === "throttled") return denied(429, { "Retry-After": String(Math.ceil(check.waitMs / 1000)) });
    if (check.status === "denied") return denied();
    const controlled = findControlCharacterParam(params);
    if (controlled !== null) return failed(400, "invalid_query", controlled, 1);
    const parsed = parseFeverCall(params);
    if (!parsed.ok) return failed(400, "invalid_query", parsed.message, 1);
    const userId = check.user.id;
    if (parsed.call.mark) await applyFeverMark(userId, parsed.call.mark, new Date());
    const answer = await answerReads(userId, parsed.call.reads);
    return jsonResponse({
      api_version: FEVER_API_VERSION,
      auth: 1,
      last_refreshed_on_time: await readLastRefreshed(userId),
      ...answer,
    });
  } catch (error) {
    return internalError(error, `${request.method} ${new URL(request.url).pathname}`);
  }
}

async function answerReads(userId: number, reads: FeverReads): Promise<Record<string, unknown>> {
  const answer: Record<string, unknown> = {};
  if (reads.groups) Object.assign(answer, await readFeverGroups(userId));
  if (reads.feeds) {
    answer.feeds = await readFeverFeeds(userId);
    answer.feeds_groups ??= (await readFeverGroups(userId)).feeds_groups;
  }
  if (reads.favicons) answer.favicons = await readFeverFavicons(userId);
  if (reads.links) answer.links = [];
  if (reads.items) Object.assign(answer, await readFeverItems(userId, reads.items));
  if (reads.unreadItemIds) answer.unread_item_ids = await readFeverItemIds(userId, "unread");
  if (reads.savedItemIds) answer.saved_item_ids = await readFeverItemIds(userId, "saved");
  return answer;
}
