import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiAddresses } from "@/components/settings/api-addresses";
import { getEnv } from "@/lib/base/env";
import { findInstanceOrigin } from "@/lib/http/instance-origin";
import { ApiPasswordForm } from "@/components/settings/api-password-form";
import { PageHeader } from "@/components/sources/page-header";
import { getApiAccount } from "@/lib/features/auth/get-api-account";
import { NotifyForm } from "@/components/settings/notify-form";
import { getNotifyFormValues } from "@/lib/features/notify/get-notify-form-values";
import { SessionList } from "@/components/settings/session-list";
import { getSessionList } from "@/lib/features/auth/get-session-list";
import { getSessionUser } from "@/lib/features/auth/session-user";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const user = await getSessionUser();
  const [account, notify, sessions, requestHeaders] = await Promise.all([
    getApiAccount(user),
    user.role === "admin" ? getNotifyFormValues() : null,
    getSessionList(),
    headers(),
  ]);
  const origin = findInstanceOrigin(getEnv().TIDINGS_PUBLIC_URL, requestHeaders);
  return (
    <>
      <PageHeader title="Settings" />
      <h2>Feed apps</h2>
      <p>
        Phone and desktop apps read Tidings through either API below, with your user name and your API password. Read
        and starred state is shared with this reader.
      </p>
      <ApiAddresses origin={origin} user={account.user} passwordSet={account.passwordSet} />
      <h3>API password of “{account.user}”</h3>
      <ApiPasswordForm account={account} />
      {notify === null ? null : (
        <>
          <h2 id="notifications">Notifications</h2>
          <p>
            When an alert of the health page starts or clears (a source broken, its 304 share dropped, validators
            churning, a response size jump, rounds running late), Tidings POSTs it to this URL, once per change,
            retrying with backoff if the receiver is down.
          </p>
          <NotifyForm values={notify} />
        </>
      )}
      <h2 id="sessions">Sessions</h2>
      <p>Where you are logged in. A session ends when you log out there, here, or when your password changes.</p>
      <SessionList list={sessions} />
    </>
  );
}
