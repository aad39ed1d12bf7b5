import "server-only";
// reader/api/0/tag/list: the starred state, then every folder as a label of type "folder"
// (Inoreader's field, which FreshRSS and Miniflux send), in the sidebar's order.
import { answerJson, refuseOtherOutput } from "@/lib/features/greader/protocol/greader-answer";
import { formatStreamId, labelStreamId } from "@/lib/features/greader/protocol/stream-id";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function listTags(call: GReaderCall): Promise<Response> {
  const refused = refuseOtherOutput(call.params);
  if (refused) return refused;
  const folders = await call.db.userFolder.findMany({
    where: { userId: readerIdOf(call) },
    select: { name: true },
    orderBy: [{ position: "asc" }, { name: "asc" }],
  });
  return answerJson({
    tags: [
      { id: formatStreamId({ kind: "state", state: "starred" }) },
      ...folders.map((folder) => ({ id: labelStreamId(folder.name), label: folder.name, type: "folder" })),
    ],
  });
}
