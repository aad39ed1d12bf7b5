import styles from "@/components/sources/loading.module.css";

/** A segment's loading.tsx: says what is on its way, so each segment names its own page. */
export function LoadingStatus({ what }: { what: string }) {
  return <p className={styles.loading} role="status">Loading {what}…</p>;
}
