import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { AppHeader } from "@/components/app-header";
import { QueryProvider } from "@/components/query-provider";
import { MAIN_CONTENT_ID } from "@/components/skip-targets";
import { RegisterServiceWorker } from "@/components/register-service-worker";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { findSessionUser } from "@/lib/features/auth/session-user";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tidings", template: "%s · Tidings" },
  description: "A self-hosted feed reader that is polite to publishers.",
  referrer: "no-referrer",
  // The installable app (public/manifest.webmanifest, its icons made by scripts/make-app-icons.ts).
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f6f2" },
    { media: "(prefers-color-scheme: dark)", color: "#16181c" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request anyway (its CSP nonce is); this also keeps the build from
  // prerendering pages, which would read the database at build time.
  await connection();
  const [{ mode }, user] = await Promise.all([getAuthState(), findSessionUser()]);
  return (
    <html lang="en">
      <body>
        <QueryProvider>
          <AppHeader
            loginRequired={mode === "login"}
            user={user === null ? null : { name: user.name, role: user.role }}
          />
          <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
            {children}
          </main>
          <RegisterServiceWorker />
        </QueryProvider>
      </body>
    </html>
  );
}
