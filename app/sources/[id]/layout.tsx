import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getSource } from "@/lib/reads/sources/get-source";
import { parseSourceId } from "@/lib/reads/sources/parse-source-id";
import { canSeeSource } from "@/lib/reads/sources/can-see-source";
import { getSessionUser } from "@/lib/features/auth/session-user";
import { getDb } from "@/lib/db/client";

/**
 * The existence check runs here, above this segment's loading.tsx: once a loading fallback has
 * been sent the status is fixed at 200, so an unknown id must be answered before that to be a
 * real 404. getSource is memoised per request: the page reuses the row. A member sees only the
 * sources they follow (canSeeSource), and the same 404 for the others.
 */
export default async function SourceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const id = parseSourceId((await params).id);
  if (id === null || (await getSource(id)) === null) notFound();
  if (!(await canSeeSource(getDb(), await getSessionUser(), id))) notFound();
  return children;
}
