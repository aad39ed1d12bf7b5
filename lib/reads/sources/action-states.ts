// What the sources pages' server actions hand back to their forms (useActionState).
import type { FieldErrors } from "@/lib/reads/sources/form-schemas";
import type { OpmlEntry, OpmlSkip } from "@/lib/pipeline/parse/opml/types";

export type AddSourceValues = { url: string; title: string; folder: string; fullText: boolean; selector: string };

export type AddSourceState =
  | { status: "idle" }
  | { status: "error"; values: AddSourceValues; fieldErrors: FieldErrors; existingSourceId?: number | null }
  | { status: "choose"; values: AddSourceValues; candidates: { url: string; title: string | null; type: string }[] };

export type EditSourceState = { status: "idle" | "saved" | "error"; fieldErrors: FieldErrors };

export type ToggleEnabledState = { status: "idle" | "done" | "error"; message: string };

export type RemoveSourceState = { status: "idle" | "error"; fieldErrors: FieldErrors };

export type FetchNowState = { status: "idle" | "done" | "error"; message: string };

/** A one-button action on a source ("Re-extract", "Refresh the icon"): what it did, in words. */
export type SourceActionState = { status: "idle" | "done" | "error"; message: string };

export type OpmlPreview =
  | { ok: true; title: string | null; entries: OpmlEntry[]; skipped: OpmlSkip[] }
  | { ok: false; fieldErrors: FieldErrors };

export type ImportChunkResult = { ok: true; added: number; skipped: OpmlSkip[] } | { ok: false; message: string };
