// Writes prisma/postgres/schema.prisma from prisma/schema.prisma.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { derivePostgresSchema } from "../lib/db/derive-postgres-schema";

mkdirSync("prisma/postgres", { recursive: true });
writeFileSync("prisma/postgres/schema.prisma", derivePostgresSchema(readFileSync("prisma/schema.prisma", "utf8")));
console.log("wrote prisma/postgres/schema.prisma");
