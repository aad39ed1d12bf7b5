import Link from "next/link";

/** The first screen of a new installation: how to subscribe to the first feed. */
export function NoSources() {
  return (
    <section className="empty-state" aria-labelledby="no-sources-title">
      <h2 id="no-sources-title">No feeds yet</h2>
      <p>Tidings reads the feeds you follow in the background, politely, and keeps the articles here.</p>
      <p>Add your first feed from the command line:</p>
      <pre>
        <code>npx tidings add https://example.com/feed.xml</code>
      </pre>
      <p>
        Then watch each source&apos;s fetches on the <Link href="/sources">Sources</Link> and <Link href="/health">Health</Link> pages.
      </p>
    </section>
  );
}
