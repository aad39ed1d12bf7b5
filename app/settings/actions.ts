"use server";
// Writes of the settings page. Next refuses a server action whose Origin does not match the Host,
// and the gate lets only a logged-in session reach this page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiCredentialsSchema, deriveApiCredentials } from "@/lib/features/auth/api-credentials";
import { clearApiCredentials, saveApiCredentials } from "@/lib/features/auth/api-credential-store";
import type { ApiPasswordState } from "@/lib/features/auth/api-password-state";
import { notifySettingsSchema } from "@/lib/features/notify/notify-target";
import type { NotifySettingsState } from "@/lib/features/notify/notify-settings-state";
import { saveNotifySettings } from "@/lib/features/notify/save-notify-settings";

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export async function saveApiPassword(_previous: ApiPasswordState, formData: FormData): Promise<ApiPasswordState> {
  const parsed = apiCredentialsSchema.safeParse({ user: text(formData, "user"), password: text(formData, "password") });
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  await saveApiCredentials(getDb(), await deriveApiCredentials(parsed.data));
  revalidatePath("/settings");
  return { status: "saved", fieldErrors: {} };
}

export async function clearApiPassword(): Promise<ApiPasswordState> {
  await clearApiCredentials(getDb());
  revalidatePath("/settings");
  return { status: "cleared", fieldErrors: {} };
}

export async function saveNotifySettingsAction(
  _previous: NotifySettingsState,
  formData: FormData,
): Promise<NotifySettingsState> {
  const submitted = { url: text(formData, "url").trim(), format: text(formData, "format") };
  const parsed = notifySettingsSchema.safeParse(submitted);
  if (!parsed.success) return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors, submitted };
  await saveNotifySettings(getDb(), parsed.data);
  revalidatePath("/settings");
  revalidatePath("/health");
  return { status: "saved", fieldErrors: {} };
}
