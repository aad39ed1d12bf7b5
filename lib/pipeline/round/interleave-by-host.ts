// Orders a round so that consecutive requests go to different registrable domains whenever
// possible: the per-domain gap then costs no wall time. Within a domain, the due order is kept.
import { politenessKeyOf } from "@/lib/pipeline/fetch/host-of";

export function interleaveByHost<T extends { feedUrl: string }>(sources: T[]): T[] {
  const queues = new Map<string, T[]>();
  for (const source of sources) {
    const host = politenessKeyOf(source.feedUrl);
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
