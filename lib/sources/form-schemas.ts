// One zod schema per form on the sources pages. Bounded lengths everywhere: a form is an input
// from the network like any other.
import { z } from "zod";
import { MAX_FOLDER_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from "@/lib/opml/limits";
import { fullTextFields } from "@/lib/sources/full-text-fields";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .transform((value) => (value === "" ? null : value));

const sourceId = z.coerce.number().int().positive().max(2_147_483_647);

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return true; // reported by the next check, with its own message
  const protocol = new URL(value).protocol;
  return protocol === "http:" || protocol === "https:";
}

const webAddress = z
  .string()
  .trim()
  .min(1, "Enter the address of a feed or of a site")
  .max(MAX_URL_LENGTH, `An address is at most ${MAX_URL_LENGTH.toLocaleString("en")} characters`)
  .refine(
    (value) => URL.canParse(value),
    "This is not a web address (it should look like https://example.com/feed.xml)",
  )
  .refine(isHttpUrl, "Only http:// and https:// addresses can be followed");

export const addSourceSchema = z.object({
  url: webAddress,
  title: optionalText(MAX_TITLE_LENGTH, "A title"),
  folder: optionalText(MAX_FOLDER_LENGTH, "A folder name"),
  ...fullTextFields,
});

export const editSourceSchema = z.object({
  id: sourceId,
  url: webAddress,
  title: optionalText(MAX_TITLE_LENGTH, "A title"),
  folder: optionalText(MAX_FOLDER_LENGTH, "A folder name"),
  enabled: z.enum(["on", "off"]).transform((value) => value === "on"),
  ...fullTextFields,
});

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
        url: z.string().max(MAX_URL_LENGTH),
        title: z.string().max(MAX_TITLE_LENGTH).nullable(),
        folder: z.string().max(MAX_FOLDER_LENGTH).nullable(),
        siteUrl: z.string().max(MAX_URL_LENGTH).nullable(),
      }),
    )
    .min(1)
    .max(IMPORT_CHUNK_SIZE),
});

export type FieldErrors = Partial<Record<string, string[]>>;
