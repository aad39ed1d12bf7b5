// The installation's one secret: it signs session cookies and Google Reader tokens. Created on
// first use; two instances starting together agree on one value (claimSetting).
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { claimSetting } from "@/lib/settings/setting-store";

export function claimInstallationSecret(db: Db): Promise<string> {
  return claimSetting(db, "sessionSecret", () => randomBytes(32).toString("base64url"));
}
