/** Setting rows of the login (read by the server, written by `tidings password`). */
export const PASSWORD_HASH_SETTING = "password_hash";
export const SESSION_SECRET_SETTING = "session_secret";
