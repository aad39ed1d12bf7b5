// The shapes every Google Reader API handler shares. One call is one parsed request: the handler
// gets its parameters, the signed-in user and the time, and answers a Response (JSON, text/plain
// or Atom, as each endpoint of the protocol has it).
import type { Db } from "@/lib/db/client";
import type { GReaderParams } from "@/lib/features/greader/protocol/greader-params";

/** The user a call's Auth token names (issue 25): every endpoint answers for them alone. */
export type GReaderUser = { id: number; name: string };

export type GReaderCall = {
  db: Db;
  request: Request;
  /** The query string and, for a POST with a form body, that body (see GReaderParams). */
  params: GReaderParams;
  /** The signed-in user; null only on routes with `auth: "none"` (ClientLogin). */
  user: GReaderUser | null;
  now: Date;
  /** For prefix routes: the rest of the path after the prefix and its "/", percent-decoded; otherwise null. */
  rest: string | null;
};

export type GReaderHandler = (call: GReaderCall) => Promise<Response>;

/**
 * What a route needs before its handler runs: nothing (ClientLogin), the Auth token
 * (`Authorization: GoogleLogin auth=…`), or the Auth token and the action token T, which the
 * protocol asks of every POST that changes something.
 */
export type GReaderAuth = "none" | "auth" | "token";

export type GReaderMethod = "GET" | "POST";

export type GReaderRoute = {
  /** Relative to /api/greader, no leading slash: `reader/api/0/subscription/list`. */
  path: string;
  /** Also matches `path/<anything>`, handed to the handler as `rest` (a stream id). */
  prefix?: boolean;
  methods: readonly GReaderMethod[];
  auth: GReaderAuth;
  /** "form" (the default): a POST body is read as form parameters; "raw": left for the handler (an OPML upload). */
  body?: "form" | "raw";
  handle: GReaderHandler;
};

/** The signed-in user's id, on a route that requires the Auth token (the dispatcher has checked it). */
export function readerIdOf(call: GReaderCall): number {
  if (call.user === null) throw new Error("a Google Reader route that reads a user's state needs auth");
  return call.user.id;
}
