import styles from "@/components/sources/loading.module.css";

export default function HealthLoading() {
  return <p className={styles.loading} role="status">Loading the fleet&apos;s health…</p>;
}
