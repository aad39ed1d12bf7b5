// One's login sessions (browser, address, opened, last seen), each with "Sign out", and "Sign out
// everywhere" (this browser included). Plain forms: they work before the page's JavaScript has run.
import { signOutEverywhere, signOutSession } from "@/app/settings/actions";
import type { SessionList as Sessions } from "@/lib/features/auth/get-session-list";
import formStyles from "@/components/forms/form.module.css";
import styles from "@/components/settings/session-list.module.css";

const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function SessionList({ list }: { list: Sessions }) {
  if (!list.loginRequired)
    return <p className={formStyles.hint}>No password is set: nobody logs in, so there are no sessions.</p>;
  return (
    <div className={formStyles.form}>
      <ul className={styles.list} aria-label="Sessions">
        {list.sessions.map((session) => (
          <li key={session.id} className={styles.session}>
            <div className={styles.details}>
              <strong className={styles.agent}>{session.userAgent ?? "Unknown browser"}</strong>
              {session.current ? <span className={styles.current}> (this browser)</span> : null}
              <div className={formStyles.hint}>
                from {session.address ?? "an unknown address"} · signed in {when(session.createdAt)} · last seen{" "}
                {when(session.lastSeenAt)}
              </div>
            </div>
            {session.current ? null : (
              <form action={signOutSession}>
                <input type="hidden" name="id" value={session.id} />
                <button type="submit" className={`${formStyles.button} ${formStyles.secondary}`}>
                  Sign out
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <form action={signOutEverywhere} className={formStyles.actions}>
        <button type="submit" className={formStyles.button}>
          Sign out everywhere
        </button>
        <span className={formStyles.hint}>Ends every session, this one too: each browser must log in again.</span>
      </form>
    </div>
  );
}
