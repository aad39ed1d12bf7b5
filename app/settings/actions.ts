"use server";
// Writes of the settings page, each for the session's user. The gate refuses a cross-site server
// action with 403 and lets only a logged-in session reach this page (lib/features/auth/gate-request.ts).
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiCredentialsSchema, deriveApiCredentials } from "@/lib/features/auth/api-credentials";
import { clearApiCredentials, saveApiCredentials } from "@/lib/features/auth/api-credential-store";
import type { ApiPasswordState } from "@/lib/features/auth/api-password-state";
import type { NotifySettingsState } from "@/lib/features/notify/notify-settings-state";
import { submitNotifySettings } from "@/lib/features/notify/submit-notify-settings";
import { getEnv } from "@/lib/base/env";
import { endSessionById, endUserSessions } from "@/lib/features/auth/sessions";
import { SESSION_COOKIE } from "@/lib/features/auth/session-token";
import { decimalId } from "@/lib/http/plain-text";
import { getSessionUser, requireAdmin } from "@/lib/features/auth/session-user";

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export async function saveApiPassword(_previous: ApiPasswordState, formData: FormData): Promise<ApiPasswordState> {
  const user = await getSessionUser();
  const parsed = apiCredentialsSchema.safeParse({ password: text(formData, "password") });
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  await saveApiCredentials(getDb(), user.id, await deriveApiCredentials({ user: user.name, ...parsed.data }));
  revalidatePath("/settings");
  return { status: "saved", fieldErrors: {} };
}

export async function clearApiPassword(): Promise<ApiPasswordState> {
  await clearApiCredentials(getDb(), (await getSessionUser()).id);
  revalidatePath("/settings");
  return { status: "cleared", fieldErrors: {} };
}

/** Where alerts are sent: the admin's (alerts are about the whole fleet). */
export async function saveNotifySettingsAction(
  _previous: NotifySettingsState,
  formData: FormData,
): Promise<NotifySettingsState> {
  await requireAdmin();
  const submitted = { url: text(formData, "url").trim(), format: text(formData, "format") };
  const state = await submitNotifySettings(getDb(), submitted, getEnv().TIDINGS_ALLOW_PRIVATE_NETWORKS);
  if (state.status !== "saved") return state;
  revalidatePath("/settings");
  revalidatePath("/health");
  return state;
}

/** Ends one of one's other sessions (the list on this page). */
export async function signOutSession(formData: FormData): Promise<void> {
  const user = await getSessionUser();
  const id = decimalId().safeParse(text(formData, "id"));
  if (id.success) await endSessionById(getDb(), user.id, id.data);
  revalidatePath("/settings");
}

/** "Sign out everywhere": every one of one's sessions ends, this browser's too, which goes to the login form. */
export async function signOutEverywhere(): Promise<void> {
  await endUserSessions(getDb(), (await getSessionUser()).id);
  (await cookies()).delete(SESSION_COOKIE);
  redirect("/login");
}
