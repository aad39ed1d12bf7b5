// An installation in use, as the browser tests and benches assume: its first admin exists (as the
// first `tidings add` makes them), without a password, so Tidings runs open on loopback, as it did
// before users. A test of the fresh installation's /setup starts the server without this.
import { resolveDatabaseTarget } from "@/lib/db/database-target";
import { closePrismaClient, createPrismaClient } from "@/lib/db/prisma-client";
import { claimFirstAdmin } from "@/lib/features/auth/users";

export async function claimFirstAdminAt(databaseUrl: string): Promise<void> {
  const db = createPrismaClient(resolveDatabaseTarget(databaseUrl));
  try {
    await claimFirstAdmin(db);
  } finally {
    await closePrismaClient(db);
  }
}
