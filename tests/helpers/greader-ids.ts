// The stream and item ids the Google Reader API tests send, spelled out as apps send them (not
// built with lib/features/greader's own formatters, so a formatter's mistake cannot hide in both).
export const READING_LIST = "user/-/state/com.google/reading-list";
export const READ = "user/-/state/com.google/read";
export const STARRED = "user/-/state/com.google/starred";
export const KEPT_UNREAD = "user/-/state/com.google/kept-unread";

/** An article's item id in the long form: the tag prefix and 16 lowercase hex digits. */
export const longItemId = (id: number) => `tag:google.com,2005:reader/item/${id.toString(16).padStart(16, "0")}`;
