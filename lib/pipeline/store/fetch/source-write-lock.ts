// One writer of a source's articles at a time in this process. Storing reads which items are new,
// then writes them in one batch (lib/store/record-fetch.ts); the round lease makes the round the
// only such writer, but a WebSub push (lib/websub/store-push.ts) arrives whenever its hub sends
// it. Two plan-then-write passes over the same source side by side would both insert an entry
// and one batch would fail on the unique key, so both take the source's turn here. (A push
// received by another instance while this one's round stores the same source can still collide;
// its batch then fails whole, and the hub delivers again.)
import { remember } from "@/lib/base/remember";

const turns = () => remember("source-write-turns", () => new Map<number, Promise<unknown>>());

export function withSourceWriteLock<T>(sourceId: number, write: () => Promise<T>): Promise<T> {
  const queue = turns();
  const before = queue.get(sourceId) ?? Promise.resolve();
  const mine = before.then(write, write);
  const settled = mine.catch(() => undefined);
  queue.set(sourceId, settled);
  // The map forgets a source once its last writer is done: it never grows with the number of sources.
  void settled.then(() => {
    if (queue.get(sourceId) === settled) queue.delete(sourceId);
  });
  return mine;
}
