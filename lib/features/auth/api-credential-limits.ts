// Bounds of the user name and the API password, shared by the schemas and the forms (which
// runs in the browser, so this file imports nothing).
export const MIN_API_PASSWORD_LENGTH = 8;
export const MAX_API_PASSWORD_LENGTH = 1024;
export const MAX_API_USER_LENGTH = 64;
