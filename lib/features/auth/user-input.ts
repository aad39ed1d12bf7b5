// What a user name and a login password may be, wherever they are typed: the login and setup
// forms, /admin/users and the command line. The name is also the feed apps' (Google Reader's
// Email, the "name" in Fever's md5("name:password")). Imports only zod and the plain-text rule,
// so browser forms may share it.
import { z } from "zod";
import { plainText } from "@/lib/http/plain-text";
import { MAX_API_USER_LENGTH } from "@/lib/features/auth/api-credential-limits";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const userNameSchema = plainText()
  .trim()
  .min(1, "Enter a user name")
  .max(MAX_API_USER_LENGTH, `A user name is at most ${MAX_API_USER_LENGTH} characters`)
  // The Fever key is md5("name:password"): a colon in the name would make two pairs one key.
  .refine((value) => !/[:\s]/.test(value), "A user name has no colon and no spaces");

export const newPasswordSchema = plainText()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`);

export const userRoleSchema = z.enum(["admin", "member"]);

/** A new user as an admin types it (/admin/users, `tidings user add`). */
export const newUserSchema = z.object({ name: userNameSchema, password: newPasswordSchema, role: userRoleSchema });
