/** A bad invocation: the CLI prints the message and the usage hint, and exits with 2. */
export class UsageError extends Error {}
