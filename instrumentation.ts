// Next.js calls register() once per server process before it serves requests.
// Node-only work is imported dynamically so that the edge bundle never sees it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` also loads this file; the database is the running server's business only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("@/lib/entry/server/start-server");
  await startServer();
}
