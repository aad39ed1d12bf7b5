// Keyset cursors: an opaque base64url token of the last row's (publishedAt, id) and the order it
// was read in. Pages are read with `(publishedAt, id) < (t, id)` (newest first) or `>` (oldest
// first), never OFFSET, so a page costs the same at any depth and articles arriving meanwhile
// never shift or duplicate rows across pages. The order travels in the token: a cursor made for
// one order would skip or repeat rows if read in the other.
import type { ListOrder } from "@/lib/base/list-order";

export type ArticleCursor = { publishedAt: Date; id: number; order: ListOrder };

/** Longest token the API accepts; a real one is about 24 characters. */
export const MAX_CURSOR_LENGTH = 64;

// Newest-first tokens keep the form they had before the order existed (":o" marks oldest first).
const PATTERN = /^(\d{1,15}):(\d{1,10})(:o)?$/;

export function encodeCursor(cursor: ArticleCursor): string {
  const order = cursor.order === "oldest" ? ":o" : "";
  return Buffer.from(`${cursor.publishedAt.getTime()}:${cursor.id}${order}`, "utf8").toString("base64url");
}

/** The cursor a token stands for, or null when the token was not made by encodeCursor. */
export function decodeCursor(token: string): ArticleCursor | null {
  if (token.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const match = PATTERN.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) return null;
  const ms = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(ms) || id < 1 || id > 2_147_483_647) return null;
  // Re-encoding must give the same token: rejects padding tricks and non-canonical numbers.
  const cursor: ArticleCursor = { publishedAt: new Date(ms), id, order: match[3] ? "oldest" : "newest" };
  return encodeCursor(cursor) === token ? cursor : null;
}
