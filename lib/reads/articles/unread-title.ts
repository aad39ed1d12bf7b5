// The tab title of the reader: "(392) Tidings", as in Miniflux and FreshRSS. One wording for the
// server's first render (app/page.tsx) and the client's updates (use-unread-title.ts).
export const APP_NAME = "Tidings";

export function formatUnreadTitle(unread: number): string {
  return unread > 0 ? `(${unread}) ${APP_NAME}` : APP_NAME;
}
