// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

function checkChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\``);
  }
}

export async function launchChromium(): Promise<Browser> {
  checkChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/** A browser with a profile on disk: what installing an app needs (Chromium refuses in incognito). */
export async function launchPersistentChromium(profileDir: string): Promise<BrowserContext> {
  checkChromium();
  return chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}
