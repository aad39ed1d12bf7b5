import "server-only";
import { getSqlReader } from "@/lib/db/client";
import {
  buildValidatorEvidenceSql,
  type EvidenceScope,
  type ValidatorEvidenceRow,
} from "@/lib/reads/health/rules/validator-evidence-sql";
import type { ValidatorEvidence } from "@/lib/reads/health/rules/caching-badge-rules";

/** Per source, what its fetches in the scope say about conditional requests. */
export async function listValidatorEvidence(scope: EvidenceScope): Promise<Map<number, ValidatorEvidence>> {
  const rows = await getSqlReader().all<ValidatorEvidenceRow>(buildValidatorEvidenceSql(scope));
  return new Map(
    rows.map((row) => [
      Number(row.sourceId),
      {
        fullResponses: Number(row.fullResponses),
        answered304: Number(row.answered304),
        churned: Number(row.churned),
        resent: Number(row.resent),
        changed: Number(row.changed),
      },
    ]),
  );
}
