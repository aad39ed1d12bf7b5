// Reads and writes of the Setting table, by the registry's names (settings-registry.ts).
import type { Db } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/client";
import { SETTINGS, type SettingName } from "@/lib/settings/settings-registry";

const keyOf = (name: SettingName) => SETTINGS[name].key;

export async function readSetting(db: Db, name: SettingName): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key: keyOf(name) } });
  return row?.value ?? null;
}

/** Several settings in one query, by name (null where unset). */
export async function readSettings<N extends SettingName>(
  db: Db,
  names: readonly N[],
): Promise<Record<N, string | null>> {
  const rows = await db.setting.findMany({ where: { key: { in: names.map(keyOf) } } });
  return Object.fromEntries(
    names.map((name) => [name, rows.find((row) => row.key === keyOf(name))?.value ?? null]),
  ) as Record<N, string | null>;
}

/**
 * The stored value, or `create()` stored as the value if there was none. Two instances starting
 * together may both try: the unique key lets exactly one insert win, and both return its value.
 */
export async function claimSetting(db: Db, name: SettingName, create: () => string): Promise<string> {
  const stored = await readSetting(db, name);
  if (stored !== null) return stored;
  const value = create();
  try {
    await db.setting.create({ data: { key: keyOf(name), value } });
    return value;
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    return (await readSetting(db, name)) ?? value;
  }
}

/** Writes these settings together, all or nothing; a null value removes the row. */
export async function writeSettings(db: Db, values: Partial<Record<SettingName, string | null>>): Promise<void> {
  const entries = Object.entries(values) as [SettingName, string | null][];
  await inTransaction(db, async (tx) => {
    for (const [name, value] of entries) {
      if (value === null) await tx.setting.deleteMany({ where: { key: keyOf(name) } });
      else
        await tx.setting.upsert({
          where: { key: keyOf(name) },
          create: { key: keyOf(name), value },
          update: { value },
        });
    }
  });
}

export async function writeSetting(db: Db, name: SettingName, value: string): Promise<void> {
  await writeSettings(db, { [name]: value });
}

export async function deleteSetting(db: Db, name: SettingName): Promise<void> {
  await writeSettings(db, { [name]: null });
}
