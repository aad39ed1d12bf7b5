// Names this process wherever it holds something other processes must respect: the round lease,
// a claimed notification. Host and pid say where it runs; the random part tells a restarted
// process (which may get the same pid) from its previous life.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

export const PROCESS_IDENTITY = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
