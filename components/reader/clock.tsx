"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

type Clock = { now: number; local: boolean };

const ClockContext = createContext<Clock>({ now: 0, local: false });

/**
 * "3 h ago" needs a clock. The first render (on the server, then hydrating) uses the server's
 * time and UTC so both render the same text; after mounting, the browser's clock and time zone
 * take over and the clock ticks every minute.
 */
export function ClockProvider({ serverNow, children }: { serverNow: string; children: ReactNode }) {
  const [clock, setClock] = useState<Clock>({ now: Date.parse(serverNow), local: false });
  useEffect(() => {
    const tick = () => setClock({ now: Date.now(), local: true });
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 60_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return <ClockContext value={clock}>{children}</ClockContext>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}
