// The stored robots.txt of an origin (the store is the only writer).
import type { Db } from "@/lib/db/client";

export type RobotsTxtRow = {
  origin: string;
  body: string;
  httpStatus: number | null;
  etag: string | null;
  lastModified: string | null;
  fetchedAt: Date;
  nextFetchAt: Date;
};

export async function readRobotsTxt(db: Db, origin: string): Promise<RobotsTxtRow | null> {
  return db.robotsTxt.findUnique({ where: { origin } });
}

export async function saveRobotsTxt(db: Db, row: RobotsTxtRow): Promise<void> {
  const { origin, ...rest } = row;
  await db.robotsTxt.upsert({ where: { origin }, create: row, update: rest });
}
