// The kinds of alert Tidings raises, and their headings: shared by the alert rules
// (lib/features/alerts) and the notifications that carry them (lib/features/notify).
export const ALERT_KINDS = ["broken", "not_modified_drop", "validator_churn", "size_jump", "fleet_drift"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Headings for the page and the notification's `alert` title. */
export const ALERT_TITLES: Record<AlertKind, string> = {
  broken: "Source broken",
  not_modified_drop: "304 share dropped",
  validator_churn: "Validators churn",
  size_jump: "Response size jumped",
  fleet_drift: "Rounds running late",
};
