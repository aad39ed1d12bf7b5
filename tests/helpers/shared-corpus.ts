// Where feedparser's corpus (../shared/corpus, not committed) is found: next to the checkout, or
// wherever TIDINGS_CORPUS points (a git worktree sits one folder deeper than the main checkout).
import path from "node:path";

export const SHARED_CORPUS = process.env.TIDINGS_CORPUS || path.resolve(__dirname, "../../../shared/corpus");
