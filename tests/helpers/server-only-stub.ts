// Empty stand-in for the `server-only` guard package under vitest.
export {};
