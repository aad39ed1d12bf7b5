// Input shapes of the JSON API, one zod schema per request. Query strings carry text, so their
// numbers and flags are coerced; JSON bodies must carry real types. Every string is bounded.
import { z } from "zod";
import { MAX_SEARCH_LENGTH, type ArticleScope } from "@/lib/base/article-scope";
import { decodeCursor, MAX_CURSOR_LENGTH } from "@/lib/pipeline/store/reading/cursor";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/reads/articles/list-query";
import { LIST_ORDERS, type ListOrder } from "@/lib/base/list-order";
import { decimalId, plainText } from "@/lib/http/plain-text";

const MAX_ID = 2_147_483_647;
const ORDER_NAMES: Record<ListOrder, string> = { newest: "newest-first", oldest: "oldest-first", best: "best-match" };
/** One undo request at most; the client sends a longer undo list in several requests. */
export const MAX_IDS_PER_REQUEST = 10_000;

const id = z.number().int().min(1).max(MAX_ID);
const queryId = decimalId();
const queryFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const searchText = plainText()
  .max(MAX_SEARCH_LENGTH)
  .transform((value) => value.trim())
  .transform((value) => (value === "" ? null : value));

const scopeQueryFields = {
  source: queryId.optional(),
  folder: queryId.optional(),
  unread: queryFlag.optional(),
  starred: queryFlag.optional(),
  q: searchText.optional(),
};

type ScopeInput = { source?: number; folder?: number; unread?: boolean; starred?: boolean; q?: string | null };

export function toScope(input: ScopeInput): ArticleScope {
  return {
    sourceId: input.source ?? null,
    folderId: input.folder ?? null,
    unread: input.unread ?? false,
    starred: input.starred ?? false,
    q: input.q ?? null,
  };
}

export const listQuerySchema = z
  .object({
    ...scopeQueryFields,
    cursor: plainText()
      .max(MAX_CURSOR_LENGTH)
      .transform((token, context) => {
        const cursor = decodeCursor(token);
        if (cursor === null) context.addIssue({ code: "custom", message: "not a cursor given by this API" });
        return cursor ?? z.NEVER;
      })
      .optional(),
    order: z.enum(LIST_ORDERS).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((query, context) => {
    // A cursor reads on in the order it was made for; a different order asked beside it is a client bug.
    if (query.cursor && query.order && query.cursor.order !== query.order) {
      context.addIssue({
        code: "custom",
        path: ["cursor"],
        message: `this cursor belongs to the ${ORDER_NAMES[query.cursor.order]} order, not ${ORDER_NAMES[query.order]}`,
      });
    }
    // Best match orders a search's matches: without the search, its cursor means nothing.
    if (query.cursor?.order === "best" && !query.q) {
      context.addIssue({
        code: "custom",
        path: ["cursor"],
        message: "this best-match cursor reads on a search: give its q",
      });
    }
  });

export const newArticlesQuerySchema = z.object({
  ...scopeQueryFields,
  since: decimalId(0),
});

export const articleParamsSchema = z.object({ id: queryId });

export const articlePatchSchema = z
  .object({ read: z.boolean().optional(), starred: z.boolean().optional() })
  .strict()
  .refine((body) => body.read !== undefined || body.starred !== undefined, "give read, starred or both");

export const markReadSchema = z
  .object({
    source: id.optional(),
    folder: id.optional(),
    unread: z.boolean().optional(),
    starred: z.boolean().optional(),
    q: searchText.optional(),
    olderThan: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value))
      .optional(),
    /** Only articles up to this id: those that arrived after the reader loaded the view stay unread. */
    maxId: id.optional(),
  })
  .strict();

export const markUnreadSchema = z.object({ ids: z.array(id).min(1).max(MAX_IDS_PER_REQUEST) }).strict();

export const readerSettingsSchema = z.object({ markReadOnScroll: z.boolean() }).strict();
