"use client";

/**
 * The error boundary's message: what failed, a retry, and the digest that names the log line.
 * Styled from globals.css, not a CSS module: Next preloads an error boundary's stylesheet on every
 * page of its segment, and Chromium reports it "preloaded but not used" while nothing fails.
 */
export function SegmentError({
  what,
  error,
  reset,
}: {
  what: string;
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="segment-error" role="alert">
      <p>
        <strong>Could not load {what}.</strong> The database may be busy or unreachable; the server log has the details
        {error.digest ? ` (reference ${error.digest})` : ""}.
      </p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
