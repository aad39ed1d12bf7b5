// The Fever API's parameters and the API credentials' hashing: pure, table-driven.
import { describe, expect, it } from "vitest";
import { parseFeverCall } from "@/lib/features/fever/parse-fever-request";
import {
  apiCredentialsSchema,
  deriveApiCredentials,
  digestFeverKey,
  feverKeyOf,
} from "@/lib/features/auth/api-credentials";
import { userNameSchema } from "@/lib/features/auth/user-input";
import { verifyPassword } from "@/lib/features/auth/password-hash";

const parse = (query: string) => parseFeverCall(new URLSearchParams(query));

describe("parseFeverCall", () => {
  it.each([
    ["api&items", { kind: "oldest" }],
    ["api&items&since_id=0", { kind: "since", id: 0 }],
    ["api&items&since_id=42", { kind: "since", id: 42 }],
    ["api&items&max_id=0", { kind: "max", id: 0 }],
    ["api&items&max_id=7&since_id=3", { kind: "since", id: 3 }],
    ["api&items&with_ids=3,1, 2,3", { kind: "with", ids: [3, 1, 2] }],
    ["api&items&with_ids=", { kind: "with", ids: [] }],
  ])("reads the items arguments of %s", (query, items) => {
    const parsed = parse(query);
    expect(parsed.ok && parsed.call.reads.items).toEqual(items);
  });

  it("reads every read argument present, and the key", () => {
    const parsed = parse("api&api_key=abc&groups&feeds&favicons&links&unread_item_ids&saved_item_ids");
    expect(parsed).toEqual({
      ok: true,
      call: {
        apiKey: "abc",
        mark: null,
        reads: {
          groups: true,
          feeds: true,
          favicons: true,
          links: true,
          unreadItemIds: true,
          savedItemIds: true,
          items: null,
        },
      },
    });
  });

  it.each([
    ["mark=item&as=read&id=5", { kind: "item", as: "read", ids: [5] }],
    ["mark=item&as=unsaved&id=5,6", { kind: "item", as: "unsaved", ids: [5, 6] }],
    ["mark=feed&as=read&id=2&before=1700000000", { kind: "feed", sourceId: 2, before: new Date(1_700_000_000_000) }],
    ["mark=feed&as=read&id=2", { kind: "feed", sourceId: 2, before: null }],
    [
      "mark=group&as=read&id=0&before=1700000000",
      { kind: "group", folderId: "all", before: new Date(1_700_000_000_000) },
    ],
    ["mark=group&as=read&id=4&before=1", { kind: "group", folderId: 4, before: new Date(1000) }],
    ["mark=group&as=read&id=-1&before=1", { kind: "group", folderId: "none", before: new Date(1000) }],
  ])("reads the mark %s", (query, mark) => {
    const parsed = parse(query);
    expect(parsed.ok && parsed.call.mark).toEqual(mark);
  });

  it.each([
    ["items&since_id=abc", "since_id"],
    ["items&max_id=-3", "max_id"],
    ["items&since_id=99999999999", "since_id"],
    ["items&with_ids=1,x", "with_ids"],
    ["items&with_ids=1,,2", "with_ids"],
    [`items&with_ids=${Array.from({ length: 51 }, (_, n) => n + 1).join(",")}`, "at most 50"],
    [`items&with_ids=${Array.from({ length: 100_000 }, (_, n) => n + 1).join(",")}`, "at most 50"],
    ["mark=article&as=read&id=1", "mark"],
    ["mark=item&as=starred&id=1", "as"],
    ["mark=item&as=read", "id"],
    ["mark=item&as=read&id=0", "id"],
    ["mark=feed&as=unread&id=1", "as"],
    ["mark=feed&as=read&id=1&before=yesterday", "before"],
    ["mark=group&as=read&id=x&before=1", "id"],
  ])("refuses %s, naming %s", (query, named) => {
    const parsed = parse(query);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(named);
  });
});

describe("API credentials", () => {
  it("derive the Fever key as md5 of user:password in lower-case hex", () => {
    expect(feverKeyOf("tidings", "correct horse")).toBe("31928d14a0018c7456e1e936951f87f3");
  });

  it("match the key whatever its case, and nothing else", async () => {
    const stored = await deriveApiCredentials({ user: "tidings", password: "correct horse" });
    expect(stored.feverKeyDigest).toBe(digestFeverKey("31928d14a0018c7456e1e936951f87f3"));
    expect(stored.feverKeyDigest).not.toContain("31928d14");
    expect(digestFeverKey("31928D14A0018C7456E1E936951F87F3")).toBe(stored.feverKeyDigest);
    expect(digestFeverKey(feverKeyOf("tidings", "correct horsf"))).not.toBe(stored.feverKeyDigest);
    expect(await verifyPassword("correct horse", stored.passwordHash)).toBe(true);
  });

  it.each([{ password: "short" }, { password: "x".repeat(1025) }])("refuse the API password %o", (input) => {
    expect(apiCredentialsSchema.safeParse(input).success).toBe(false);
  });

  it.each(["", "a:b", "a b", "x".repeat(65)])("refuse the user name %j", (name) => {
    expect(userNameSchema.safeParse(name).success).toBe(false);
  });
});
