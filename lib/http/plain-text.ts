// Text that enters from outside (query strings, JSON bodies, forms, the feed apps' parameters) may
// carry no control characters. PostgreSQL refuses NUL in text ("invalid byte sequence for encoding
// \"UTF8\": 0x00", a 500), SQLite stores it (a folder name with a NUL, a search that matches
// everything), and no title, name, search or id has a use for the other C0 and C1 controls.
// Tab, line feed and carriage return are ordinary text. One rule, as one zod schema, used by every
// route, action and API; the feed apps' parameters are read outside zod and ask the same schema.
import { z } from "zod";

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters (such as NUL, U+0000)";

/** C0 controls but tab, LF and CR; DEL; C1 controls. A loop rather than a regex of control characters. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A string without control characters; chain .max(), .trim() and the rest as on z.string(). */
export const plainText = () => z.string().refine((text) => !hasControlCharacter(text), CONTROL_CHARACTER_MESSAGE);

const plainValue = plainText();

/** The first parameter whose name or value has a control character, in words for a 400; null when none has. */
export function findControlCharacterParam(params: Iterable<[string, string]>): string | null {
  for (const [name, value] of params) {
    if (!plainValue.safeParse(name).success) return `a parameter name ${CONTROL_CHARACTER_MESSAGE}`;
    if (!plainValue.safeParse(value).success) return `${name.slice(0, 40)}: ${CONTROL_CHARACTER_MESSAGE}`;
  }
  return null;
}

/**
 * A database id where the API documents a decimal one: digits only, no sign, exponent, hex ("0x1"
 * was read as 1), spaces or leading zeros, within PostgreSQL's integer. `min` 0 for "since" ids.
 */
export const decimalId = (min = 1) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, "a decimal id (digits only)")
    .transform(Number)
    .pipe(z.number().int().min(min).max(2_147_483_647));
