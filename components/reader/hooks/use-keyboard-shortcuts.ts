"use client";

import { useEffect, useEffectEvent } from "react";

export type ShortcutHandlers = {
  next(): void;
  previous(): void;
  open(): void;
  close(): void;
  toggleRead(): void;
  toggleStar(): void;
  openOriginal(): void;
  markAllRead(): void;
  goTo(view: "all" | "unread" | "starred"): void;
  focusSearch(): void;
  showHelp(): void;
};

/** How long "g" waits for its second key. */
const SEQUENCE_MS = 1500;

/**
 * j/k, o/Enter, m, s, v, Shift+A, g a/u/s, /, ? and Escape, as in Google Reader and its heirs.
 * Keys typed into a field, with a modifier, or into an open dialog are left alone.
 */
export function useKeyboardShortcuts(handlers: ShortcutHandlers): void {
  const handlersNow = useEffectEvent(() => handlers);

  useEffect(() => {
    let pendingG = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog[open]"))
        return;
      const h = handlersNow();
      if (pendingG > Date.now()) {
        pendingG = 0;
        const view = ({ a: "all", u: "unread", s: "starred" } as const)[event.key as "a" | "u" | "s"];
        if (view) {
          event.preventDefault();
          h.goTo(view);
          return;
        }
      }
      // Enter on a link or button does what that control does.
      if (event.key === "Enter" && target?.closest("a, button, summary")) return;
      const actions: Record<string, () => void> = {
        j: h.next,
        k: h.previous,
        o: h.open,
        Enter: h.open,
        Escape: h.close,
        m: h.toggleRead,
        s: h.toggleStar,
        v: h.openOriginal,
        A: h.markAllRead,
        "/": h.focusSearch,
        "?": h.showHelp,
        g: () => (pendingG = Date.now() + SEQUENCE_MS),
      };
      // Shift+A, not a bare "A" from Caps Lock: mark-all-read should never happen by accident.
      if (event.key === "A" && !event.shiftKey) return;
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
