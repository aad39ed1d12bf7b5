// The feed apps' two APIs as an app asks for them: the server address (with this instance's real
// origin), the user name, the password, and a short guide per API, so that an app can be
// connected from this page alone.
import type { ReactNode } from "react";
import { CopyButton } from "@/components/settings/copy-button";
import styles from "./api-addresses.module.css";

type ApiGuide = { id: string; name: string; path: string; steps: ReactNode };

const GUIDES: readonly ApiGuide[] = [
  {
    id: "greader",
    name: "Google Reader API",
    path: "/api/greader",
    steps: (
      <>
        <li>
          In NetNewsWire, Reeder, ReadYou, FeedMe, FluentReader or Fiery Feeds, add an account of the kind “FreshRSS”
          (or “Google Reader API”, “Miniflux” in some apps).
        </li>
        <li>Give it the server address, the user name and the API password below.</li>
        <li>Web apps running in a browser on another site can use this API too: it answers their CORS requests.</li>
      </>
    ),
  },
  {
    id: "fever",
    name: "Fever API",
    path: "/api/fever.php",
    steps: (
      <>
        <li>In Reeder, ReadKit, Unread, Fiery Feeds or FeedMe, add a “Fever” account.</li>
        <li>Give it the server address, the user name and the API password below.</li>
        <li>
          For apps on a phone or a computer only: a web page on another site cannot use this API (it answers no CORS, as
          FreshRSS and Miniflux do not); a web app should use the Google Reader API above.
        </li>
      </>
    ),
  },
];

export function ApiAddresses({ origin, user, passwordSet }: { origin: string; user: string; passwordSet: boolean }) {
  return (
    <div className={styles.apis}>
      {passwordSet ? null : (
        <p className={styles.warning}>No API password is set yet: set one below before connecting an app.</p>
      )}
      {GUIDES.map((guide) => {
        const address = `${origin}${guide.path}`;
        return (
          <section key={guide.id} className={styles.api} aria-labelledby={`${guide.id}-title`}>
            <h3 id={`${guide.id}-title`}>{guide.name}</h3>
            <dl className={styles.facts}>
              <dt>Server address</dt>
              <dd>
                <code id={`${guide.id}-address`} className={styles.value}>
                  {address}
                </code>
                <CopyButton value={address} targetId={`${guide.id}-address`} label={`the ${guide.name} address`} />
              </dd>
              <dt>User name</dt>
              <dd>
                <code id={`${guide.id}-user`} className={styles.value}>
                  {user}
                </code>
                <CopyButton value={user} targetId={`${guide.id}-user`} label="the user name" />
              </dd>
              <dt>Password</dt>
              <dd>the API password (not your web password)</dd>
            </dl>
            <ol className={styles.guide}>{guide.steps}</ol>
          </section>
        );
      })}
    </div>
  );
}
