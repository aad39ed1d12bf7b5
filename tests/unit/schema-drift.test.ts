import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema } from "@/lib/db/derive-postgres-schema";
import { buildPrefixTsquery } from "@/lib/db/search-sql";

describe("the data model", () => {
  it("has a committed PostgreSQL schema derived from the SQLite one (run `npm run db:derive`)", () => {
    const source = readFileSync("prisma/schema.prisma", "utf8");
    expect(readFileSync("prisma/postgres/schema.prisma", "utf8")).toBe(derivePostgresSchema(source));
  });

  it("has migrations for every change to the model (run `npm run db:migration -- <name>`)", () => {
    expect(readFileSync("prisma/migrations/schema.snapshot.prisma", "utf8")).toBe(
      readFileSync("prisma/schema.prisma", "utf8"),
    );
  });
});

describe("PostgreSQL's full-text search", () => {
  it("turns the user's words into quoted prefix terms, so quotes and operators stay text", () => {
    expect(buildPrefixTsquery("  learn  Rust ")).toBe("'learn':* & 'Rust':*");
    expect(buildPrefixTsquery("it's a\\b !x|y")).toBe("'it''s':* & 'a\\\\b':* & '!x|y':*");
    expect(buildPrefixTsquery(" ")).toBe("");
  });
});
