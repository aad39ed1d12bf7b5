import type { Enclosure } from "@/lib/reads/articles/dto";
import styles from "./article-view.module.css";

/** Podcasts and videos play in place (nothing is fetched until play); anything else is a download link. */
export function EnclosureList({ enclosures }: { enclosures: Enclosure[] }) {
  if (enclosures.length === 0) return null;
  return (
    <ul className={styles.enclosures} aria-label="Attachments">
      {enclosures.map((enclosure, index) => {
        const kind = enclosure.type?.split("/")[0];
        return (
          <li key={`${enclosure.url}-${index}`}>
            {kind === "audio" && <audio controls preload="none" src={enclosure.url} className={styles.player} />}
            {kind === "video" && <video controls preload="none" src={enclosure.url} className={styles.player} />}
            <a href={enclosure.url} target="_blank" rel="noopener noreferrer" download>
              Download {fileName(enclosure.url)}
            </a>
            <span className={styles.enclosureMeta}>
              {[enclosure.type, formatSize(enclosure.length)].filter(Boolean).join(", ")}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function fileName(url: string): string {
  const last = new URL(url).pathname.split("/").filter(Boolean).at(-1);
  return last ? decodeURIComponent(last).slice(0, 80) : "file";
}

function formatSize(bytes: number | null): string | null {
  if (!bytes) return null;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
