// A user's API password for the tests of the feed apps' APIs: the user of that name (made, as an
// admin, if missing) gets it, as `tidings api-password --user NAME` would set it.
import type { Db } from "@/lib/db/client";
import { deriveApiCredentials } from "@/lib/features/auth/api-credentials";
import { clearApiCredentials, saveApiCredentials } from "@/lib/features/auth/api-credential-store";

async function userIdOf(db: Db, name: string): Promise<number> {
  const user = await db.user.upsert({
    where: { name },
    create: { name, role: "admin" },
    update: {},
    select: { id: true },
  });
  return user.id;
}

export async function setApiPassword(db: Db, name: string, password: string): Promise<void> {
  await saveApiCredentials(db, await userIdOf(db, name), await deriveApiCredentials({ user: name, password }));
}

export async function clearApiPassword(db: Db, name: string): Promise<void> {
  await clearApiCredentials(db, await userIdOf(db, name));
}
