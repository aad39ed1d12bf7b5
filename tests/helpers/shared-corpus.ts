// Where feedparser's corpus (../shared/corpus, not committed) is found: next to the checkout, or
// next to the folder holding it (a git worktree sits one folder deeper than the main checkout),
// or wherever TIDINGS_CORPUS points.
import { existsSync } from "node:fs";
import path from "node:path";

const BESIDE = [
  path.resolve(__dirname, "../../../shared/corpus"),
  path.resolve(__dirname, "../../../../shared/corpus"),
];

export const SHARED_CORPUS =
  process.env.TIDINGS_CORPUS || (BESIDE.find((candidate) => existsSync(candidate)) ?? BESIDE[0]!);
