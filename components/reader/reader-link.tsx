"use client";

import type { MouseEvent, ReactNode } from "react";
import { buildReaderHref, type ReaderLocation } from "@/lib/reads/articles/reader-location";

type Props = {
  to: ReaderLocation;
  onNavigate: (to: ReaderLocation) => void;
  className?: string;
  current?: boolean;
  children: ReactNode;
} & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick">;

/** A real link (middle-click and "open in new tab" work) that navigates in place on a plain click. */
export function ReaderLink({ to, onNavigate, className, current, children, ...rest }: Props) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <a
      {...rest}
      href={buildReaderHref(to)}
      className={className}
      aria-current={current ? "page" : undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
