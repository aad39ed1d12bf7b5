import type { Source } from "@/lib/db/models";

/** A Source row as stored (both databases share this shape). */
export type SourceRow = Source;
