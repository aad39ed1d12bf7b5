// One small logger with a scope ("[round]", "[fetch]"). Lines go to stdout/stderr, where
// systemd/journald or the terminal collect them.
import { getEnv } from "@/lib/base/env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

export type Logger = Record<Level, (message: string) => void>;

export function createLogger(scope: string): Logger {
  const emit = (level: Level) => (message: string) => {
    if (LEVELS[level] < LEVELS[getEnv().TIDINGS_LOG_LEVEL]) return;
    const line = `${new Date().toISOString()} ${level.padEnd(5)} [${scope}] ${message}`;
    if (level === "error" || level === "warn") console.error(line);
    else console.log(line);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
