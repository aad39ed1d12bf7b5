/** Setting rows of the login (read by the server, written by `tidings password`). */
export const PASSWORD_HASH_SETTING = "password_hash";
export const SESSION_SECRET_SETTING = "session_secret";

/** Setting rows of the API credentials (Fever now, the Google Reader API later): see lib/auth/api-credentials.ts. */
export const API_USER_SETTING = "api_user";
export const API_FEVER_KEY_SETTING = "api_fever_key_sha256";
export const API_PASSWORD_HASH_SETTING = "api_password_hash";
