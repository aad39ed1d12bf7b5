// Bounds for OPML files: a subscription list is small; anything bigger is a mistake or an attack.
/** Largest OPML file read (bytes). */
export const MAX_OPML_BYTES = 2 * 1024 * 1024;
/** Most <outline> elements in one file (folders included). */
export const MAX_OPML_OUTLINES = 10_000;
/** Field bounds shared with the forms (titles and folder names: lib/text-limits.ts). */
export const MAX_URL_LENGTH = 2048;
export {
  MAX_SOURCE_TITLE_LENGTH as MAX_TITLE_LENGTH,
  MAX_FOLDER_NAME_LENGTH as MAX_FOLDER_LENGTH,
} from "@/lib/base/text-limits";
