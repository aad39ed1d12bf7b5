// One short line for an unexpected error, fit for a log line or Fetch.detail. Prisma's messages
// are many lines long (with code excerpts); the driver's own message is what a person needs.
type DriverCause = { originalMessage?: unknown; originalCode?: unknown };

export function describeError(error: unknown, maxLength = 200): string {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: DriverCause } } } | null)?.meta?.driverAdapterError
    ?.cause;
  if (typeof cause?.originalMessage === "string" && cause.originalMessage !== "") {
    const code = typeof cause.originalCode === "string" ? ` (${cause.originalCode})` : "";
    return `${cause.originalMessage}${code}`.slice(0, maxLength);
  }
  if (error instanceof Error) {
    const lines = error.message
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "");
    const code = (error as { code?: unknown }).code;
    const text = lines.length > 0 ? lines[lines.length - 1]! : typeof code === "string" ? code : error.name;
    return text.slice(0, maxLength);
  }
  return String(error).slice(0, maxLength);
}
