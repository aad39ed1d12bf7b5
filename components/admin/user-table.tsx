// The users of /admin/users, one row each: name, role, state, subscriptions, unread, last seen, and
// the row's actions (reset the password; disable or enable and remove anyone but oneself). Plain
// forms where no answer is shown, so they work before the page's JavaScript has run.
import { removeUser, setUserEnabled } from "@/app/admin/users/actions";
import { ResetPasswordForm } from "@/components/admin/reset-password-form";
import type { UserSummary } from "@/lib/features/auth/list-user-summaries";
import formStyles from "@/components/forms/form.module.css";
import tableStyles from "@/components/ui/data-table.module.css";
import styles from "@/components/admin/user-table.module.css";

const when = (date: Date | null) =>
  date === null ? "never" : date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function UserTable({ users, currentUserId }: { users: UserSummary[]; currentUserId: number }) {
  return (
    <div className={tableStyles.scroll}>
      <table className={tableStyles.table} aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">State</th>
            <th scope="col">Subscriptions</th>
            <th scope="col">Unread</th>
            <th scope="col">Last seen</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                {user.name}
                {user.id === currentUserId ? <span className={formStyles.hint}> (you)</span> : null}
              </th>
              <td>{user.role}</td>
              <td>{user.disabled ? "disabled" : user.hasPassword ? "active" : "no password yet"}</td>
              <td className={styles.figure}>{user.subscriptions}</td>
              <td className={styles.figure}>{user.unread}</td>
              <td>{when(user.lastSeenAt)}</td>
              <td className={styles.actions}>
                <ResetPasswordForm userId={user.id} userName={user.name} />
                {user.id === currentUserId ? null : <OthersActions user={user} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OthersActions({ user }: { user: UserSummary }) {
  return (
    <>
      <form action={setUserEnabled}>
        <input type="hidden" name="id" value={user.id} />
        <input type="hidden" name="enabled" value={user.disabled ? "true" : "false"} />
        <button type="submit" className={`${formStyles.button} ${formStyles.secondary}`}>
          {user.disabled ? `Enable ${user.name}` : `Disable ${user.name}`}
        </button>
      </form>
      <details className={styles.remove}>
        <summary>Remove…</summary>
        <form action={removeUser} className={formStyles.form}>
          <input type="hidden" name="id" value={user.id} />
          <label className={formStyles.checkbox}>
            <input type="checkbox" name="confirm" value="yes" required />
            Remove {user.name} with their {user.subscriptions} subscription(s) and reading state
          </label>
          <button type="submit" className={`${formStyles.button} ${formStyles.danger}`}>
            Remove {user.name}
          </button>
        </form>
      </details>
    </>
  );
}
