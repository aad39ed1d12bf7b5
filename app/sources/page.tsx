import type { Metadata } from "next";
import { NoSources } from "@/components/empty/no-sources";
import { listSources } from "@/lib/sources/list-sources";

export const metadata: Metadata = { title: "Sources" };
export const dynamic = "force-dynamic";

export default async function SourcesPage() {
  const sources = await listSources();
  return (
    <>
      <h1 className="page-title">Sources</h1>
      {sources.length === 0 ? (
        <NoSources />
      ) : (
        <ul>
          {sources.map((source) => (
            <li key={source.id}>
              {source.displayTitle} — {source.lastOutcome ?? "not fetched yet"}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
