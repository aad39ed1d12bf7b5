import type { Source } from "@/lib/generated/sqlite";

/** A Source row as stored (both databases share this shape). */
export type SourceRow = Source;
