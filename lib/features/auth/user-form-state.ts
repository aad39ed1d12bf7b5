/** What the forms that make or change a user answer (useActionState): /setup and /admin/users. */
export type UserFormState = {
  status: "idle" | "saved" | "error";
  /** A sentence about the whole form ("Added member “ann”.", "That name is taken."). */
  message?: string;
  fieldErrors: { name?: string[]; password?: string[]; role?: string[] };
  /** The name as typed, shown again after an error (React resets a form once its action ran). */
  name?: string;
};

export const IDLE_USER_FORM: UserFormState = { status: "idle", fieldErrors: {} };
