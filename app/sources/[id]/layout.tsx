import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getSource } from "@/lib/reads/sources/get-source";
import { parseSourceId } from "@/lib/reads/sources/parse-source-id";

/**
 * The existence check runs here, above this segment's loading.tsx: once a loading fallback has
 * been sent the status is fixed at 200, so an unknown id must be answered before that to be a
 * real 404. A source the reader does not follow is unknown to them. getSource is memoised per
 * request: the page reuses the row.
 */
export default async function SourceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const id = parseSourceId((await params).id);
  if (id === null || (await getSource((await getSessionUser()).id, id)) === null) notFound();
  return children;
}
