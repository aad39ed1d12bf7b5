"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
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
  const isCurrent = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  return (
    <header className="app-header">
      <SkipLink reader={pathname === "/"} />
      <Link href="/" className="brand" aria-label="Tidings home">
        <span className="brand-mark" aria-hidden="true">≈</span> Tidings
      </Link>
      <nav aria-label="Main">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <Link href={section.href} aria-current={isCurrent(section.href) ? "page" : undefined}>
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
