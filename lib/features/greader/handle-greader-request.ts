import "server-only";
// One Google Reader API request (/api/greader/…): find its route, read its parameters (query
// string and a form body of at most MAX_GREADER_BODY_BYTES), check what the route needs (an API
// password at all, the Auth token, the action token T), then run its handler. Every refusal is
// decided before the handler runs, so a refused call changes nothing. Every answer carries CORS
// headers (lib/http/api-cors.ts): pages of other origins may call the API, since it opens only to
// the credential each call carries itself, never to a cookie.
import { getDb } from "@/lib/db/client";
import { withApiCors } from "@/lib/http/api-cors";
import { readFormBody } from "@/lib/http/read-form-body";
import { createLogger } from "@/lib/base/log";
import { describeError } from "@/lib/base/describe-error";
import { GReaderParams, MAX_VALUES_PER_NAME } from "@/lib/features/greader/protocol/greader-params";
import { isAcceptedActionToken, isValidAuthToken, readAuthorization } from "@/lib/features/greader/protocol/auth-token";
import { readGReaderAccount } from "@/lib/features/greader/protocol/read-greader-account";
import { findApiUser } from "@/lib/features/auth/api-user";
import { answerBadToken, answerError } from "@/lib/features/greader/protocol/greader-answer";
import { GREADER_ROUTES, matchGReaderRoute } from "@/lib/features/greader/routes";
import type { GReaderMethod, GReaderRoute, GReaderUser } from "@/lib/features/greader/protocol/types";
import { CONTROL_CHARACTER_MESSAGE, findControlCharacterParam, hasControlCharacter } from "@/lib/http/plain-text";

export const GREADER_BASE_PATH = "/api/greader";
/**
 * The largest form body: 10,000 long item ids (`i=tag:google.com,2005:reader/item/…`, about 65
 * bytes each, encoded) fit; FreshRSS reads at most the same 1 MiB.
 */
export const MAX_GREADER_BODY_BYTES = 1024 * 1024;

const log = createLogger("greader");

/** `routes` is the one table (lib/features/greader/routes.ts); tests of the dispatcher pass their own. */
export async function handleGReaderRequest(
  request: Request,
  routes: readonly GReaderRoute[] = GREADER_ROUTES,
): Promise<Response> {
  return withApiCors(await dispatchGReaderRequest(request, routes));
}

async function dispatchGReaderRequest(request: Request, routes: readonly GReaderRoute[]): Promise<Response> {
  const url = new URL(request.url);
  const relative = url.pathname.startsWith(`${GREADER_BASE_PATH}/`)
    ? url.pathname.slice(GREADER_BASE_PATH.length + 1)
    : "";
  const match = matchGReaderRoute(relative, routes);
  if (match === "bad_path") return answerError(400, "Bad Request: the path is not valid percent-encoding.");
  if (match === null)
    return answerError(404, `Not Found: ${GREADER_BASE_PATH}/${relative} is no Google Reader API endpoint here.`);
  const { route, rest } = match;
  const method = request.method as GReaderMethod;
  if (!route.methods.includes(method)) {
    return answerError(405, `Method Not Allowed: ${route.path} takes ${route.methods.join(" or ")}.`, {
      Allow: route.methods.join(", "),
    });
  }
  try {
    let body: URLSearchParams | undefined;
    if (method === "POST" && route.body !== "raw") {
      const read = await readFormBody(request, MAX_GREADER_BODY_BYTES);
      if (!read.ok)
        return answerError(413, `Payload Too Large: a request body is at most ${MAX_GREADER_BODY_BYTES} bytes.`);
      body = read.params;
    }
    const params = GReaderParams.from(url.searchParams, body);
    if (params === null)
      return answerError(400, `Bad Request: a parameter is repeated more than ${MAX_VALUES_PER_NAME} times.`);
    const controlled = hasControlCharacter(rest ?? "")
      ? `the stream id ${CONTROL_CHARACTER_MESSAGE}`
      : findControlCharacterParam(params.entries());
    if (controlled !== null) return answerError(400, `Bad Request: ${controlled}.`);
    const db = getDb();
    const now = new Date();
    const account = await readGReaderAccount(db);
    if (account === null)
      return answerError(401, "Unauthorized: no API password is set (Settings, or `tidings api-password`).");
    let user: GReaderUser | null = null;
    if (route.auth !== "none") {
      const token = readAuthorization(request.headers.get("authorization"));
      if (token === null || !isValidAuthToken(token, account))
        return answerError(
          401,
          "Unauthorized: send Authorization: GoogleLogin auth=<the Auth from accounts/ClientLogin>.",
        );
      user = { name: account.user, id: (await findApiUser(db)).id };
      if (route.auth === "token" && !isAcceptedActionToken(params.get("T"), account, now)) return answerBadToken();
    }
    return await route.handle({ db, request, params, user, now, rest });
  } catch (error) {
    log.error(`${request.method} ${url.pathname}: ${describeError(error, 1000)}`);
    return answerError(500, "Internal Server Error: the details are in the server log.");
  }
}
