import type { Metadata } from "next";
import { NoSources } from "@/components/empty/no-sources";
import { PageHeader } from "@/components/sources/page-header";
import { SourcesTable, STRIP_SLOTS } from "@/components/sources/sources-table";
import { SourcesToolbar } from "@/components/sources/sources-toolbar";
import { SourcesFilter } from "@/components/sources/sources-filter";
import { RemovedNotice } from "@/components/sources/removed-notice";
import { parseSourcesView } from "@/lib/reads/sources/sources-view";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { listSourcesPage } from "@/lib/reads/sources/list-sources";

export const metadata: Metadata = { title: "Sources" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SourcesPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = parseSourcesView(params);
  const now = new Date();
  // A page of a hundred rows, whatever the fleet's size; their strips only.
  const shown = await listSourcesPage((await getSessionUser()).id, view, now);
  const strips = await listRecentOutcomes(
    STRIP_SLOTS,
    shown.rows.map((source) => source.id),
  );
  const removed = typeof params.removed === "string" ? params.removed : null;
  return (
    <>
      <PageHeader
        title="Sources"
        below={removed ? <RemovedNotice title={removed} articles={Number(params.articles ?? 0)} /> : null}
      >
        <SourcesToolbar />
      </PageHeader>
      {shown.total === 0 ? (
        <NoSources />
      ) : (
        <>
          <SourcesFilter view={view} page={shown} />
          <SourcesTable sources={shown.rows} strips={strips} view={view} now={now} />
        </>
      )}
    </>
  );
}
