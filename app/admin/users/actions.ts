"use server";
// The admin's writes on /admin/users. The gate answers a member's POST here with a 404 before it
// reaches an action; each action asks again (requireAdmin), so no other page can borrow them.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { forgetAuthState, getAuthState } from "@/lib/features/auth/auth-state";
import { requireAdmin } from "@/lib/features/auth/session-user";
import { createUser, deleteUser, setUserDisabled, setUserPassword } from "@/lib/features/auth/user-accounts";
import { newPasswordSchema, newUserSchema } from "@/lib/features/auth/user-input";
import type { UserFormState } from "@/lib/features/auth/user-form-state";
import { decimalId } from "@/lib/http/plain-text";
import { removeOrphanSources } from "@/lib/pipeline/store/sources/remove-orphan-sources";

const PAGE = "/admin/users";

const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** The user a row's form names, never the acting admin where the action must not apply to oneself. */
async function targetOf(formData: FormData, options: { notSelf: boolean }): Promise<number | null> {
  const admin = await requireAdmin();
  const id = decimalId().safeParse(field(formData, "id"));
  if (!id.success || (options.notSelf && id.data === admin.id)) return null;
  return id.data;
}

export async function addUser(_previous: UserFormState, formData: FormData): Promise<UserFormState> {
  await requireAdmin();
  // Open mode (nobody has a password): a member with one would turn the login on and lock out the
  // admin, who has none yet.
  if ((await getAuthState()).mode === "open")
    return {
      status: "error",
      message: "Set your own password first (Reset password on your row), then add others.",
      fieldErrors: {},
    };
  const parsed = newUserSchema.safeParse({
    name: field(formData, "name"),
    password: field(formData, "password"),
    role: field(formData, "role"),
  });
  if (!parsed.success)
    return { status: "error", fieldErrors: z.flattenError(parsed.error).fieldErrors, name: field(formData, "name") };
  const user = await createUser(getDb(), parsed.data);
  if (user === null) return { status: "error", fieldErrors: { name: ["That name is taken."] }, name: parsed.data.name };
  forgetAuthState();
  revalidatePath(PAGE);
  return { status: "saved", message: `Added ${user.role} “${user.name}”.`, fieldErrors: {} };
}

export async function resetUserPassword(_previous: UserFormState, formData: FormData): Promise<UserFormState> {
  const id = await targetOf(formData, { notSelf: false });
  if (id === null) return { status: "error", message: "No such user.", fieldErrors: {} };
  const password = newPasswordSchema.safeParse(field(formData, "password"));
  if (!password.success) return { status: "error", fieldErrors: { password: [password.error.issues[0]!.message] } };
  const ended = await setUserPassword(getDb(), id, password.data);
  forgetAuthState();
  revalidatePath(PAGE);
  return { status: "saved", message: `Password reset; ${ended} session(s) ended.`, fieldErrors: {} };
}

export async function setUserEnabled(formData: FormData): Promise<void> {
  const id = await targetOf(formData, { notSelf: true });
  if (id === null) return;
  await setUserDisabled(getDb(), id, field(formData, "enabled") !== "true", new Date());
  revalidatePath(PAGE);
}

/** With the confirmation ticked: the user, their subscriptions and reading, and the sources nobody else follows. */
export async function removeUser(formData: FormData): Promise<void> {
  const id = await targetOf(formData, { notSelf: true });
  if (id === null || field(formData, "confirm") !== "yes") return;
  await deleteUser(getDb(), id);
  await removeOrphanSources(getDb());
  forgetAuthState();
  revalidatePath(PAGE);
}
