import type { Metadata } from "next";
import { NoSources } from "@/components/empty/no-sources";
import { PageHeader } from "@/components/sources/page-header";
import { SourcesTable, STRIP_SLOTS } from "@/components/sources/sources-table";
import { SourcesToolbar } from "@/components/sources/sources-toolbar";
import { SourcesFilter } from "@/components/sources/sources-filter";
import { RemovedNotice } from "@/components/sources/removed-notice";
import { parseSourcesView } from "@/lib/reads/sources/sources-view";
import { pickSourcesPage } from "@/lib/reads/sources/page-sources";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { listSources } from "@/lib/reads/sources/list-sources";

export const metadata: Metadata = { title: "Sources" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SourcesPage({ searchParams }: Props) {
  const params = await searchParams;
  const view = parseSourcesView(params);
  const now = new Date();
  const sources = await listSources((await getSessionUser()).id, view.sort, now);
  // A page of a hundred rows, whatever the fleet's size; their strips only.
  const shown = pickSourcesPage(sources, view);
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
      {sources.length === 0 ? (
        <NoSources />
      ) : (
        <>
          <SourcesFilter view={view} page={shown} total={sources.length} />
          <SourcesTable sources={shown.rows} strips={strips} view={view} now={now} />
        </>
      )}
    </>
  );
}
