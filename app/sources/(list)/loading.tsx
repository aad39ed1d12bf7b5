import styles from "@/components/sources/loading.module.css";

export default function SourcesLoading() {
  return <p className={styles.loading} role="status">Loading the sources…</p>;
}
