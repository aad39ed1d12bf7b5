import { describe, expect, it } from "vitest";
import { buildReaderHref, parseReaderLocation } from "@/lib/reads/articles/reader-location";
import { listQuerySchema } from "@/lib/reads/articles/request-schemas";
import { encodeCursor } from "@/lib/pipeline/store/reading/cursor";
import { describeRefresh } from "@/components/reader/describe-refresh";
import { emptyTally } from "@/lib/pipeline/round/walk-sources";

describe("the reader's order in the URL", () => {
  it.each([
    ["/?order=oldest", "oldest", "/?order=oldest"],
    ["/?view=all&source=3&order=oldest&article=9", "oldest", "/?view=all&source=3&order=oldest&article=9"],
    ["/?order=newest", "newest", "/"],
    ["/?order=sideways", "newest", "/"],
    ["/", "newest", "/"],
    // A search comes by best match unless the URL says otherwise; best match alone means nothing.
    ["/?q=fox", "best", "/?q=fox"],
    ["/?q=fox&order=best", "best", "/?q=fox"],
    ["/?q=fox&order=newest", "newest", "/?q=fox&order=newest"],
    ["/?q=fox&order=oldest", "oldest", "/?q=fox&order=oldest"],
    ["/?order=best", "newest", "/"],
  ])("reads %s as %s and writes it back as %s", (href, order, written) => {
    const location = parseReaderLocation(new URL(href, "http://reader.test").searchParams);
    expect(location.order).toBe(order);
    expect(buildReaderHref(location)).toBe(written);
  });
});

describe("the list's query string", () => {
  const cursorOf = (order: "newest" | "oldest") =>
    encodeCursor({ publishedAt: new Date("2025-01-01T00:00:00Z"), id: 7, order });

  it("takes order=oldest, and a cursor of either order alone (it carries its own)", () => {
    expect(listQuerySchema.parse({ order: "oldest" }).order).toBe("oldest");
    expect(listQuerySchema.parse({ cursor: cursorOf("oldest") }).cursor?.order).toBe("oldest");
    expect(listQuerySchema.parse({ cursor: cursorOf("oldest"), order: "oldest" }).cursor?.order).toBe("oldest");
  });

  it.each([
    ["an unknown order", { order: "random" }],
    ["a newest-first cursor asked oldest first", { cursor: cursorOf("newest"), order: "oldest" }],
    ["an oldest-first cursor asked newest first", { cursor: cursorOf("oldest"), order: "newest" }],
  ])("refuses %s", (_label, query) => {
    expect(listQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe("what Refresh says", () => {
  const tally = (fields: Partial<ReturnType<typeof emptyTally>>) => ({ ...emptyTally(0), ...fields });
  it.each([
    [
      {
        status: "completed" as const,
        tally: tally({ sourcesDue: 3, sourcesAttempted: 3, newArticles: 12 }),
        sourcesNotDue: 12,
      },
      "3 sources checked, 12 not due yet, 12 new articles.",
    ],
    [
      {
        status: "completed" as const,
        tally: tally({ sourcesDue: 1, sourcesAttempted: 1, newArticles: 1 }),
        sourcesNotDue: 1,
      },
      "1 source checked, 1 not due yet, 1 new article.",
    ],
    [
      { status: "completed" as const, tally: tally({ sourcesDue: 5, sourcesAttempted: 2 }), sourcesNotDue: 0 },
      "2 sources checked, 0 not due yet, 3 left for the next round, 0 new articles.",
    ],
    [
      { status: "skipped" as const, reason: "no source is due", sourcesNotDue: 15 },
      "No source is due: 15 not due yet, each waits for its next check.",
    ],
    [
      { status: "skipped" as const, reason: "another Tidings instance is running a round", sourcesNotDue: 15 },
      "Not refreshed: another Tidings instance is running a round.",
    ],
  ])("%#: %s", (answer, said) => {
    expect(describeRefresh(answer)).toBe(said);
  });
});
