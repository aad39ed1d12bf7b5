// Layout and contrast of the page as Chromium rendered it: what sticks out of the viewport, and
// every visible text whose contrast against its effective background is below AA.
//   const audit = await auditPage(page);
//   expect(audit.overflow).toEqual([]); expect(audit.contrast).toEqual([]);
import type { Page } from "playwright-core";
import { contrastRatio, effectiveBackground, parseCssColor, requiredRatio } from "@/tests/helpers/contrast";

/** What the page reports of one visible text node (colours as computed styles give them). */
type TextSample = {
  where: string;
  text: string;
  color: string;
  opacity: number;
  backgrounds: string[];
  hasImageBehind: boolean;
  fontSizePx: number;
  fontWeight: number;
};
type PageFacts = {
  viewportWidth: number;
  scrollWidth: number;
  sticking: string[];
  samples: TextSample[];
  canvas: string;
};

export type PageAudit = { overflow: string[]; contrast: string[] };

export async function auditPage(page: Page): Promise<PageAudit> {
  const facts = await page.evaluate(collectFacts);
  const overflow = [...facts.sticking];
  if (facts.scrollWidth > facts.viewportWidth)
    overflow.unshift(`the document is ${facts.scrollWidth} px wide in a ${facts.viewportWidth} px viewport`);
  const canvas = parseCssColor(facts.canvas);
  const contrast: string[] = [];
  for (const sample of facts.samples) {
    // A text over an image or gradient has no single background to measure; none is expected here.
    if (sample.hasImageBehind) continue;
    const background = effectiveBackground(
      sample.backgrounds.map(parseCssColor),
      canvas.a > 0 ? canvas : { r: 255, g: 255, b: 255, a: 1 },
    );
    const foreground = parseCssColor(sample.color);
    const ratio = contrastRatio({ ...foreground, a: foreground.a * sample.opacity }, background);
    const needed = requiredRatio(sample);
    const faded = sample.opacity < 1 ? ` at opacity ${sample.opacity.toFixed(2)}` : "";
    if (ratio < needed)
      contrast.push(
        `${sample.where} "${sample.text}": ${ratio.toFixed(2)}:1 < ${needed}:1 (${sample.color}${faded} on ${sample.backgrounds.join(" over ") || facts.canvas})`,
      );
  }
  return { overflow, contrast };
}

/** Runs in the page (Playwright sends its source): self-contained. */
function collectFacts(): PageFacts {
  const viewportWidth = document.documentElement.clientWidth;
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : "";
    const className =
      typeof element.className === "string" && element.className
        ? `.${element.className.trim().split(/\s+/).join(".")}`
        : "";
    return `${element.localName}${id}${className}`;
  };
  const pathOf = (element: Element) => {
    const parts: string[] = [];
    for (
      let node: Element | null = element;
      node && node !== document.body && parts.length < 4;
      node = node.parentElement
    )
      parts.unshift(describe(node));
    return parts.join(" > ");
  };
  const isHidden = (element: Element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    // Visually hidden text (a 1 px clipped box) is for screen readers, not eyes.
    return (
      style.visibility !== "visible" ||
      box.width <= 1 ||
      box.height <= 1 ||
      style.clipPath === "inset(50%)" ||
      style.clip === "rect(0px, 0px, 0px, 0px)"
    );
  };
  /** Inside something that scrolls or clips sideways: sticking out of it is not sticking out of the page. */
  const isClippedSideways = (element: Element) => {
    for (let node = element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX !== "visible") return true;
    }
    return false;
  };

  const sticking: string[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (isHidden(element) || isClippedSideways(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.right > viewportWidth + 0.5 || box.left < -0.5) {
      sticking.push(`${pathOf(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    if (sticking.length >= 20) break;
  }

  const samples: TextSample[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && samples.length < 5000; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
    const element = node.parentElement;
    if (!text || !element || element.closest("script, style, noscript, svg, template, [hidden]")) continue;
    if (isHidden(element) || (element as HTMLButtonElement).disabled || element.closest(":disabled")) continue;
    const style = getComputedStyle(element);
    const backgrounds: string[] = [];
    let opacity = 1;
    let hasImageBehind = false;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const nodeStyle = getComputedStyle(node);
      opacity *= Number(nodeStyle.opacity);
      if (nodeStyle.backgroundImage !== "none") hasImageBehind = true;
      backgrounds.push(nodeStyle.backgroundColor);
    }
    samples.push({
      where: pathOf(element),
      text: text.slice(0, 60),
      color: style.color,
      opacity,
      backgrounds: backgrounds.filter((colour) => colour !== "rgba(0, 0, 0, 0)"),
      hasImageBehind,
      fontSizePx: parseFloat(style.fontSize),
      fontWeight: Number(style.fontWeight),
    });
  }
  // The canvas: what the root's background propagates to (the body's, when the root has none).
  const rootBackground = getComputedStyle(document.documentElement).backgroundColor;
  const canvas =
    rootBackground !== "rgba(0, 0, 0, 0)" ? rootBackground : getComputedStyle(document.body).backgroundColor;
  return { viewportWidth, scrollWidth: document.documentElement.scrollWidth, sticking, samples, canvas };
}
