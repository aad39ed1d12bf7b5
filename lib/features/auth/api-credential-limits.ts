// Bounds of the API user name and password, shared by the schema and the settings form (which
// runs in the browser, so this file imports nothing).
export const DEFAULT_API_USER = "tidings";
export const MIN_API_PASSWORD_LENGTH = 8;
export const MAX_API_PASSWORD_LENGTH = 1024;
export const MAX_API_USER_LENGTH = 64;
