// Every value Tidings keeps in the Setting table, in one place: the key it is stored under, what
// kind of value it is, its default, and the environment variable that wins over it where there is
// one (a deployment's configuration is never overridden by a form; the page says so). Code names a
// setting by its entry here, never by a key string, so two files can never spell one key twice.
export type SettingDefinition = {
  /** The stored key: snake_case, and data once written (renaming one takes a migration). */
  key: string;
  kind: "text" | "boolean" | "integer" | "json" | "secret";
  /** What an unset row means; null when the code creates the value (a secret, a random offset). */
  default: string | null;
  /** The environment variable that wins over the stored value, if any. */
  env: string | null;
};

export const SETTINGS = {
  /** The login's scrypt hash, written by `tidings password` (TIDINGS_PASSWORD, when set, wins). */
  passwordHash: { key: "password_hash", kind: "secret", default: null, env: "TIDINGS_PASSWORD" },
  /** Signs session cookies and Google Reader tokens; created on first use. */
  sessionSecret: { key: "session_secret", kind: "secret", default: null, env: null },
  /** The API credentials (Fever and Google Reader), written together: lib/features/auth. */
  apiUser: { key: "api_user", kind: "text", default: null, env: null },
  apiFeverKey: { key: "api_fever_key_sha256", kind: "secret", default: null, env: null },
  apiPasswordHash: { key: "api_password_hash", kind: "secret", default: null, env: null },
  /** Where alert notifications are POSTed, and in which body format: lib/features/notify. */
  notifyUrl: { key: "notify_url", kind: "text", default: "", env: "TIDINGS_NOTIFY_URL" },
  notifyFormat: { key: "notify_format", kind: "text", default: "tidings", env: "TIDINGS_NOTIFY_FORMAT" },
  /** The reader's preference: articles scrolled past become read. */
  markReadOnScroll: { key: "reader_mark_read_on_scroll", kind: "boolean", default: "false", env: null },
  /** The installation's second of the minute for scheduled rounds, chosen once at random. */
  roundOffsetSeconds: { key: "round_offset_seconds", kind: "integer", default: null, env: null },
  /** What retention last removed (lib/pipeline/store/retention), for the health page. */
  retentionLastRun: { key: "retention_last_run", kind: "json", default: null, env: null },
  /** The last alert evaluation's failure ({ at, message }) until one succeeds. */
  alertsEvaluationFailure: { key: "alerts_evaluation_failure", kind: "json", default: null, env: null },
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;
