"use client";

import { useCallback, useMemo } from "react";
import { useSearchParams } from "next/navigation";
import { buildReaderHref, parseReaderLocation, type ReaderLocation } from "@/lib/reads/articles/reader-location";

/** Where the reader is right now, read from the address bar (always current, even inside callbacks). */
export function readCurrentLocation(): ReaderLocation {
  return parseReaderLocation(new URLSearchParams(window.location.search));
}

/**
 * The reader's state lives in the URL. Moving around uses the History API directly, which Next
 * keeps in sync with useSearchParams without a server round trip; the page's server render only
 * serves the first load (deep links, reloads).
 */
export function useReaderLocation() {
  const searchParams = useSearchParams();
  const location = useMemo(() => parseReaderLocation(new URLSearchParams(searchParams.toString())), [searchParams]);

  const navigate = useCallback((next: Partial<ReaderLocation>, options: { replace?: boolean } = {}) => {
    const href = buildReaderHref({ ...readCurrentLocation(), ...next });
    if (options.replace) window.history.replaceState(null, "", href);
    else window.history.pushState(null, "", href);
  }, []);

  return { location, navigate };
}
