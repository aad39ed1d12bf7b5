// Binds the pure policy to one attempt: the store calls it inside the fetch's transaction, once
// it knows how many articles were new.
import { decideNext } from "@/lib/policy";
import type { Decision, PolicySettings } from "@/lib/policy/types";
import type { Attempt } from "@/lib/store/attempt";
import { toObservation, toScheduleState } from "@/lib/round/observe";
import type { SourceRow } from "@/lib/store/source-row";

export function decideForAttempt(attempt: Attempt, policy: PolicySettings, offline: boolean) {
  return (source: SourceRow, newArticles: number): Decision =>
    decideNext(toScheduleState(source), toObservation(attempt, newArticles, offline), attempt.finishedAt, policy, Math.random);
}
