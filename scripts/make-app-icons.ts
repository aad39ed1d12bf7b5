// Renders the installable app's PNG icons (public/icons/) from app/icon.svg with Debian's
// Chromium: nothing to download, and the PNGs match the SVG the tab shows. Run it again after
// changing the icon: `npx tsx scripts/make-app-icons.ts`, then commit the PNGs.
// The maskable icon fills its whole square (the launcher cuts its own shape) and keeps the
// waves inside the central 80 % circle, the safe zone (https://www.w3.org/TR/appmanifest/#icon-masks).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "@/tests/helpers/chromium";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public/icons");

function maskableSvg(svg: string): string {
  const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
  const waves = /<path[^>]*\/>/.exec(svg)?.[0];
  if (!background || !waves)
    throw new Error("app/icon.svg no longer has one <rect> and one <path>: update scripts/make-app-icons.ts");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${waves}</g></svg>`;
}

async function main(): Promise<void> {
  const svg = readFileSync(path.join(ROOT, "app/icon.svg"), "utf8");
  const icons = [
    { file: "icon-192.png", size: 192, svg },
    { file: "icon-512.png", size: 512, svg },
    { file: "icon-maskable-512.png", size: 512, svg: maskableSvg(svg) },
  ];
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const icon of icons) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString("base64")}`;
      await page.setContent(
        `<body style="margin:0"><img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body>`,
      );
      await page.locator("img").evaluate((image: HTMLImageElement) => image.decode());
      await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
      await page.close();
      console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

void main();
