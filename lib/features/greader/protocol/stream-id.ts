// Google Reader stream ids, parsed and formatted. Pure. A stream id names what a call reads or
// changes: a state of the user (`user/-/state/com.google/<state>`), a folder
// (`user/-/label/<name>`) or one feed (`feed/<id>`). Apps also send the user's own id or name
// where Google had `-` (`user/1/label/News`, `user/tidings/state/com.google/read`); Tidings has
// one user, so any such segment means that user.
//
// Feeds are `feed/<source id>`, as Miniflux (and FreshRSS) emit them, not `feed/<feed URL>`:
// Tidings changes a source's feed URL under the app's feet (it adopts permanent redirects and
// moves from a site's page to the feed the page names), and an id made of the URL would then
// orphan everything the app has cached under it. `feed/<feed URL>` is still accepted on input,
// as FreshRSS accepts it, and looked up by the caller.
import { MAX_FOLDER_LENGTH, MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";

export const STATES = ["reading-list", "starred", "read", "kept-unread"] as const;
export type StreamState = (typeof STATES)[number];

export type StreamId =
  | { kind: "state"; state: StreamState }
  | { kind: "label"; name: string }
  | { kind: "feed"; sourceId: number }
  | { kind: "feed-url"; url: string };

const MAX_SOURCE_ID = 2_147_483_647;
/** `-`, a numeric user id, or a user name (no colon, no whitespace, at most 64 characters: the API user name's rules). */
const USER_SEGMENT = /^user\/(?:-|[^/:\s]{1,64})\//;

/** Null for anything that is not one of the forms above (an unknown state, an empty label, `feed/` with neither id nor http(s) URL). */
export function parseStreamId(text: string | null | undefined): StreamId | null {
  if (typeof text !== "string") return null;
  const id = text.trim();
  if (id.startsWith("feed/")) return parseFeed(id.slice("feed/".length));
  const user = USER_SEGMENT.exec(id);
  if (!user) return null;
  const rest = id.slice(user[0].length);
  if (rest.startsWith("state/com.google/")) {
    const state = rest.slice("state/com.google/".length);
    return (STATES as readonly string[]).includes(state) ? { kind: "state", state: state as StreamState } : null;
  }
  if (rest.startsWith("label/")) {
    const name = rest.slice("label/".length).trim();
    return name === "" || name.length > MAX_FOLDER_LENGTH ? null : { kind: "label", name };
  }
  return null;
}

function parseFeed(rest: string): StreamId | null {
  if (/^\d{1,10}$/.test(rest)) {
    const sourceId = Number(rest);
    return sourceId >= 1 && sourceId <= MAX_SOURCE_ID ? { kind: "feed", sourceId } : null;
  }
  if (rest.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(rest)) return null;
  return URL.canParse(rest) ? { kind: "feed-url", url: rest } : null;
}

/** The id Tidings answers with: always `user/-/…`, and feeds by source id. */
export function formatStreamId(stream: StreamId): string {
  switch (stream.kind) {
    case "state":
      return `user/-/state/com.google/${stream.state}`;
    case "label":
      return `user/-/label/${stream.name}`;
    case "feed":
      return `feed/${stream.sourceId}`;
    case "feed-url":
      return `feed/${stream.url}`;
  }
}

export const feedStreamId = (sourceId: number): string => formatStreamId({ kind: "feed", sourceId });
export const labelStreamId = (name: string): string => formatStreamId({ kind: "label", name });
