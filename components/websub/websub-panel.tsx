// The source page's WebSub section: which hub pushes this feed, the subscription's state, its
// lease, the pushes received and the requests they saved its publisher.
import type { WebSubHealth } from "@/lib/features/websub/get-websub-health";
import { formatRelative, formatUtc } from "@/lib/reads/health/describe/format-figures";
import figures from "@/components/health/figures.module.css";
import styles from "./websub.module.css";

export function WebSubPanel({ health, now }: { health: WebSubHealth; now: Date }) {
  const cards = [
    { key: "state", label: "State", value: health.missingPushes ? "missing pushes" : health.name, note: null },
    {
      key: "lease",
      label: "Lease ends",
      value: health.leaseExpiresAt ? formatRelative(health.leaseExpiresAt, now) : "–",
      note: health.leaseExpiresAt
        ? `${formatUtc(health.leaseExpiresAt)}; renewal ${formatRelative(health.nextRequestAt, now)}`
        : `next request to the hub ${formatRelative(health.nextRequestAt, now)}`,
    },
    {
      key: "last-push",
      label: "Last push",
      value: formatRelative(health.lastPushAt, now),
      note: health.lastPushAt ? formatUtc(health.lastPushAt) : "none received yet",
    },
    {
      key: "pushes",
      label: "Pushes received",
      value: String(health.pushCount),
      note:
        health.droppedPushes > 0
          ? `${health.droppedPushes} dropped (bad signature or unreadable)`
          : "each signed and verified",
    },
    {
      key: "saved",
      label: "Requests saved",
      value: String(health.requestsSaved),
      note: "estimate: polls its own schedule would have made",
    },
  ];
  return (
    <>
      <p className={styles.words} data-websub-state={health.missingPushes ? "missing" : health.name}>
        {health.words}
      </p>
      <p className={styles.hub}>
        Hub <code>{health.hubUrl}</code> · topic <code>{health.topicUrl}</code>
      </p>
      <dl className={figures.grid}>
        {cards.map((card) => (
          <div key={card.key} className={figures.card} data-websub-figure={card.key}>
            <dt>{card.label}</dt>
            <dd>
              {card.value}
              {card.note ? <span className={figures.note}>{card.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {health.lastError && health.name !== "denied" ? (
        <p className={styles.error}>Last problem: {health.lastError}</p>
      ) : null}
    </>
  );
}
