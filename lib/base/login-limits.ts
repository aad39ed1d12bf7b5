// Bounds of a feed's HTTP Basic login, shared by the form's schema and its inputs.
export const MAX_LOGIN_USER_LENGTH = 256;
export const MAX_LOGIN_PASSWORD_LENGTH = 1024;
