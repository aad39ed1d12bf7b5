import { describe, expect, it } from "vitest";
import { DatabaseConfigError, describeDatabaseTarget, resolveDatabaseTarget } from "@/lib/db/database-target";
import { parseEnv } from "@/lib/base/env";
import { projectRoot } from "@/lib/base/project-root";

describe("DATABASE_URL", () => {
  it.each([
    [undefined, { provider: "sqlite", filePath: "/srv/tidings/data/tidings.db" }],
    ["file:./other.db", { provider: "sqlite", filePath: "/srv/tidings/other.db" }],
    ["file:/var/lib/tidings.db", { provider: "sqlite", filePath: "/var/lib/tidings.db" }],
    ["postgresql://u@db:5432/tidings", { provider: "postgresql", url: "postgresql://u@db:5432/tidings", schema: null }],
    [
      "postgres://u@db/tidings?schema=reader",
      { provider: "postgresql", url: "postgres://u@db/tidings", schema: "reader" },
    ],
  ])("%s resolves to the right database", (url, expected) => {
    expect(resolveDatabaseTarget(url, "/srv/tidings", "/srv/tidings")).toEqual(expected);
  });

  it("puts the default database in the installation, and a relative path that was set in the working directory", () => {
    // `cd /tmp && tidings sources` must read the app's database, not create /tmp/data/tidings.db.
    expect(resolveDatabaseTarget(undefined, "/tmp", "/srv/tidings")).toEqual({
      provider: "sqlite",
      filePath: "/srv/tidings/data/tidings.db",
    });
    expect(resolveDatabaseTarget("file:./other.db", "/tmp", "/srv/tidings")).toEqual({
      provider: "sqlite",
      filePath: "/tmp/other.db",
    });
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

describe("the installation's root", () => {
  it("is TIDINGS_PROJECT_ROOT when the command line set it, and the working directory for the app", () => {
    expect(projectRoot(parseEnv({ NODE_ENV: "test", TIDINGS_PROJECT_ROOT: "/srv/tidings" }))).toBe("/srv/tidings");
    expect(projectRoot(parseEnv({ NODE_ENV: "test" }))).toBe(process.cwd());
    expect(projectRoot(parseEnv({ NODE_ENV: "test", TIDINGS_PROJECT_ROOT: " " }))).toBe(process.cwd());
  });
});
