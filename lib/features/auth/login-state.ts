/** What the login form's server action answers (useActionState). */
export type LoginState = { status: "idle" } | { status: "error"; message: string };
