import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { PageHeader } from "@/components/sources/page-header";
import { getAuthState } from "@/lib/features/auth/auth-state";
import { safeNextPath } from "@/lib/features/auth/safe-next-path";

export const metadata: Metadata = { title: "Log in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const auth = await getAuthState();
  if (auth.mode === "setup") redirect("/setup");
  if (auth.mode === "open") {
    return (
      <>
        <PageHeader title="No password is set" />
        <p>
          This Tidings answers only on this machine (127.0.0.1), so it needs no login.{" "}
          <Link href="/">Read your feeds →</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Log in to Tidings" />
      <LoginForm next={safeNextPath(typeof next === "string" ? next : undefined)} />
    </>
  );
}
