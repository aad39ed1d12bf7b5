// Keyset cursors: an opaque base64url token of the last row's (publishedAt, id). Pages are read
// with `(publishedAt, id) < (t, id)`, never OFFSET, so a page costs the same at any depth and
// articles arriving meanwhile never shift or duplicate rows across pages.
export type ArticleCursor = { publishedAt: Date; id: number };

/** Longest token the API accepts; a real one is about 24 characters. */
export const MAX_CURSOR_LENGTH = 64;

const PATTERN = /^(\d{1,15}):(\d{1,10})$/;

export function encodeCursor(cursor: ArticleCursor): string {
  return Buffer.from(`${cursor.publishedAt.getTime()}:${cursor.id}`, "utf8").toString("base64url");
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
  const cursor = { publishedAt: new Date(ms), id };
  return encodeCursor(cursor) === token ? cursor : null;
}
