// A Google Reader API client for the integration tests: real Requests through the route handlers
// of app/api/greader/[...path], in-process, against the test's database (useDatabaseInProcess).
// openGReaderSession sets an API password, logs in with ClientLogin and fetches the action token
// T, as an app does before its first sync.
import * as greaderRoute from "@/app/api/greader/[...path]/route";
import type { Db } from "@/lib/db/client";
import { setApiPassword } from "@/tests/helpers/api-users";

export const GREADER_HOST = "reader.example:3000";
export const GREADER_USER = "tidings";
export const GREADER_PASSWORD = "a long random api password";

export type GReaderParamsInit = Record<string, string | readonly string[]> | URLSearchParams;

export type GReaderRequestInit = {
  method?: "GET" | "POST";
  query?: GReaderParamsInit;
  /** A form body (application/x-www-form-urlencoded); repeated names as arrays. */
  form?: GReaderParamsInit;
  /** A raw body (an OPML upload), sent as is. */
  body?: string;
  /** The Auth token; sent as `Authorization: GoogleLogin auth=…`. */
  auth?: string | null;
  headers?: Record<string, string>;
};

export function toSearchParams(init: GReaderParamsInit | undefined): URLSearchParams {
  if (init instanceof URLSearchParams) return init;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init ?? {})) {
    for (const one of typeof value === "string" ? [value] : value) params.append(name, one);
  }
  return params;
}

/** A Request to http://GREADER_HOST/api/greader/<path> (path as sent: encode stream ids yourself). */
export function greaderRequest(path: string, init: GReaderRequestInit = {}): Request {
  const method = init.method ?? (init.form || init.body !== undefined ? "POST" : "GET");
  const query = toSearchParams(init.query).toString();
  const headers: Record<string, string> = { host: GREADER_HOST, ...init.headers };
  if (init.auth) headers.authorization = `GoogleLogin auth=${init.auth}`;
  let body: string | undefined = init.body;
  if (init.form) {
    body = toSearchParams(init.form).toString();
    headers["content-type"] ??= "application/x-www-form-urlencoded";
  }
  return new Request(`http://${GREADER_HOST}/api/greader/${path}${query ? `?${query}` : ""}`, {
    method,
    headers,
    body,
  });
}

export async function callGReader(path: string, init: GReaderRequestInit = {}): Promise<Response> {
  const request = greaderRequest(path, init);
  return request.method === "POST" ? greaderRoute.POST(request) : greaderRoute.GET(request);
}

export async function setGReaderPassword(db: Db, user = GREADER_USER, password = GREADER_PASSWORD): Promise<void> {
  await setApiPassword(db, user, password);
}

/** ClientLogin; returns the Auth token, or throws with the answer's status. */
export async function logInGReader(user = GREADER_USER, password = GREADER_PASSWORD): Promise<string> {
  const response = await callGReader("accounts/ClientLogin", {
    form: { Email: user, Passwd: password },
    headers: { "x-tidings-client-address": "192.0.2.200" },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`ClientLogin answered ${response.status}: ${text}`);
  const auth = /^Auth=(.+)$/m.exec(text)?.[1];
  if (!auth) throw new Error(`ClientLogin answered no Auth line: ${text}`);
  return auth;
}

export type GReaderSession = {
  auth: string;
  /** The action token T, sent with every post() unless `token: null` (or another value) is given. */
  token: string;
  get(path: string, query?: GReaderParamsInit): Promise<Response>;
  post(
    path: string,
    form?: GReaderParamsInit,
    options?: { query?: GReaderParamsInit; token?: string | null; body?: string },
  ): Promise<Response>;
  /** get() or post() and the JSON body, failing unless the status is 200. */
  json<T = Record<string, unknown>>(response: Promise<Response>): Promise<T>;
};

export async function openGReaderSession(db: Db, options: { setPassword?: boolean } = {}): Promise<GReaderSession> {
  if (options.setPassword !== false) await setGReaderPassword(db);
  const auth = await logInGReader();
  const tokenResponse = await callGReader("reader/api/0/token", { auth });
  if (tokenResponse.status !== 200) throw new Error(`token answered ${tokenResponse.status}`);
  const token = (await tokenResponse.text()).trim();
  return {
    auth,
    token,
    get: (path, query) => callGReader(path, { auth, query }),
    post: (path, form = {}, { query, token: sent = token, body } = {}) => {
      if (body !== undefined) return callGReader(path, { auth, method: "POST", body, query: withToken(query, sent) });
      const fields = toSearchParams(form);
      if (sent !== null) fields.set("T", sent);
      return callGReader(path, { auth, method: "POST", form: fields, query });
    },
    async json<T>(response: Promise<Response>): Promise<T> {
      const answer = await response;
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${text}`);
      return JSON.parse(text) as T;
    },
  };
}

/** A raw body carries T in the query string (its body is not a form). */
function withToken(query: GReaderParamsInit | undefined, token: string | null): URLSearchParams {
  const params = new URLSearchParams(toSearchParams(query));
  if (token !== null) params.set("T", token);
  return params;
}
