// Where this installation's own files are: prisma/migrations, lib/pipeline/round/parse-worker.mjs and the
// default database's folder. Not import.meta.url or __dirname: Next bundles this code, so those
// would name a chunk under .next, not the checkout. The app is started from the project root
// (`npm start`), so the working directory serves there; the command line may run from anywhere,
// so bin/tidings.mjs names its installation in TIDINGS_PROJECT_ROOT before it loads anything.
import { getEnv, type Env } from "@/lib/base/env";

export function projectRoot(env: Pick<Env, "TIDINGS_PROJECT_ROOT"> = getEnv()): string {
  return env.TIDINGS_PROJECT_ROOT ?? /* turbopackIgnore: true */ process.cwd();
}
