// A full garbage collection on demand, for the moment a burst of work is known to have ended.
// V8 collects its old generation when an allocation reaches the heap's limit, and does not shrink
// an idle heap: after storing a 100,000-item feed the server goes quiet holding its last stretch of
// garbage, about 250 MB of committed heap on SQLite, for as long as it stays quiet (the bench
// scripts/bench/big-feed-memory.ts measured its RSS flat at 433 MiB a minute after the round, and
// 298 MiB after one collection).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { remember } from "@/lib/base/remember";

/**
 * V8's own `gc`, taken from a context created while `--expose-gc` is set, then the flag is cleared
 * again: no other context (Next's sandboxes among them) sees a global `gc`, and the server needs no
 * command-line flag.
 */
const exposedGc = () =>
  remember("collect-garbage", () => {
    setFlagsFromString("--expose-gc");
    try {
      return runInNewContext("gc") as () => void;
    } finally {
      setFlagsFromString("--no-expose-gc");
    }
  });

/** Collects the whole heap now: a pause of tens of milliseconds, worth it only after heavy work. */
export function collectGarbage(): void {
  exposedGc()();
}
