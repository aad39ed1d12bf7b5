// Installation-wide values kept in the Setting table (the round's second offset, the session
// secret, the password hash). The store is the only writer.
import type { Db } from "@/lib/db/prisma-client";

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key } });
  return row?.value ?? null;
}

/**
 * The stored value, or `create()` stored as the value if there was none. Two instances starting
 * together may both try: the unique key lets exactly one insert win, and both return its value.
 */
export async function claimSetting(db: Db, key: string, create: () => string): Promise<string> {
  const stored = await readSetting(db, key);
  if (stored !== null) return stored;
  const value = create();
  try {
    await db.setting.create({ data: { key, value } });
    return value;
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    return (await readSetting(db, key)) ?? value;
  }
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.setting.deleteMany({ where: { key } });
}
