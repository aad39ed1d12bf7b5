// Orders a round so that consecutive requests go to different registrable domains whenever
// possible: the per-domain gap then costs no wall time. Within a domain, the due order is kept.
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";

export function interleaveByHost<T extends { feedUrl: string }>(
  sources: T[],
  /** The source's registrable domain, when the caller has worked it out already. */
  domainOf: (source: T) => string = (source) => politenessKeyOf(source.feedUrl),
): T[] {
  const queues = new Map<string, T[]>();
  for (const source of sources) {
    const host = domainOf(source);
    const queue = queues.get(host) ?? [];
    queue.push(source);
    queues.set(host, queue);
  }
  const ordered: T[] = [];
  while (ordered.length < sources.length) {
    for (const queue of queues.values()) {
      const next = queue.shift();
      if (next) ordered.push(next);
    }
  }
  return ordered;
}
