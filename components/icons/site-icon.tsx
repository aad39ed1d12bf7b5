// A source's site icon, 16 px, served by Tidings from its own origin (/site-icons/<hash>); an
// empty square of the same size when none was found, so that names stay aligned. Decorative: the
// source's name is always beside it.
import Image from "next/image";
import styles from "./site-icon.module.css";

export function SiteIcon({ src }: { src: string | undefined }) {
  if (!src) return <span className={styles.icon} aria-hidden="true" />;
  // unoptimized: the icon is already small and cached for a year; resizing it would cost more.
  return <Image className={styles.icon} src={src} alt="" width={16} height={16} unoptimized />;
}
