/** Setting table keys of the reader's preferences (read in lib/articles, written by lib/store). */
export const READER_SETTING_KEYS = { markReadOnScroll: "reader.markReadOnScroll" } as const;
