import type { Metadata } from "next";
import { ApiPasswordForm } from "@/components/settings/api-password-form";
import { PageHeader } from "@/components/sources/page-header";
import { getApiAccount } from "@/lib/auth/get-api-account";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const account = await getApiAccount();
  return (
    <>
      <PageHeader title="Settings" />
      <h2>Feed apps</h2>
      <p>
        Apps that speak the Fever API (Reeder, ReadKit, Fiery Feeds, FeedMe…) sign in with the server address
        <code> http://THIS-HOST/api/fever.php</code>, this user name and the API password.
      </p>
      <ApiPasswordForm account={account} />
    </>
  );
}
