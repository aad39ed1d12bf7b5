// A stream call's filters, parsed from its parameters, as Google Reader defined them and FreshRSS
// and Miniflux read them: n (how many), c (continuation), r (order), ot/nt (time bounds), xt/it
// (exclude/include a state, repeatable). Pure: anything malformed is a message naming the
// parameter, answered 400 before the database is asked anything.
import { decodeCursor, isDateCursor, type DateCursor } from "@/lib/pipeline/store/reading/cursor";
import type { DateOrder } from "@/lib/base/list-order";
import type { GReaderParams } from "@/lib/features/greader/protocol/greader-params";
import { parseStreamId, type StreamState } from "@/lib/features/greader/protocol/stream-id";

/** Google Reader's default page size, as FreshRSS keeps it. */
export const DEFAULT_STREAM_ITEMS = 20;

export type StreamFilters = {
  limit: number;
  cursor: DateCursor | null;
  order: DateOrder;
  publishedAfter: Date | null;
  publishedBefore: Date | null;
  include: StreamState[];
  exclude: StreamState[];
};

export type ParsedStreamFilters = { ok: true; filters: StreamFilters } | { ok: false; message: string };

class BadParameter extends Error {}

/** `maxItems`: the endpoint's bound on n; a larger n is cut to it (the continuation gives the rest). */
export function parseStreamFilters(params: GReaderParams, maxItems: number): ParsedStreamFilters {
  try {
    const order = parseOrder(params.get("r"));
    const cursor = parseContinuation(params.get("c"));
    // A continuation made for one order would skip or repeat items if read in the other.
    if (cursor !== null && cursor.order !== order)
      throw new BadParameter("c: this continuation was given for the other order (r)");
    return {
      ok: true,
      filters: {
        limit: parseCount(params.get("n"), maxItems),
        cursor,
        order,
        publishedAfter: parseSeconds(params.get("ot"), "ot"),
        publishedBefore: parseSeconds(params.get("nt"), "nt"),
        include: parseStates(params.all("it"), "it"),
        exclude: parseStates(params.all("xt"), "xt"),
      },
    };
  } catch (error) {
    if (error instanceof BadParameter) return { ok: false, message: error.message };
    throw error;
  }
}

function parseCount(value: string | null, max: number): number {
  if (value === null || value.trim() === "") return Math.min(DEFAULT_STREAM_ITEMS, max);
  if (!/^\d{1,9}$/.test(value.trim()))
    throw new BadParameter(`n: a whole number of items (at most ${max} are answered)`);
  const n = Number(value.trim());
  return n === 0 ? Math.min(DEFAULT_STREAM_ITEMS, max) : Math.min(n, max);
}

function parseContinuation(value: string | null): DateCursor | null {
  if (value === null || value.trim() === "") return null;
  const cursor = decodeCursor(value.trim());
  // The JSON API's best-match cursors are not continuations: streams are ordered by date only.
  if (cursor === null || !isDateCursor(cursor)) throw new BadParameter("c: not a continuation this server gave");
  return cursor;
}

/** d (or n): newest first, Google's default; o: oldest first. */
function parseOrder(value: string | null): DateOrder {
  if (value === null || value === "" || value === "d" || value === "n") return "newest";
  if (value === "o") return "oldest";
  throw new BadParameter("r: d (newest first) or o (oldest first)");
}

/** Unix seconds, as Google defined ot and nt; 0 or absent: no bound. */
function parseSeconds(value: string | null, name: string): Date | null {
  if (value === null || value.trim() === "") return null;
  if (!/^\d{1,11}$/.test(value.trim())) throw new BadParameter(`${name}: a Unix time in seconds`);
  const seconds = Number(value.trim());
  return seconds === 0 ? null : new Date(seconds * 1000);
}

function parseStates(values: string[], name: string): StreamState[] {
  return values.map((value) => {
    const stream = parseStreamId(value);
    if (stream === null || stream.kind !== "state") {
      throw new BadParameter(
        `${name}: a state (user/-/state/com.google/read, starred, kept-unread or reading-list), not ${JSON.stringify(value.slice(0, 100))}`,
      );
    }
    return stream.state;
  });
}
