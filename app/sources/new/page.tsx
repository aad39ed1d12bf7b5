import type { Metadata } from "next";
import Link from "next/link";
import { AddSourceForm } from "@/components/sources/add-source-form";
import { PageHeader } from "@/components/sources/page-header";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { listFolderNames } from "@/lib/reads/sources/list-folder-names";

export const metadata: Metadata = { title: "Add a feed" };
export const dynamic = "force-dynamic";

export default async function NewSourcePage() {
  const folders = await listFolderNames((await getSessionUser()).id);
  return (
    <>
      <PageHeader
        title="Add a feed"
        below={
          <p>
            <Link href="/sources">← Sources</Link>
          </p>
        }
      />
      <AddSourceForm folders={folders} />
    </>
  );
}
