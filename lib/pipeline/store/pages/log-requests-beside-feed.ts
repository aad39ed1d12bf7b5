// Requests made beside a source's feed (article pages, site icons: kind "page" | "icon") go to the
// one fetch log, and to their lasting count (RequestTally), in the caller's transaction: the log's
// rows are pruned and go with their source, the count never goes down, so /metrics serves it as a
// counter (lib/reads/health/render-metrics.ts).
import type { Tx } from "@/lib/db/client";

export type PageFetchRow = {
  kind: "page" | "icon";
  url: string;
  startedAt: Date;
  durationMs: number;
  laneWaitMs: number;
  outcome: "ok" | "not_modified" | "error";
  errorKind: string | null;
  httpStatus: number | null;
  bytesReceived: number;
  conditional: boolean;
  manual: boolean;
  detail: string | null;
};

const MAX_DETAIL = 500;

export async function logRequestsBesideFeed(
  tx: Tx,
  owner: { sourceId: number; articleId?: number },
  rows: readonly PageFetchRow[],
): Promise<void> {
  for (const row of rows) {
    await tx.fetch.create({ data: { ...row, ...owner, detail: row.detail?.slice(0, MAX_DETAIL) ?? null } });
    const added = { requests: 1n, bytesReceived: BigInt(row.bytesReceived) };
    await tx.requestTally.upsert({
      where: { kind: row.kind },
      create: { kind: row.kind, ...added },
      update: { requests: { increment: added.requests }, bytesReceived: { increment: added.bytesReceived } },
    });
  }
}
