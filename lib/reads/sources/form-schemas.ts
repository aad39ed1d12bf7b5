// One zod schema per form on the sources pages. Bounded lengths everywhere: a form is an input
// from the network like any other.
import { z } from "zod";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from "@/lib/pipeline/parse/opml/limits";
import { completeWebAddress } from "@/lib/reads/sources/complete-web-address";
import { MAX_LOGIN_PASSWORD_LENGTH, MAX_LOGIN_USER_LENGTH } from "@/lib/base/login-limits";
import { decimalId, plainText } from "@/lib/http/plain-text";
import { fullTextFields } from "@/lib/reads/sources/full-text-fields";

const optionalText = (max: number, label: string) =>
  plainText()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .transform((value) => (value === "" ? null : value));

/** The most days a source may keep read articles: as TIDINGS_RETENTION_DAYS allows (100 years). */
export const MAX_RETENTION_DAYS = 36_500;

const sourceId = decimalId();

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return true; // reported by the next check, with its own message
  const protocol = new URL(value).protocol;
  return protocol === "http:" || protocol === "https:";
}

const webAddress = plainText()
  .trim()
  .min(1, "Enter the address of a feed or of a site")
  .max(MAX_URL_LENGTH, `An address is at most ${MAX_URL_LENGTH.toLocaleString("en")} characters`)
  // Checked as completed (`example.com` is https://example.com) but passed on as typed, so that
  // subscribe() knows no scheme was given and may fall back to http.
  .refine(
    (value) => URL.canParse(completeWebAddress(value)),
    "This is not a web address (it should look like example.com or https://example.com/feed.xml)",
  )
  .refine((value) => isHttpUrl(completeWebAddress(value)), "Only http:// and https:// addresses can be followed");

/** An HTTP Basic login (RFC 7617): a user name without a colon, and a password; both, or neither. */
const loginFields = {
  loginUser: z
    .string()
    .trim()
    .max(MAX_LOGIN_USER_LENGTH, `A user name is at most ${MAX_LOGIN_USER_LENGTH} characters`)
    .refine((value) => !value.includes(":"), "A user name for HTTP Basic login cannot contain a colon")
    .default(""),
  // Not trimmed: spaces may be part of a password.
  loginPassword: z
    .string()
    .max(MAX_LOGIN_PASSWORD_LENGTH, `A password is at most ${MAX_LOGIN_PASSWORD_LENGTH} characters`)
    .default(""),
};

function checkLoginPair(form: { loginUser: string; loginPassword: string }, context: z.RefinementCtx): void {
  if (form.loginUser === "" && form.loginPassword !== "")
    context.addIssue({
      code: "custom",
      path: ["loginUser"],
      message: "Give the user name that goes with the password",
    });
  if (form.loginUser !== "" && form.loginPassword === "")
    context.addIssue({
      code: "custom",
      path: ["loginPassword"],
      message: "Give the password that goes with the user name",
    });
}

const toLogin = (user: string, password: string) => (user === "" ? null : { user, password });

export const addSourceSchema = z
  .object({
    url: webAddress,
    title: optionalText(MAX_TITLE_LENGTH, "A title"),
    folder: optionalText(MAX_FOLDER_LENGTH, "A folder name"),
    ...fullTextFields,
    ...loginFields,
  })
  .superRefine(checkLoginPair)
  .transform(({ loginUser, loginPassword, ...rest }) => ({ ...rest, login: toLogin(loginUser, loginPassword) }));

/** Days read articles are kept (lib/pipeline/store/retention); empty: the installation's number; 0: for ever. */
const retentionDays = z
  .string()
  .trim()
  .regex(/^\d{0,5}$/, "Days are a whole number, 0 or more (0 keeps every article)")
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((value) => value === null || value <= MAX_RETENTION_DAYS, `At most ${MAX_RETENTION_DAYS} days`)
  // Absent (a form without the field): the source keeps what it has.
  .optional();

/** The most minutes a source's "check at least every" may say: the 30 days TIDINGS_MAX_INTERVAL allows. */
export const MAX_CHECK_EVERY_MINUTES = 30 * 24 * 60;

/** "Check at least every" in minutes; empty: the installation's maximum. Stored in seconds. */
const checkEveryMinutes = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, "Minutes are a whole number, 1 or more (empty: as the feed's rhythm says)")
  .transform((value) => (value === "" ? null : Number(value)))
  .refine(
    (value) => value === null || (value >= 1 && value <= MAX_CHECK_EVERY_MINUTES),
    `Between 1 and ${MAX_CHECK_EVERY_MINUTES} minutes (30 days)`,
  )
  .transform((minutes) => (minutes === null ? null : minutes * 60))
  .default(null);

export const editSourceSchema = z
  .object({
    id: sourceId,
    url: webAddress,
    title: optionalText(MAX_TITLE_LENGTH, "A title"),
    folder: optionalText(MAX_FOLDER_LENGTH, "A folder name"),
    retentionDays,
    maxIntervalSeconds: checkEveryMinutes,
    ...loginFields,
    loginRemove: z.enum(["on", "off"]).default("off"),
    enabled: z.enum(["on", "off"]).transform((value) => value === "on"),
    ...fullTextFields,
  })
  .superRefine(checkLoginPair)
  .transform(({ loginUser, loginPassword, loginRemove, ...rest }) => ({
    ...rest,
    login: loginRemove === "on" ? ("remove" as const) : toLogin(loginUser, loginPassword),
  }));

export const toggleEnabledSchema = z.object({
  id: sourceId,
  enabled: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const removeSourceSchema = z.object({
  id: sourceId,
  confirm: z.literal("yes", "Confirm that the source and its articles are deleted"),
});

export const fetchNowSchema = z.object({ id: sourceId });

export const reExtractSchema = z.object({ id: sourceId });

/** Next's default limit for a server action's body is 1 MB: the web form stays under it. */
export const MAX_OPML_UPLOAD_BYTES = 1000 * 1000;

export const opmlUploadSchema = z.object({
  file: z
    .instanceof(File, { message: "Choose an OPML file" })
    .refine((file) => file.size > 0, "Choose an OPML file (this one is empty)")
    .refine(
      (file) => file.size <= MAX_OPML_UPLOAD_BYTES,
      `The file is larger than ${MAX_OPML_UPLOAD_BYTES / 1000 / 1000} MB: use \`tidings import FILE\` (up to 2 MB) or split it`,
    ),
});

/** The import form sends the parsed entries back in chunks (so it can show progress). */
export const IMPORT_CHUNK_SIZE = 25;

export const importChunkSchema = z.object({
  entries: z
    .array(
      z.object({
        url: plainText().max(MAX_URL_LENGTH),
        title: plainText().max(MAX_TITLE_LENGTH).nullable(),
        folder: plainText().max(MAX_FOLDER_LENGTH).nullable(),
        siteUrl: plainText().max(MAX_URL_LENGTH).nullable(),
      }),
    )
    .min(1)
    .max(IMPORT_CHUNK_SIZE),
});

export type FieldErrors = Partial<Record<string, string[]>>;
