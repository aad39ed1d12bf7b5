import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EditSourceForm } from "@/components/sources/edit-source-form";
import { RemoveSourceForm } from "@/components/sources/remove-source-form";
import { HealthSection } from "@/components/health/health-section";
import { PageHeader } from "@/components/sources/page-header";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getSource } from "@/lib/reads/sources/get-source";
import { listFolderNames } from "@/lib/reads/sources/list-folder-names";
import { parseSourceId } from "@/lib/reads/sources/parse-source-id";
import { getEnv } from "@/lib/base/env";
import { getDb } from "@/lib/db/client";
import { hasSourceLogin } from "@/lib/pipeline/store/sources/source-login";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit source" };

export default async function EditSourcePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseSourceId((await params).id);
  if (id === null) notFound();
  const user = await getSessionUser();
  const [source, folders, hasLogin] = await Promise.all([
    getSource(user.id, id),
    listFolderNames(user.id),
    hasSourceLogin(getDb(), id),
  ]);
  if (!source) notFound();
  return (
    <>
      <PageHeader
        title={`Edit “${source.displayTitle}”`}
        below={
          <p>
            <Link href={`/sources/${id}`}>← Back to its health page</Link>
          </p>
        }
      />
      <HealthSection id="settings" title="Settings">
        <EditSourceForm
          source={source}
          folders={folders}
          installationRetentionDays={getEnv().TIDINGS_RETENTION_DAYS}
          hasLogin={hasLogin}
          installationMaxMinutes={getEnv().TIDINGS_MAX_INTERVAL}
        />
      </HealthSection>
      <HealthSection
        id="remove"
        title="Remove"
        intro="Removing a source deletes its articles with it. To keep them, disable the source instead."
      >
        <RemoveSourceForm sourceId={id} title={source.displayTitle} articleCount={source.articleCount} />
      </HealthSection>
    </>
  );
}
