import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/sources/page-header";
import { SetupForm } from "@/components/auth/setup-form";
import { getAuthState } from "@/lib/features/auth/auth-state";

export const metadata: Metadata = { title: "Set up Tidings" };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if ((await getAuthState()).mode !== "setup") redirect("/login");
  return (
    <>
      <PageHeader title="Welcome to Tidings" />
      <p>
        Choose the name and password of this installation&apos;s admin. The admin adds the other readers later, on the
        Users page; nobody can sign up by themselves.
      </p>
      <SetupForm />
    </>
  );
}
