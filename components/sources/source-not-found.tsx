import Link from "next/link";

/** The 404 page of an unknown (or just removed) source. */
export function SourceNotFound() {
  return (
    <section className="empty-state" aria-labelledby="source-not-found">
      <h1 id="source-not-found">No such source</h1>
      <p>It may have been removed, or the address is mistyped.</p>
      {/* Not prefetched: this page has none of the sources segment's stylesheets, so a prefetch
          would preload them and leave them unused (Chromium's console warning). */}
      <p>
        <Link href="/sources" prefetch={false}>
          All sources →
        </Link>
      </p>
    </section>
  );
}
