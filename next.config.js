// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "node-cron"],
  // The production build must not depend on the network (no font downloads, no telemetry).
  typescript: { ignoreBuildErrors: false },
};

module.exports = nextConfig;
