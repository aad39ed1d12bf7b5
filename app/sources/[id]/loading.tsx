import styles from "@/components/sources/loading.module.css";

export default function SourceLoading() {
  return <p className={styles.loading} role="status">Loading the source&apos;s health…</p>;
}
