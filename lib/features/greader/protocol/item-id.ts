// Google Reader item ids ↔ article ids. Pure. An item id is a 64-bit number written two ways:
// - long form, `tag:google.com,2005:reader/item/` + 16 lowercase hex digits (items' `id`);
// - short form, the same 64 bits as a *signed* decimal (itemRefs' `id`), as Google sent it and
//   FreshRSS and Miniflux send it: an id with the top bit set is negative.
// Clients echo either form back in `i=`, and some send the 16 hex digits without the prefix.
// A bare run of 16 hex digits is read as hex: a Tidings article id (at most 2^31 - 1) has at
// most 10 decimal digits, so no short decimal id of an article can be 16 characters long.
export const LONG_ITEM_ID_PREFIX = "tag:google.com,2005:reader/item/";

/** Article ids are PostgreSQL/SQLite INTEGER primary keys as Prisma maps them: 1 … 2^31 - 1. */
const MAX_ARTICLE_ID = 2_147_483_647n;
const TWO_TO_64 = 1n << 64n;
const MIN_SIGNED = -(1n << 63n);
const MAX_SIGNED = (1n << 63n) - 1n;

export function formatLongItemId(articleId: number): string {
  return LONG_ITEM_ID_PREFIX + articleId.toString(16).padStart(16, "0");
}

export function formatShortItemId(articleId: number): string {
  return String(articleId);
}

/**
 * What an `i` value names: an article id; "none" for a well-formed id that no Tidings article
 * can have (0, a negative short id, one past 2^31 - 1): the client's own, answered as unknown;
 * null for anything malformed.
 */
export function parseItemId(text: string): number | "none" | null {
  const value = parseItemNumber(text.trim());
  if (value === null) return null;
  return value >= 1n && value <= MAX_ARTICLE_ID ? Number(value) : "none";
}

/** The 64 bits as an unsigned number, or null when the text is no item id in any form. */
function parseItemNumber(text: string): bigint | null {
  const hex = text.startsWith(LONG_ITEM_ID_PREFIX)
    ? text.slice(LONG_ITEM_ID_PREFIX.length)
    : /^[0-9a-f]{16}$/i.test(text)
      ? text
      : null;
  if (hex !== null) return /^[0-9a-f]{16}$/i.test(hex) ? BigInt(`0x${hex}`) : null;
  // At most 19 digits and a sign: the longest signed 64-bit decimal; anything longer is refused unread.
  if (!/^-?\d{1,19}$/.test(text)) return null;
  const signed = BigInt(text);
  if (signed < MIN_SIGNED || signed > MAX_SIGNED) return null;
  return signed < 0n ? signed + TWO_TO_64 : signed;
}

export type ParsedItemIds = { ok: true; ids: number[] } | { ok: false; message: string };

/**
 * Every `i` of a call: at least one, at most `max`, none malformed (one bad id refuses the whole
 * call, so nothing is half done). Well-formed ids of no article are dropped; duplicates kept once.
 */
export function parseItemIdList(values: readonly string[], max: number): ParsedItemIds {
  if (values.length === 0) return { ok: false, message: "i: at least one item id" };
  if (values.length > max) return { ok: false, message: `i: at most ${max} item ids in one call` };
  const ids = new Set<number>();
  for (const value of values) {
    const id = parseItemId(value);
    if (id === null)
      return {
        ok: false,
        message: `i: ${JSON.stringify(value.slice(0, 100))} is no item id (tag:google.com,2005:reader/item/<16 hex digits> or a decimal id)`,
      };
    if (id !== "none") ids.add(id);
  }
  return { ok: true, ids: [...ids] };
}
