import "server-only";
// reader/api/0/disable-tag: the folder named by `s` (or `t`) is removed; its sources stay
// subscribed, outside any folder (lib/pipeline/store/sources/delete-folder.ts).
import { deleteFolder } from "@/lib/pipeline/store/sources/delete-folder";
import { answerError, answerOk } from "@/lib/features/greader/protocol/greader-answer";
import { readTagParam } from "@/lib/features/greader/protocol/read-label-param";
import { readerIdOf, type GReaderCall } from "@/lib/features/greader/protocol/types";

export async function disableTag(call: GReaderCall): Promise<Response> {
  const name = readTagParam(call.params);
  if (name === null) return answerError(400, "Bad Request: s (or t): the folder to remove, user/-/label/NAME.");
  if (!(await deleteFolder(call.db, readerIdOf(call), name)))
    return answerError(404, `Not Found: no folder named ${name}.`);
  return answerOk();
}
