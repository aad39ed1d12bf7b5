import "server-only";
// The rows of these articles, in the order of `ids`; ids of no article of the user's subscriptions are left out.
import { getSqlReader } from "@/lib/db/client";
import { buildStreamRowsSql, type StreamItemRow } from "@/lib/features/greader/streams/stream-rows-sql";

export async function readItemRows(userId: number, ids: number[]): Promise<StreamItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await getSqlReader().all<StreamItemRow>(buildStreamRowsSql(userId, ids));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
