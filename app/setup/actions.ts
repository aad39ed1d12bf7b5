"use server";
// The first admin of a fresh installation, named in the browser (setup mode: no user yet, loopback
// only, lib/features/auth/auth-state.ts). Refused once any user exists: this is no self-registration.
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { forgetAuthState, getAuthState } from "@/lib/features/auth/auth-state";
import { createFirstAdmin } from "@/lib/features/auth/user-accounts";
import { newPasswordSchema, userNameSchema } from "@/lib/features/auth/user-input";
import type { UserFormState } from "@/lib/features/auth/user-form-state";
import { openBrowserSession } from "@/lib/features/auth/open-browser-session";

const setupSchema = z.object({ name: userNameSchema, password: newPasswordSchema });

export async function setUpFirstAdmin(_previous: UserFormState, formData: FormData): Promise<UserFormState> {
  if ((await getAuthState()).mode !== "setup") redirect("/login");
  const parsed = setupSchema.safeParse({ name: formData.get("name") ?? "", password: formData.get("password") ?? "" });
  if (!parsed.success)
    return {
      status: "error",
      fieldErrors: z.flattenError(parsed.error).fieldErrors,
      name: String(formData.get("name") ?? ""),
    };
  const admin = await createFirstAdmin(getDb(), parsed.data.name, parsed.data.password);
  forgetAuthState(); // a user with a password exists now: the login mode
  if (admin === null) redirect("/login"); // someone else set Tidings up first
  const auth = await getAuthState();
  const holder = await getDb().user.findUniqueOrThrow({
    where: { id: admin.id },
    select: { id: true, passwordHash: true },
  });
  await openBrowserSession(holder, auth);
  redirect("/");
}
