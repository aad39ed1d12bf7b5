// Keyset cursors: an opaque base64url token of the last row's (publishedAt, id) and the order it
// was read in. Pages are read with `(publishedAt, id) < (t, id)` (newest first) or `>` (oldest
// first), never OFFSET, so a page costs the same at any depth and articles arriving meanwhile
// never shift or duplicate rows across pages. The order travels in the token: a cursor made for
// one order would skip or repeat rows if read in the other. A best-match cursor also carries the
// row's score, the first key of that order (lib/reads/articles/list-query.ts), bit for bit.
import type { DateOrder } from "@/lib/base/list-order";

export type DateCursor = { publishedAt: Date; id: number; order: DateOrder };
export type BestMatchCursor = { publishedAt: Date; id: number; order: "best"; score: number };
export type ArticleCursor = DateCursor | BestMatchCursor;

/** Longest token the API accepts; a real one is about 24 characters (56 for best match). */
export const MAX_CURSOR_LENGTH = 64;

// Newest-first tokens keep the form they had before the order existed (":o" marks oldest first,
// ":b:" best match with the score's 64 bits in hex: a decimal could round it).
const PATTERN = /^(\d{1,15}):(\d{1,10})(?:(:o)|:b:([0-9a-f]{16}))?$/;

export function encodeCursor(cursor: ArticleCursor): string {
  const order = cursor.order === "oldest" ? ":o" : cursor.order === "best" ? `:b:${scoreToHex(cursor.score)}` : "";
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
  const publishedAt = new Date(ms);
  const score = match[4] === undefined ? null : hexToScore(match[4]);
  if (score !== null && !Number.isFinite(score)) return null;
  const cursor: ArticleCursor =
    score !== null
      ? { publishedAt, id, order: "best", score }
      : { publishedAt, id, order: match[3] ? "oldest" : "newest" };
  // Re-encoding must give the same token: rejects padding tricks and non-canonical numbers.
  return encodeCursor(cursor) === token ? cursor : null;
}

/** A cursor of a list by date alone; the apps' streams (lib/features/greader) read no other. */
export function isDateCursor(cursor: ArticleCursor): cursor is DateCursor {
  return cursor.order !== "best";
}

function scoreToHex(score: number): string {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(score);
  return bytes.toString("hex");
}

function hexToScore(hex: string): number {
  return Buffer.from(hex, "hex").readDoubleBE();
}
