// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Compression belongs to the reverse proxy that terminates TLS (README, "Behind a reverse
  // proxy"): Next's in-process gzip costs 1.5–2 ms of the one event loop per article page,
  // as much as the rest of the request (npm run bench). TIDINGS_COMPRESS=true turns it on for
  // a server reached directly over a slow link. Read when the server starts; lib/env.ts
  // refuses values other than true/false/1/0/on/off.
  compress: ["true", "1", "on"].includes(process.env.TIDINGS_COMPRESS ?? ""),
  // Native and Node-only drivers stay outside the server bundle, and so does jschardet's 1 MB
  // detection model (loaded from node_modules when a body first needs a guess).
  serverExternalPackages: ["better-sqlite3", "pg", "node-cron", "jschardet"],
  // The production build must not depend on the network (no font downloads, no telemetry).
  typescript: { ignoreBuildErrors: false },
};

module.exports = nextConfig;
