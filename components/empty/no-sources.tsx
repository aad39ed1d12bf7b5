import Link from "next/link";
import toolbar from "@/components/sources/sources-toolbar.module.css";

/** The first screen of a new installation: subscribe in the page, no terminal needed. */
export function NoSources() {
  return (
    <section className="empty-state" aria-labelledby="no-sources-title">
      <h2 id="no-sources-title">No feeds yet</h2>
      <p>Tidings reads the feeds you follow in the background, politely, and keeps the articles here.</p>
      <p className="empty-state-actions">
        <Link href="/sources/new" className={toolbar.primary}>
          + Add a feed
        </Link>
        <Link href="/sources/import" className={toolbar.secondary}>
          Import OPML
        </Link>
      </p>
      <p>
        Paste a site&apos;s address or its feed&apos;s, or bring an OPML file from your old reader. Then watch each
        source&apos;s fetches on the <Link href="/sources">Sources</Link> and <Link href="/health">Health</Link> pages.
      </p>
      {/* Inlined at build time: a production build never shows it. */}
      {process.env.NODE_ENV !== "production" && (
        <p>
          Just trying Tidings? <code>npm run demo</code> starts it with 20 sample feeds on this machine (see &ldquo;Try
          it: the demo&rdquo; in the README).
        </p>
      )}
    </section>
  );
}
