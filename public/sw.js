// Tidings' service worker: the installed app opens, and the articles last read stay readable,
// without the server. Registered by components/register-service-worker.tsx (production only).
//
// - The app shell (the built JS and CSS, hashed and immutable) is served from the cache first.
// - Reader pages and the reader's GET answers (an article, the list, the sidebar) are network
//   first: the cache answers only when the server cannot, so nothing stale is shown online.
// - Nothing else is stored: no answer to a request that changes state (any method but GET),
//   nothing of the feed apps' APIs, rounds, settings or the login page.
// - Auth is an HttpOnly session cookie this worker cannot read, and the gate (lib/features/auth/
//   gate-request.ts) answers a request without a session with a redirect to /login (pages) or a
//   401 (APIs). Whenever an answer says the session is over (that redirect, a 401, logging out),
//   every stored page and article is deleted at once; and since the network is always asked
//   first, a logged-out browser meets the login page, never a stored page, while the server is up.
//   What remains: a session that expires while the server is unreachable keeps its pages readable
//   on that device until the server answers again, as the browser's own history would.
//
// Bump VERSION when this file's caching changes: activation deletes every other version's caches.
const VERSION = "v1";
const SHELL_CACHE = `tidings-shell-${VERSION}`;
const READING_CACHE = `tidings-reading-${VERSION}`;
const OFFLINE_PAGE = "/offline.html";
const SHELL_FILES = [OFFLINE_PAGE, "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];
/** How many of the last opened articles (and reader pages) stay readable offline. */
const KEEP = { article: 50, page: 20, list: 20 };

/** Never stored, whatever they answer. */
const NEVER_STORED = [/^\/api\/fever/, /^\/api\/greader/, /^\/api\/rounds/, /^\/api\/settings/, /^\/login/];

/** What a same-origin GET is to this worker: a kind of stored reading, or nothing to store. */
function readingKind(url) {
  if (NEVER_STORED.some((pattern) => pattern.test(url.pathname))) return null;
  if (/^\/api\/articles\/\d+$/.test(url.pathname)) return "article";
  if (url.pathname === "/api/articles" || url.pathname === "/api/sidebar") return "list";
  if (url.pathname === "/") return "page";
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = new Set([SHELL_CACHE, READING_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("tidings-") && !current.has(name)).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page names the built files it loaded before this worker controlled it (the first visit).
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep-shell" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((href) => {
    const url = new URL(href, self.location.origin);
    return url.origin === self.location.origin && url.pathname.startsWith("/_next/static/");
  });
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        Promise.all(urls.map((url) => cache.match(url).then((hit) => hit ?? cache.add(url).catch(() => undefined)))),
      ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Images and media of articles live elsewhere: the browser's own business.
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") return event.respondWith(watchSession(request));
  if (url.pathname.startsWith("/_next/static/")) return event.respondWith(shellFirst(request));
  // Next's own navigations fetch RSC payloads; offline they fail and Next loads the page itself.
  if (request.headers.has("RSC")) return;
  const kind = readingKind(url);
  if (request.mode === "navigate") return event.respondWith(networkFirst(request, kind, true));
  if (kind) return event.respondWith(networkFirst(request, kind, false));
});

/** A request that changes state goes to the server as is: offline it fails, as it should. */
async function watchSession(request) {
  const response = await fetch(request);
  if (endsSession(response)) await forgetReading();
  return response;
}

async function shellFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, kind, isPage) {
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const stored = kind ? await findStored(request, kind) : undefined;
    if (stored) return stored;
    if (isPage) return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    throw offline;
  }
  if (endsSession(response)) await forgetReading();
  else if (kind && response.status === 200 && response.type === "basic") await keep(request, response.clone(), kind);
  return response;
}

/**
 * The stored answer to this request; for a reader page never loaded at this exact address (an
 * article opened from the list changes the address without loading a page), the newest reader
 * page: the reader reads the address itself and finds that article among the stored ones.
 */
async function findStored(request, kind) {
  const cache = await caches.open(READING_CACHE);
  const exact = await cache.match(request);
  if (exact || kind !== "page") return exact;
  const pages = (await cache.keys()).filter((stored) => readingKind(new URL(stored.url)) === "page");
  return pages.length > 0 ? cache.match(pages[pages.length - 1]) : undefined;
}

/** The gate's answers to a request without a session, and the log-out action's redirect. */
function endsSession(response) {
  return (
    response.status === 401 ||
    response.type === "opaqueredirect" ||
    (response.headers.get("x-action-redirect") ?? "").startsWith("/login")
  );
}

async function forgetReading() {
  await caches.delete(READING_CACHE);
}

/** Stores the answer as the newest of its kind, and drops the oldest beyond KEEP[kind]. */
async function keep(request, response, kind) {
  const cache = await caches.open(READING_CACHE);
  await cache.delete(request);
  await cache.put(request, response);
  const sameKind = (await cache.keys()).filter((stored) => readingKind(new URL(stored.url)) === kind);
  await Promise.all(sameKind.slice(0, Math.max(0, sameKind.length - KEEP[kind])).map((stored) => cache.delete(stored)));
}
