// WCAG 2.x contrast from computed styles. The page side (collect-text-samples.ts) reports, for
// every visible text node, its colour and the background colours of its ancestors, innermost
// first; this module does the maths in Node, so the maths has a unit test of its own.
// https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio, #dfn-relative-luminance, #dfn-large-scale

export type Rgba = { r: number; g: number; b: number; a: number };

/**
 * Chromium's computed colours: `rgb(r, g, b)`, `rgba(r, g, b, a)` or, for colours written in
 * other spaces, `color(srgb r g b / a)` with channels 0–1. Anything else throws: a colour space
 * this helper cannot judge must be added here, not passed silently.
 */
export function parseCssColor(value: string): Rgba {
  const text = value.trim().toLowerCase();
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const legacy = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(text);
  if (legacy) {
    const alpha = legacy[4] === undefined ? 1 : Number(legacy[4]) / (legacy[5] ? 100 : 1);
    return { r: Number(legacy[1]), g: Number(legacy[2]), b: Number(legacy[3]), a: alpha };
  }
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(text);
  if (srgb) {
    const channel = (raw: string) => Math.min(255, Math.max(0, Number(raw) * 255));
    return {
      r: channel(srgb[1]!),
      g: channel(srgb[2]!),
      b: channel(srgb[3]!),
      a: srgb[4] === undefined ? 1 : Number(srgb[4]),
    };
  }
  throw new Error(`cannot judge the contrast of the colour "${value}"`);
}

/** `top` painted over `bottom` (source-over); the result is as opaque as both together. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/**
 * The colour behind a text: its ancestors' backgrounds, innermost first, stacked until one is
 * opaque, over `canvas` (the page's own background when nothing on the way is opaque).
 */
export function effectiveBackground(backgroundsInnermostFirst: Rgba[], canvas: Rgba): Rgba {
  let stack: Rgba = { r: 0, g: 0, b: 0, a: 0 };
  for (const layer of backgroundsInnermostFirst) {
    stack = composite(stack, layer);
    if (stack.a >= 1) return stack;
  }
  return composite(stack, canvas);
}

export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The ratio of a (possibly translucent) text colour over an opaque background, 1 to 21. */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  const text = relativeLuminance(composite(foreground, background));
  const behind = relativeLuminance(background);
  return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
}

/**
 * AA thresholds: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold: 18 pt and 14 pt)
 * and for glyphs that carry meaning without being words (✓, ✕, arrows: non-text contrast, 1.4.11).
 */
export function requiredRatio(sample: { fontSizePx: number; fontWeight: number; text: string }): number {
  const large = sample.fontSizePx >= 24 || (sample.fontSizePx >= 18.66 && sample.fontWeight >= 700);
  return large || isGlyphOnly(sample.text) ? 3 : 4.5;
}

/** No letters and no digits: symbols, arrows, dingbats, punctuation. */
export function isGlyphOnly(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text);
}
