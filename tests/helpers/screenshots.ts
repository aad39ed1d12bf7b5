import { mkdirSync } from "node:fs";
import path from "node:path";

/** Screenshots land in test-results/screenshots (git-ignored) for a person to look at. */
export function screenshotPath(name: string): string {
  const dir = path.resolve(__dirname, "../../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
