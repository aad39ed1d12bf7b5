"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { LogOutButton } from "@/components/auth/log-out-button";
import { SkipLink } from "@/components/skip-link";

const SECTIONS = [
  { href: "/", label: "Articles" },
  { href: "/sources", label: "Sources" },
  { href: "/health", label: "Health" },
  { href: "/settings", label: "Settings" },
] as const;

export function AppHeader({ loginRequired }: { loginRequired: boolean }) {
  const pathname = usePathname();
  const router = useRouter();
  const isCurrent = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  return (
    <header className="app-header">
      <SkipLink reader={pathname === "/"} />
      <Link href="/" className="brand" aria-label="Tidings home">
        <span className="brand-mark" aria-hidden="true">
          ≈
        </span>{" "}
        Tidings
      </Link>
      <nav aria-label="Main">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.href}>
              {/* Prefetched on intent, not on sight: a viewport prefetch of a dynamic section fetches
                  its loading state and preloads that segment's stylesheets, which every reader load
                  then reported as "preloaded but not used" (two warnings, /sources and /health). */}
              <Link
                href={section.href}
                prefetch={false}
                onMouseEnter={() => router.prefetch(section.href)}
                onFocus={() => router.prefetch(section.href)}
                onTouchStart={() => router.prefetch(section.href)}
                aria-current={isCurrent(section.href) ? "page" : undefined}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loginRequired && pathname !== "/login" ? <LogOutButton /> : null}
    </header>
  );
}
