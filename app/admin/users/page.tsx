import type { Metadata } from "next";
import { PageHeader } from "@/components/sources/page-header";
import { AddUserForm } from "@/components/admin/add-user-form";
import { UserTable } from "@/components/admin/user-table";
import { getDb } from "@/lib/db/client";
import { requireAdmin } from "@/lib/features/auth/session-user";
import { listUserSummaries } from "@/lib/features/auth/list-user-summaries";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const admin = await requireAdmin();
  const users = await listUserSummaries(getDb());
  return (
    <>
      <PageHeader title="Users" />
      <p>
        Everyone who reads on this Tidings. Each user has their own subscriptions and reading; a feed followed by
        several is fetched once for all of them. Nobody can sign up by themselves: add them here.
      </p>
      <UserTable users={users} currentUserId={admin.id} />
      <h2>Add a user</h2>
      <AddUserForm />
    </>
  );
}
