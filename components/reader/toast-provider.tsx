"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import styles from "./toast.module.css";

export type ToastInput = { message: string; tone?: "info" | "error"; action?: { label: string; run: () => void } };
type Toast = ToastInput & { id: number };

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

/** Short messages at the bottom of the screen: outcomes, failures (with what was rolled back) and undo. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current.slice(-2), { ...input, id }]);
      // Long enough to reach for Undo; errors stay a little longer than news.
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), input.action ? 10_000 : input.tone === "error" ? 8000 : 4000),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      <div className={styles.region} aria-label="Notifications">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={styles.toast}
            data-tone={toast.tone ?? "info"}
            role={toast.tone === "error" ? "alert" : "status"}
          >
            <span>{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  toast.action?.run();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}
