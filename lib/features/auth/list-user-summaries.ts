// The users as /admin/users and `tidings user list` show them: who, their role and state, and how
// much they read (subscriptions and unread, from the counts kept on each subscription).
import type { Db } from "@/lib/db/client";
import { asReaderUser, type ReaderUser } from "@/lib/features/auth/users";

export type UserSummary = ReaderUser & {
  disabled: boolean;
  hasPassword: boolean;
  subscriptions: number;
  unread: number;
  lastSeenAt: Date | null;
  createdAt: Date;
};

export async function listUserSummaries(db: Db): Promise<UserSummary[]> {
  const [users, counts] = await Promise.all([
    db.user.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        name: true,
        role: true,
        passwordHash: true,
        disabledAt: true,
        lastSeenAt: true,
        createdAt: true,
      },
    }),
    db.subscription.groupBy({ by: ["userId"], _count: { _all: true }, _sum: { unreadCount: true } }),
  ]);
  const byUser = new Map(counts.map((row) => [row.userId, row]));
  return users.map((user) => ({
    ...asReaderUser(user),
    disabled: user.disabledAt !== null,
    hasPassword: user.passwordHash !== null,
    subscriptions: byUser.get(user.id)?._count._all ?? 0,
    unread: byUser.get(user.id)?._sum.unreadCount ?? 0,
    lastSeenAt: user.lastSeenAt,
    createdAt: user.createdAt,
  }));
}
