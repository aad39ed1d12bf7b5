import { scheduleAfter, type DecisionContext } from "./decision-context";
import type { Decision } from "./types";

/**
 * 410 Gone is the publisher saying, explicitly, that the feed was removed on purpose: polling on
 * would only cost them. The source is disabled (the round skips disabled sources); nextDueAt is
 * still set, one maximum interval out, so the row never holds a meaningless time if re-enabled.
 * The breaker is left alone: there is no point in transitions for a source nobody polls.
 */
export function decideAfterGone(ctx: DecisionContext): Decision {
  const { state } = ctx;
  const alreadyGone = !state.enabled && state.disabledReason === "gone";
  const events = alreadyGone
    ? ctx.events
    : [...ctx.events, { kind: "disabled" as const, detail: "HTTP 410 Gone: the publisher removed this feed" }];
  return {
    next: { ...ctx.base, enabled: false, disabledReason: "gone", consecutiveErrors: state.consecutiveErrors + 1 },
    nextDueAt: scheduleAfter(ctx, ctx.settings.maxIntervalSeconds),
    reason: "disabled: HTTP 410 Gone (the publisher removed this feed)",
    hostRetryAfterUntil: null,
    events,
  };
}
