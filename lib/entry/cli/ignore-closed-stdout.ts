// `tidings sources | head -5`: once the reader closes the pipe, every write to stdout fails with
// EPIPE, which Node raises as an unhandled "error" event (a stack trace, exit 1). Like other Unix
// tools, the command line then stops printing quietly. The command itself still runs to its end,
// rather than dying mid-write: a round cut off halfway would leave its lease and its fetch
// unrecorded, for output nobody reads. Any other stdout error still surfaces.
import type { Writable } from "node:stream";

export function ignoreClosedStdout(stdout: Writable = process.stdout): void {
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    // Later writes are dropped here instead of failing again on the broken pipe.
    stdout.write = ((_chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      if (typeof done === "function") queueMicrotask(() => (done as () => void)());
      return true;
    }) as Writable["write"];
  });
}
