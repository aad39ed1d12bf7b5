// The folder a tag call names: `s` as a label stream id (user/-/label/NAME), or `t`, which apps
// send as a label stream id or as the bare name. Null when neither names a folder.
import { parseStreamId } from "@/lib/features/greader/protocol/stream-id";
import { MAX_FOLDER_LENGTH } from "@/lib/pipeline/parse/opml/limits";

export function readLabelName(value: string | null, options: { bareName: boolean }): string | null {
  if (value === null) return null;
  const stream = parseStreamId(value);
  if (stream?.kind === "label") return stream.name;
  if (stream !== null || !options.bareName) return null;
  const name = value.trim();
  return name === "" || name.length > MAX_FOLDER_LENGTH ? null : name;
}

/** `s`, else `t`: the folder rename-tag and disable-tag act on. */
export function readTagParam(params: { get(name: string): string | null }): string | null {
  return params.get("s") !== null
    ? readLabelName(params.get("s"), { bareName: false })
    : readLabelName(params.get("t"), { bareName: true });
}
