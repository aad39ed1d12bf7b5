import { logOut } from "@/app/login/actions";

/** A form, not a link: logging out changes state, so it is a POST (a prefetch cannot log anyone out). */
export function LogOutButton() {
  return (
    <form action={logOut} className="log-out">
      <button type="submit">Log out</button>
    </form>
  );
}
