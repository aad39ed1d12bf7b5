"use client";

import type { MouseEvent } from "react";
import { ARTICLE_LIST_ID, MAIN_CONTENT_ID } from "@/components/skip-targets";

/**
 * The first Tab stop of every page, shown only when focused: past the header (and, in the
 * reader, past the sidebar's dozens of feeds) to the content.
 */
export function SkipLink({ reader }: { reader: boolean }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // The reader without feeds shows its empty state instead of a list: the main content then.
    const target =
      document.getElementById(reader ? ARTICLE_LIST_ID : MAIN_CONTENT_ID) ?? document.getElementById(MAIN_CONTENT_ID);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {reader ? "Skip to articles" : "Skip to content"}
    </a>
  );
}
