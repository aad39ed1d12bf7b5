// Per-host politeness within a process: at least `gapMs` between the end of one request and
// the start of the next to the same host.
export type HostSpacing = { waitFor(host: string): Promise<void>; markDone(host: string): void };

export function createHostSpacing(gapMs: number, clock: () => number = () => performance.now()): HostSpacing {
  const lastEnd = new Map<string, number>();
  return {
    async waitFor(host) {
      const previous = lastEnd.get(host);
      if (previous === undefined) return;
      const wait = previous + gapMs - clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    markDone(host) {
      lastEnd.set(host, clock());
    },
  };
}
