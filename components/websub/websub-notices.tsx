// The health page's WebSub section: subscriptions whose hub misses pushes, fails or denied, each
// in the words of lib/websub/describe-push-state.ts. Their feeds are polled as before meanwhile.
import Link from "next/link";
import type { WebSubNotice } from "@/lib/features/websub/get-websub-health";
import styles from "./websub.module.css";

export function WebSubNotices({ notices }: { notices: readonly WebSubNotice[] }) {
  if (notices.length === 0) return <p className={styles.words}>Every hub that was asked pushes as it should.</p>;
  return (
    <ul className={styles.notices}>
      {notices.map((notice) => (
        <li
          key={notice.sourceId}
          data-source-id={notice.sourceId}
          data-websub-state={notice.state.missingPushes ? "missing" : notice.state.name}
        >
          <Link prefetch={false} href={`/sources/${notice.sourceId}#websub`}>
            {notice.title}
          </Link>
          : {notice.state.words}
        </li>
      ))}
    </ul>
  );
}
