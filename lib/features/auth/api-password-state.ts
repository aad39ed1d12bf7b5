/** What the settings page's API password actions answer (useActionState). */
export type ApiPasswordState = {
  status: "idle" | "saved" | "cleared" | "error";
  fieldErrors: { password?: string[] };
};
