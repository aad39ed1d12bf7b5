import "server-only";
// reader/api/0/rename-tag: the folder named by `s` (or `t`) gets the name of `dest`
// (user/-/label/NEW); onto an existing folder's name, the two are merged (lib/pipeline/store/sources/rename-folder.ts).
import { renameFolder } from "@/lib/pipeline/store/sources/rename-folder";
import { answerError, answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { readLabelName, readTagParam } from "@/lib/features/greader/protocol/read-label-param";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function renameTag(call: GReaderCall): Promise<Response> {
  const from = readTagParam(call.params);
  if (from === null) return answerError(400, "Bad Request: s (or t): the folder to rename, user/-/label/NAME.");
  const to = readLabelName(call.params.get("dest"), { bareName: false });
  if (to === null)
    return answerError(400, "Bad Request: dest: the new name, user/-/label/NAME (at most 100 characters).");
  if ((await renameFolder(call.db, readerIdOf(call), { from, to })) === "missing")
    return answerError(404, `Not Found: no folder named ${from}.`);
  return answerOk();
}
