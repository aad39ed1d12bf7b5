// CORS for the Google Reader API, so that apps running in a browser (a web client on another
// origin) can call it, as FreshRSS's greader.php and Miniflux's /reader answer them: any origin,
// GET and POST, the Authorization header. Never Access-Control-Allow-Credentials: a browser then
// sends no cookie and reads no answer made with one, and the API authenticates with its own
// token on every call, never with the web session (lib/auth/gate-request.ts).
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  // Apps read X-Reader-Google-Bad-Token to know that T must be fetched again.
  "Access-Control-Expose-Headers": "X-Reader-Google-Bad-Token",
};

/** How long a browser may reuse a preflight's answer (FreshRSS: 600 s). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function withApiCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** The answer to a preflight (OPTIONS): what the browser may send, and for how long it may trust that. */
export function answerApiPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, Content-Type",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}
