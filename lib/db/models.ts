// The database's row types, for code outside lib/db (which never imports the generated client).
export type { Source } from "@/lib/generated/sqlite";
