// Prometheus scrape endpoint.
import { renderMetrics } from "@/lib/reads/health/render-metrics";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return new Response(await renderMetrics(), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" },
  });
}
