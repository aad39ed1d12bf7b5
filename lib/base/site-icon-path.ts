/** Where Tidings serves a site's icon (by the sha256 of its bytes): its own origin, never the publisher's. */
export function siteIconPath(hash: string): string {
  return `/site-icons/${hash}`;
}
