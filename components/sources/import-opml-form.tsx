"use client";
// OPML import with real progress: the server parses and checks the file first (nothing is
// written), then the entries go back in small chunks, each imported in one transaction, and the
// bar advances per chunk. Imported sources are only scheduled (due at once): the rounds fetch
// them one at a time, never all at once.
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { importOpmlChunk, previewOpmlImport } from "@/app/sources/actions";
import { IMPORT_CHUNK_SIZE, MAX_OPML_UPLOAD_BYTES } from "@/lib/reads/sources/form-schemas";
import type { OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import { FieldError } from "@/components/forms/field-error";
import { ImportReport } from "@/components/sources/import-report";
import styles from "@/components/forms/form.module.css";

type Phase =
  | { step: "idle"; error: string | null }
  | { step: "reading" }
  | { step: "importing"; done: number; total: number }
  | { step: "finished"; added: number; total: number; skipped: OpmlSkip[]; failed: string | null };

export function ImportOpmlForm() {
  const [phase, setPhase] = useState<Phase>({ step: "idle", error: null });
  const busy = phase.step === "reading" || phase.step === "importing";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return setPhase({ step: "idle", error: "Choose an OPML file" });
    if (file.size > MAX_OPML_UPLOAD_BYTES)
      return setPhase({
        step: "idle",
        error: `The file is larger than ${MAX_OPML_UPLOAD_BYTES / 1000 / 1000} MB: use \`tidings import FILE\` (up to 2 MB) or split it`,
      });
    setPhase({ step: "reading" });
    try {
      const preview = await previewOpmlImport(formData);
      if (!preview.ok)
        return setPhase({ step: "idle", error: preview.fieldErrors.file?.[0] ?? "This file cannot be imported" });
      const skipped = [...preview.skipped];
      const total = preview.entries.length;
      let added = 0;
      setPhase({ step: "importing", done: 0, total });
      for (let start = 0; start < total; start += IMPORT_CHUNK_SIZE) {
        const result = await importOpmlChunk({ entries: preview.entries.slice(start, start + IMPORT_CHUNK_SIZE) });
        if (!result.ok) return setPhase({ step: "finished", added, total, skipped, failed: result.message });
        added += result.added;
        skipped.push(...result.skipped);
        setPhase({ step: "importing", done: Math.min(total, start + IMPORT_CHUNK_SIZE), total });
      }
      setPhase({ step: "finished", added, total, skipped, failed: null });
    } catch {
      setPhase({
        step: "idle",
        error:
          "The import was interrupted (server unreachable?). Feeds imported so far are kept; importing the file again skips them.",
      });
    }
  }

  return (
    <>
      <form onSubmit={submit} className={styles.form} noValidate>
        <div className={styles.field}>
          <label htmlFor="file" className={styles.label}>
            OPML file
          </label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".opml,.xml,text/x-opml,application/xml,text/xml"
            className={styles.input}
            disabled={busy}
            aria-invalid={phase.step === "idle" && phase.error ? true : undefined}
            aria-describedby="file-hint"
          />
          <span id="file-hint" className={styles.hint}>
            An export from another reader. Folders are kept; feeds you already follow are skipped. Nothing is fetched
            now: the new sources join the normal schedule.
          </span>
          <FieldError id="file-error" errors={phase.step === "idle" && phase.error ? [phase.error] : undefined} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={busy}>
            Import
          </button>
          {phase.step === "reading" ? (
            <span className={styles.status} role="status">
              Reading the file…
            </span>
          ) : null}
          {phase.step === "importing" ? (
            <span className={styles.status} role="status">
              <progress max={phase.total} value={phase.done} aria-label="Import progress" /> {phase.done} of{" "}
              {phase.total} feeds
            </span>
          ) : null}
        </div>
      </form>
      {phase.step === "finished" ? (
        <>
          <ImportReport added={phase.added} skipped={phase.skipped} />
          {phase.failed ? (
            <p className={styles.error} role="alert">
              Stopped early: {phase.failed}
            </p>
          ) : null}
          <p>
            <Link href="/sources">Go to the sources →</Link>
          </p>
        </>
      ) : null}
    </>
  );
}
