// POST /api/rounds: run a fetch round now (or join the one in progress) and answer with its
// summary. For machine clients (scripts, the benchmarks) and the reader's "Refresh". It is an
// ordinary round: only due sources are asked, through the one request lane, so pressing it
// never undercuts a source's floor; `sourcesNotDue` says how many were left alone for that.
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { errorResponse, internalError } from "@/lib/http/respond";
import { requestRound } from "@/lib/entry/server/round-runner";
import { countEnabledSources } from "@/lib/reads/sources/count-enabled-sources";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  try {
    const report = await requestRound("api");
    // The database failed during the round (disk full, PostgreSQL down): say so, not a bare 500.
    if (report.status === "failed") {
      const round = report.roundId === null ? "The round could not start" : `Round ${report.roundId} stopped`;
      return errorResponse(
        503,
        "database_unavailable",
        `${round}: the database could not be reached or written (details in the server log). The next round tries again.`,
      );
    }
    // Counted after the round (and never after a database failure, answered above).
    const enabled = await countEnabledSources();
    if (report.status === "skipped")
      return Response.json({ status: "skipped", reason: report.reason, sourcesNotDue: enabled });
    return Response.json({
      status: "completed",
      roundId: report.roundId,
      tally: report.tally,
      sourcesNotDue: Math.max(0, enabled - report.tally.sourcesDue),
    });
  } catch (error) {
    return internalError(error, "POST /api/rounds");
  }
}
