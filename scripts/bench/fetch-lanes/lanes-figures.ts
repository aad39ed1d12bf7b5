// What a lanes run did, read from its database: how many sources were fetched and how many
// fetches, when the first full pass ended, and the rate until 90% of the sources were fetched (the
// tail is the hanging servers and the held hosts, which lanes cannot hurry).
import type { Db } from "@/lib/db/client";

export type RunFigures = {
  sources: number;
  fetched: number;
  fetches: number;
  /** Seconds from `startedAt` until every source was fetched once (null: not within the run). */
  firstPassSeconds: number | null;
  rateTo90: number;
};

export async function readRunFigures(db: Db, startedAt: number, seconds: number): Promise<RunFigures> {
  const sources = await db.source.count();
  const fetches = await db.fetch.count();
  const firsts = await db.fetch.groupBy({ by: ["sourceId"], _min: { startedAt: true } });
  const times = firsts.map((row) => row._min.startedAt!.getTime()).sort((a, b) => a - b);
  const ninety = Math.ceil(sources * 0.9);
  const at90 = times[ninety - 1];
  return {
    sources,
    fetched: times.length,
    fetches,
    firstPassSeconds: times.length === sources ? (times.at(-1)! - startedAt) / 1000 : null,
    rateTo90: at90 === undefined ? times.length / seconds : ninety / ((at90 - startedAt) / 1000),
  };
}
