/**
 * A segment's loading.tsx: says what is on its way, so each segment names its own page.
 * Styled from globals.css, not a CSS module: a link prefetching a segment preloads its loading
 * state's stylesheet, which Chromium then reports as "preloaded but not used" on every page
 * that links there.
 */
export function LoadingStatus({ what }: { what: string }) {
  return (
    <p className="loading-status" role="status">
      Loading {what}…
    </p>
  );
}
