import { describe, expect, it } from "vitest";
import { DatabaseConfigError, describeDatabaseTarget, resolveDatabaseTarget } from "@/lib/db/database-target";

describe("DATABASE_URL", () => {
  it.each([
    [undefined, { provider: "sqlite", filePath: "/srv/tidings/data/tidings.db" }],
    ["file:./other.db", { provider: "sqlite", filePath: "/srv/tidings/other.db" }],
    ["file:/var/lib/tidings.db", { provider: "sqlite", filePath: "/var/lib/tidings.db" }],
    ["postgresql://u@db:5432/tidings", { provider: "postgresql", url: "postgresql://u@db:5432/tidings", schema: null }],
    ["postgres://u@db/tidings?schema=reader", { provider: "postgresql", url: "postgres://u@db/tidings", schema: "reader" }],
  ])("%s resolves to the right database", (url, expected) => {
    expect(resolveDatabaseTarget(url, "/srv/tidings")).toEqual(expected);
  });

  it.each(["mysql://root@localhost/tidings", "sqlite.db", "http://example.com", "file:"])(
    "%s is refused with a one-line message naming the accepted forms",
    (url) => {
      const error = (() => {
        try {
          resolveDatabaseTarget(url);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(DatabaseConfigError);
      expect((error as Error).message).toMatch(/^DATABASE_URL: /);
      expect((error as Error).message).not.toContain("\n");
    },
  );

  it("never shows credentials when describing a PostgreSQL target", () => {
    const target = resolveDatabaseTarget("postgresql://reader:s3cret@db.local:6543/news?schema=x");
    expect(describeDatabaseTarget(target)).toBe("PostgreSQL db.local:6543/news (schema x)");
  });
});
