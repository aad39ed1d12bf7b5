"use client";
// Copies a value to the clipboard. The Clipboard API exists only in secure contexts (https, or
// localhost): on a LAN address over plain http the text is selected instead, for Ctrl+C.
import { useState } from "react";
import styles from "./api-addresses.module.css";

export function CopyButton({ value, targetId, label }: { value: string; targetId: string; label: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "selected">("idle");
  async function copy(): Promise<void> {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(value);
        setStatus("copied");
        return;
      } catch {
        // Permission refused: fall through to selecting the text.
      }
    }
    const target = document.getElementById(targetId);
    if (target) window.getSelection()?.selectAllChildren(target);
    setStatus("selected");
  }
  return (
    <>
      <button type="button" className={styles.copy} onClick={copy} aria-label={`Copy ${label}`}>
        Copy
      </button>
      <span role="status" className={styles.copied}>
        {status === "copied" ? "Copied." : status === "selected" ? "Selected: press Ctrl+C (⌘C)." : ""}
      </span>
    </>
  );
}
