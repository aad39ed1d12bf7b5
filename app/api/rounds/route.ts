// POST /api/rounds: run a fetch round now (or join the one in progress) and answer with its
// summary. For machine clients (scripts, the benchmarks); the pages use server actions.
import { rejectCrossSite } from "@/lib/http/reject-cross-site";
import { internalError } from "@/lib/http/respond";
import { requestRound } from "@/lib/round/round-runner";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const refused = rejectCrossSite(request);
  if (refused) return refused;
  try {
    const report = await requestRound("cli");
    if (report.status === "skipped") return Response.json({ status: "skipped", reason: report.reason });
    return Response.json({ status: "completed", roundId: report.roundId, tally: report.tally });
  } catch (error) {
    return internalError(error, "POST /api/rounds");
  }
}
