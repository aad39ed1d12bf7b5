import type { Metadata } from "next";
import Link from "next/link";
import { ImportOpmlForm } from "@/components/sources/import-opml-form";
import { PageHeader } from "@/components/sources/page-header";

export const metadata: Metadata = { title: "Import OPML" };
// Rendered per request: the Content-Security-Policy nonce (proxy.ts) must reach its scripts.
export const dynamic = "force-dynamic";

export default function ImportPage() {
  return (
    <>
      <PageHeader
        title="Import OPML"
        below={
          <p>
            <Link href="/sources">← Sources</Link>
          </p>
        }
      />
      <ImportOpmlForm />
    </>
  );
}
