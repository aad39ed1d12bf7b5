"use client";

import { useEffect } from "react";

/**
 * Installs public/sw.js (reading offline, the installed app's shell) and names the built files
 * this first page loaded before the worker could see them. Production only: `next dev` serves
 * unhashed, changing files that a cache-first shell would pin. Where service workers are not
 * available (plain http on a LAN address), the app works as before, online only.
 */
export function RegisterServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith("/_next/static/"));
        registration.active?.postMessage({ type: "keep-shell", urls });
      })
      .catch(() => {
        // No worker (a private window, a browser setting): nothing is stored, nothing breaks.
      });
  }, []);
  return null;
}
