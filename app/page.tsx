import { NoSources } from "@/components/empty/no-sources";
import { countSources } from "@/lib/sources/list-sources";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const sources = await countSources();
  return (
    <>
      <h1 className="page-title">Articles</h1>
      {sources === 0 ? <NoSources /> : <p>{sources} sources followed.</p>}
    </>
  );
}
