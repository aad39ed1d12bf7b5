"use server";
// Writes of the sources pages. Each action validates its form with ONE zod schema, returns field
// errors to useActionState, calls one store (or subscribe/round) function, and revalidates. Each
// acts for the session's reader, and only on a source they follow.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/base/env";
import { roundSettingsFromEnv } from "@/lib/pipeline/round/round-settings";
import { fetchSourceNow } from "@/lib/entry/server/round-runner";
import { subscribe } from "@/lib/reads/sources/subscribe";
import { parseOpml } from "@/lib/pipeline/parse/opml/parse-opml";
import { normalizeFeedUrl } from "@/lib/pipeline/parse/opml/normalize-feed-url";
import type { OpmlEntry, OpmlSkip } from "@/lib/pipeline/parse/opml/types";
import { screenImportEntries } from "@/lib/reads/sources/screen-import-entries";
import { editSource } from "@/lib/reads/sources/edit-source";
import { setSubscriptionPaused } from "@/lib/pipeline/store/sources/subscription-pause";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { followsSource } from "@/lib/reads/sources/follows-source";
import { setFullText } from "@/lib/pipeline/store/pages/set-full-text";
import { reExtractSource } from "@/lib/reads/sources/re-extract-source";
import { refreshIconNow } from "@/lib/pipeline/round/refresh-due-icons";
import { removeSource as removeSourceFromStore } from "@/lib/pipeline/store/sources/remove-source";
import { importSources } from "@/lib/pipeline/store/sources/import-sources";
import {
  addSourceSchema,
  editSourceSchema,
  fetchNowSchema,
  importChunkSchema,
  reExtractSchema,
  opmlUploadSchema,
  removeSourceSchema,
  toggleEnabledSchema,
} from "@/lib/reads/sources/form-schemas";
import type {
  AddSourceState,
  EditSourceState,
  FetchNowState,
  ImportChunkResult,
  OpmlPreview,
  SourceActionState,
  RemoveSourceState,
  ToggleEnabledState,
} from "@/lib/reads/sources/action-states";

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

function revalidateSources(sourceId?: number): void {
  revalidatePath("/sources");
  revalidatePath("/health");
  revalidatePath("/");
  if (sourceId !== undefined) revalidatePath(`/sources/${sourceId}`);
}

export async function addSource(_previous: AddSourceState, formData: FormData): Promise<AddSourceState> {
  // The login's password is never sent back to the form (the values are echoed into the page).
  const values = {
    url: text(formData, "url"),
    title: text(formData, "title"),
    folder: text(formData, "folder"),
    fullText: formData.get("fullText") === "on",
    selector: text(formData, "selector"),
  };
  const login = { loginUser: text(formData, "loginUser"), loginPassword: text(formData, "loginPassword") };
  const parsed = addSourceSchema.safeParse({ ...values, fullText: values.fullText ? "on" : "off", ...login });
  if (!parsed.success) return { status: "error", values, fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const result = await subscribe(getDb(), roundSettingsFromEnv(getEnv()), {
    userId: (await getSessionUser()).id,
    url: parsed.data.url,
    title: parsed.data.title,
    folderName: parsed.data.folder,
    login: parsed.data.login,
  });
  if (result.status === "choose") return { status: "choose", values, candidates: result.candidates };
  if (result.status === "invalid") {
    return {
      status: "error",
      values,
      fieldErrors: { [result.field]: [result.message] },
      existingSourceId: result.existingSourceId ?? null,
    };
  }
  // After the first fetch: its articles' pages are the next round's to fetch, in the lane.
  if (parsed.data.fullText || parsed.data.selector !== null)
    await setFullText(getDb(), {
      sourceId: result.sourceId,
      fullText: parsed.data.fullText,
      selector: parsed.data.selector,
    });
  revalidateSources(result.sourceId);
  redirect(`/sources/${result.sourceId}?added=1`);
}

export async function saveSourceSettings(_previous: EditSourceState, formData: FormData): Promise<EditSourceState> {
  const parsed = editSourceSchema.safeParse({
    id: text(formData, "id"),
    url: text(formData, "url"),
    title: text(formData, "title"),
    folder: text(formData, "folder"),
    retentionDays: text(formData, "retentionDays"),
    maxIntervalSeconds: text(formData, "checkEveryMinutes"),
    loginUser: text(formData, "loginUser"),
    loginPassword: text(formData, "loginPassword"),
    loginRemove: formData.get("loginRemove") === "on" ? "on" : "off",
    enabled: formData.get("enabled") === "on" ? "on" : "off",
    fullText: formData.get("fullText") === "on" ? "on" : "off",
    selector: text(formData, "selector"),
  });
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const { id, url, title, folder, enabled, retentionDays, maxIntervalSeconds, login } = parsed.data;
  const policy = { allowPrivateNetworks: roundSettingsFromEnv(getEnv()).fetch.allowPrivateNetworks };
  const saved = await editSource(getDb(), policy, {
    userId: (await getSessionUser()).id,
    sourceId: id,
    url,
    customTitle: title,
    folderName: folder,
    enabled,
    retentionDays,
    maxIntervalSeconds,
    login,
    now: new Date(),
  });
  if (saved.status === "error") return saved;
  const { sourceId } = saved;
  await setFullText(getDb(), { sourceId, fullText: parsed.data.fullText, selector: parsed.data.selector });
  revalidateSources(sourceId);
  // A new address may have moved the subscription to another source (shared with other readers).
  if (sourceId !== id) redirect(`/sources/${sourceId}`);
  return { status: "saved", fieldErrors: {} };
}

export async function toggleSourceEnabled(
  _previous: ToggleEnabledState,
  formData: FormData,
): Promise<ToggleEnabledState> {
  const parsed = toggleEnabledSchema.safeParse({ id: text(formData, "id"), enabled: text(formData, "enabled") });
  if (!parsed.success) return { status: "error", message: "Invalid request" };
  const change = await setSubscriptionPaused(getDb(), {
    userId: (await getSessionUser()).id,
    sourceId: parsed.data.id,
    paused: !parsed.data.enabled,
    now: new Date(),
  });
  if (!change) return { status: "error", message: "This source no longer exists." };
  revalidateSources(parsed.data.id);
  return {
    status: "done",
    message: parsed.data.enabled
      ? "Enabled: it is fetched in the next round."
      : "Disabled: rounds skip it until you enable it again.",
  };
}

export async function removeSource(_previous: RemoveSourceState, formData: FormData): Promise<RemoveSourceState> {
  const parsed = removeSourceSchema.safeParse({ id: text(formData, "id"), confirm: text(formData, "confirm") });
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const removed = await removeSourceFromStore(getDb(), {
    userId: (await getSessionUser()).id,
    sourceId: parsed.data.id,
  });
  if (!removed) return { status: "error", fieldErrors: { form: ["This source no longer exists."] } };
  revalidateSources();
  redirect(`/sources?removed=${encodeURIComponent(removed.title)}&articles=${removed.articles}`);
}

export async function fetchNow(_previous: FetchNowState, formData: FormData): Promise<FetchNowState> {
  const parsed = fetchNowSchema.safeParse({ id: text(formData, "id") });
  if (!parsed.success) return { status: "error", message: "Invalid request" };
  if (!(await followsSource((await getSessionUser()).id, parsed.data.id)))
    return { status: "error", message: "This source no longer exists." };
  const report = await fetchSourceNow(parsed.data.id);
  revalidateSources(parsed.data.id);
  if (report.status === "skipped") return { status: "error", message: `Not fetched: ${report.reason}` };
  if (report.status === "failed") return { status: "error", message: `Not stored: ${report.reason}` };
  const line = report.lines[0];
  if (!line) return { status: "error", message: "Not fetched (the source is disabled or was removed)." };
  const outcome =
    line.outcome === "error"
      ? `error (${line.errorKind ?? "unknown"}${line.detail ? `: ${line.detail}` : ""})`
      : line.outcome === "ok"
        ? `ok, ${line.newArticles} new`
        : "not modified (304)";
  return { status: "done", message: `Fetched: ${outcome}` };
}

export async function previewOpmlImport(formData: FormData): Promise<OpmlPreview> {
  const parsed = opmlUploadSchema.safeParse({ file: formData.get("file") });
  if (!parsed.success) return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const opml = parseOpml(await parsed.data.file.text());
  if (!opml.ok) return { ok: false, fieldErrors: { file: [`This file cannot be imported: ${opml.error}`] } };
  const { valid, refused } = screenImportEntries(opml.entries, {
    allowPrivateNetworks: getEnv().TIDINGS_ALLOW_PRIVATE_NETWORKS,
  });
  return { ok: true, title: opml.title, entries: valid, skipped: [...opml.skipped, ...refused] };
}

export async function importOpmlChunk(input: { entries: OpmlEntry[] }): Promise<ImportChunkResult> {
  const parsed = importChunkSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Invalid import chunk" };
  // The entries come back from the browser: check them again as if typed.
  const skipped: OpmlSkip[] = [];
  const checked: OpmlEntry[] = [];
  for (const entry of parsed.data.entries) {
    const url = normalizeFeedUrl(entry.url);
    const site = entry.siteUrl === null ? null : normalizeFeedUrl(entry.siteUrl);
    if (url.ok) checked.push({ ...entry, url: url.url, siteUrl: site?.ok ? site.url : null });
    else skipped.push({ url: entry.url, title: entry.title, reason: url.reason });
  }
  const { valid, refused } = screenImportEntries(checked, {
    allowPrivateNetworks: getEnv().TIDINGS_ALLOW_PRIVATE_NETWORKS,
  });
  const result = await importSources(getDb(), (await getSessionUser()).id, valid, new Date());
  revalidateSources();
  return { ok: true, added: result.added.length, skipped: [...skipped, ...refused, ...result.skipped] };
}

export async function reExtract(_previous: SourceActionState, formData: FormData): Promise<SourceActionState> {
  const parsed = reExtractSchema.safeParse({ id: text(formData, "id") });
  if (!parsed.success) return { status: "error", message: "Invalid request" };
  if (!(await followsSource((await getSessionUser()).id, parsed.data.id)))
    return { status: "error", message: "This source no longer exists." };
  const report = await reExtractSource(getDb(), parsed.data.id);
  revalidateSources(parsed.data.id);
  if (report.pages === 0)
    return { status: "done", message: "No article page is kept for this source yet: the rounds fetch them." };
  return {
    status: "done",
    message: `Read ${report.pages} kept page(s) again: ${report.extracted} with an article, ${report.pages - report.extracted} without (they show the feed's version).`,
  };
}

export async function refreshIcon(_previous: SourceActionState, formData: FormData): Promise<SourceActionState> {
  const parsed = reExtractSchema.safeParse({ id: text(formData, "id") });
  if (!parsed.success) return { status: "error", message: "Invalid request" };
  const followed = await followsSource((await getSessionUser()).id, parsed.data.id);
  const result = followed ? await refreshIconNow(getDb(), roundSettingsFromEnv(getEnv()), parsed.data.id) : null;
  if (result === null) return { status: "error", message: "This source no longer exists." };
  revalidateSources(parsed.data.id);
  if (result.state === "found") return { status: "done", message: `Icon found at ${result.url}.` };
  return { status: "done", message: `${result.detail ?? "No icon found"}; asked again next month.` };
}
