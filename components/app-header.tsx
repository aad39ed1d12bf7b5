"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { LogOutButton } from "@/components/auth/log-out-button";
import { SkipLink } from "@/components/skip-link";

// The admin's sections (lib/features/auth/admin-paths.ts) are not offered to members, who get a 404 there.
const SECTIONS = [
  { href: "/", label: "Articles", adminOnly: false },
  { href: "/sources", label: "Sources", adminOnly: false },
  { href: "/health", label: "Health", adminOnly: true },
  { href: "/admin/users", label: "Users", adminOnly: true },
  { href: "/settings", label: "Settings", adminOnly: false },
] as const;

export type HeaderUser = { name: string; role: "admin" | "member" };

export function AppHeader({ loginRequired, user }: { loginRequired: boolean; user: HeaderUser | null }) {
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
          {SECTIONS.filter((section) => user !== null && (!section.adminOnly || user.role === "admin")).map(
            (section) => (
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
            ),
          )}
        </ul>
      </nav>
      {loginRequired && user !== null ? (
        <>
          <span className="app-user" aria-label="Logged in as">
            {user.name}
          </span>
          <LogOutButton />
        </>
      ) : null}
    </header>
  );
}
