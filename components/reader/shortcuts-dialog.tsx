"use client";

import { useEffect, useRef } from "react";
import styles from "./shortcuts-dialog.module.css";

const SHORTCUTS: [string[], string][] = [
  [["j"], "next article"],
  [["k"], "previous article"],
  [["o", "Enter"], "open the selected article"],
  [["Esc"], "close the article"],
  [["m"], "mark read / unread"],
  [["s"], "star / unstar"],
  [["v"], "open the original in a new tab"],
  [["Shift", "A"], "mark all read in this view"],
  [["g", "a"], "go to All"],
  [["g", "u"], "go to Unread"],
  [["g", "s"], "go to Starred"],
  [["/"], "search this view"],
  [["?"], "show these shortcuts"],
];

/** The keyboard shortcuts, in a modal dialog (Esc closes it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl className={styles.list}>
        {SHORTCUTS.map(([keys, meaning]) => (
          <div key={meaning} className={styles.entry}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && (
                    <span className={styles.then}>{keys[0] === "Shift" ? "+" : keys[0] === "o" ? "or" : "then"}</span>
                  )}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit" className={styles.close} autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
