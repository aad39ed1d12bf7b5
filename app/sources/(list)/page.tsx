import type { Metadata } from "next";
import { NoSources } from "@/components/empty/no-sources";
import { PageHeader } from "@/components/sources/page-header";
import { SourcesTable, STRIP_SLOTS } from "@/components/sources/sources-table";
import { SourcesToolbar } from "@/components/sources/sources-toolbar";
import { RemovedNotice } from "@/components/sources/removed-notice";
import { listSources, SOURCE_SORTS, type SourceSort } from "@/lib/reads/sources/list-sources";
import { listRecentOutcomes } from "@/lib/reads/sources/list-recent-outcomes";

export const metadata: Metadata = { title: "Sources" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SourcesPage({ searchParams }: Props) {
  const params = await searchParams;
  const sort = SOURCE_SORTS.find((key) => key === params.sort) ?? "title";
  const now = new Date();
  const [sources, strips] = await Promise.all([listSources(sort as SourceSort, now), listRecentOutcomes(STRIP_SLOTS)]);
  const removed = typeof params.removed === "string" ? params.removed : null;
  return (
    <>
      <PageHeader
        title="Sources"
        below={removed ? <RemovedNotice title={removed} articles={Number(params.articles ?? 0)} /> : null}
      >
        <SourcesToolbar />
      </PageHeader>
      {sources.length === 0 ? <NoSources /> : <SourcesTable sources={sources} strips={strips} sort={sort} now={now} />}
    </>
  );
}
