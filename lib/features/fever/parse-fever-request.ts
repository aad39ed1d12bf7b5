// A Fever API call, parsed from its parameters (query string and form body together, as Fever
// clients mix them). Pure: anything malformed is an `error` value naming the parameter, and the
// caller answers it without touching the database.
export const MAX_FEVER_IDS = 50;
const MAX_ID = 2_147_483_647;

export type FeverItemsQuery =
  { kind: "oldest" } | { kind: "since"; id: number } | { kind: "max"; id: number } | { kind: "with"; ids: number[] };

export type FeverMark =
  | { kind: "item"; as: "read" | "unread" | "saved" | "unsaved"; ids: number[] }
  /** groupId 0 is "Kindling", every feed; before null: everything up to now. */
  | { kind: "feed"; sourceId: number; before: Date | null }
  | { kind: "group"; folderId: number | "all" | "none"; before: Date | null };

export type FeverReads = {
  groups: boolean;
  feeds: boolean;
  favicons: boolean;
  links: boolean;
  unreadItemIds: boolean;
  savedItemIds: boolean;
  items: FeverItemsQuery | null;
};

export type FeverCall = { apiKey: string | null; reads: FeverReads; mark: FeverMark | null };

export type ParsedFeverCall = { ok: true; call: FeverCall } | { ok: false; message: string };

class BadParameter extends Error {}

export function parseFeverCall(params: URLSearchParams): ParsedFeverCall {
  try {
    return {
      ok: true,
      call: {
        apiKey: params.get("api_key"),
        reads: {
          groups: params.has("groups"),
          feeds: params.has("feeds"),
          favicons: params.has("favicons"),
          links: params.has("links"),
          unreadItemIds: params.has("unread_item_ids"),
          savedItemIds: params.has("saved_item_ids"),
          items: params.has("items") ? parseItemsQuery(params) : null,
        },
        mark: params.has("mark") ? parseMark(params) : null,
      },
    };
  } catch (error) {
    if (error instanceof BadParameter) return { ok: false, message: error.message };
    throw error;
  }
}

function parseItemsQuery(params: URLSearchParams): FeverItemsQuery {
  // The same precedence as Miniflux: since_id, then max_id, then with_ids.
  if (params.has("since_id")) return { kind: "since", id: parseId(params.get("since_id"), "since_id") };
  if (params.has("max_id")) return { kind: "max", id: parseId(params.get("max_id"), "max_id") };
  if (params.has("with_ids")) return { kind: "with", ids: parseIdList(params.get("with_ids"), "with_ids") };
  return { kind: "oldest" };
}

function parseMark(params: URLSearchParams): FeverMark {
  const mark = params.get("mark");
  const as = params.get("as");
  if (mark === "item") {
    if (as !== "read" && as !== "unread" && as !== "saved" && as !== "unsaved") {
      throw new BadParameter("as: mark=item takes as=read, unread, saved or unsaved");
    }
    const ids = parseIdList(params.get("id"), "id", 1);
    if (ids.length === 0) throw new BadParameter("id: mark=item needs the id of an item");
    return { kind: "item", as, ids };
  }
  if (mark === "feed" || mark === "group") {
    if (as !== "read") throw new BadParameter(`as: mark=${mark} takes as=read only`);
    const before = parseBefore(params.get("before"));
    if (mark === "feed") return { kind: "feed", sourceId: parseId(params.get("id"), "id", 1), before };
    // Fever's Sparks super group is -1; Tidings has no sparks, so marking it marks nothing.
    if (params.get("id")?.trim() === "-1") return { kind: "group", folderId: "none", before };
    const id = parseId(params.get("id"), "id");
    return { kind: "group", folderId: id === 0 ? "all" : id, before };
  }
  throw new BadParameter("mark: one of item, feed or group");
}

function parseId(value: string | null, name: string, min = 0): number {
  const text = (value ?? "").trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_ID || Number(text) < min) {
    throw new BadParameter(`${name}: an item or feed id (a whole number from ${min} to ${MAX_ID})`);
  }
  return Number(text);
}

function parseIdList(value: string | null, name: string, min = 1): number[] {
  const text = (value ?? "").trim();
  if (text === "") return [];
  // Checked before splitting, so that 100,000 ids cost one length test, not 100,000 parses.
  if (text.length > MAX_FEVER_IDS * 12) throw new BadParameter(`${name}: at most ${MAX_FEVER_IDS} ids`);
  const parts = text.split(",");
  if (parts.length > MAX_FEVER_IDS) throw new BadParameter(`${name}: at most ${MAX_FEVER_IDS} ids`);
  return [...new Set(parts.map((part) => parseId(part, name, min)))];
}

/** Unix seconds; absent means "up to now". */
function parseBefore(value: string | null): Date | null {
  if (value === null || value.trim() === "") return null;
  if (!/^\d{1,12}$/.test(value.trim())) throw new BadParameter("before: a Unix time in seconds");
  return new Date(Number(value.trim()) * 1000);
}
