import { describe, expect, it } from "vitest";
import {
  composite,
  contrastRatio,
  effectiveBackground,
  isGlyphOnly,
  parseCssColor,
  relativeLuminance,
  requiredRatio,
} from "@/tests/helpers/contrast";

const WHITE = { r: 255, g: 255, b: 255, a: 1 };
const BLACK = { r: 0, g: 0, b: 0, a: 1 };
const CLEAR = { r: 0, g: 0, b: 0, a: 0 };

describe("parseCssColor", () => {
  it.each([
    ["rgb(29, 31, 35)", { r: 29, g: 31, b: 35, a: 1 }],
    ["rgba(0, 0, 0, 0)", CLEAR],
    ["rgba(255, 255, 255, 0.5)", { r: 255, g: 255, b: 255, a: 0.5 }],
    ["rgb(10 20 30 / 25%)", { r: 10, g: 20, b: 30, a: 0.25 }],
    ["transparent", CLEAR],
    ["color(srgb 1 0.5 0 / 0.4)", { r: 255, g: 127.5, b: 0, a: 0.4 }],
  ])("reads %s", (value, expected) => {
    expect(parseCssColor(value)).toEqual(expected);
  });

  it("refuses a colour space it cannot judge instead of guessing", () => {
    expect(() => parseCssColor("oklch(0.7 0.1 200)")).toThrow(/cannot judge the contrast of the colour "oklch/);
  });
});

describe("contrast maths", () => {
  it("has the WCAG end points: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio({ r: 94, g: 99, b: 109, a: 1 }, { r: 94, g: 99, b: 109, a: 1 })).toBe(1);
  });

  it.each([
    // Known pairs (WebAIM's checker): #777 on white is just under AA, #767676 is the lightest grey
    // that passes, #595959 is 7:1 (AAA).
    [{ r: 0x77, g: 0x77, b: 0x77, a: 1 }, WHITE, 4.48],
    [{ r: 0x76, g: 0x76, b: 0x76, a: 1 }, WHITE, 4.54],
    [{ r: 0x59, g: 0x59, b: 0x59, a: 1 }, WHITE, 7.0],
  ])("computes %o on %o as %f:1", (foreground, background, expected) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(expected, 1);
  });

  it("uses the sRGB linearisation, with its linear part below 0.04045", () => {
    expect(relativeLuminance({ r: 10, g: 10, b: 10, a: 1 })).toBeCloseTo(10 / 255 / 12.92, 8);
    expect(relativeLuminance({ r: 128, g: 128, b: 128, a: 1 })).toBeCloseTo(0.2158605, 6);
  });

  it("blends translucent text into its background before comparing", () => {
    const halfBlack = { r: 0, g: 0, b: 0, a: 0.5 };
    expect(composite(halfBlack, WHITE)).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
    expect(contrastRatio(halfBlack, WHITE)).toBeCloseTo(
      contrastRatio({ r: 127.5, g: 127.5, b: 127.5, a: 1 }, WHITE),
      8,
    );
    expect(contrastRatio(halfBlack, WHITE)).toBeLessThan(4.5);
  });

  it("stacks ancestors' backgrounds until one is opaque, and uses the canvas only when none is", () => {
    const tint = { r: 255, g: 0, b: 0, a: 0.5 };
    expect(effectiveBackground([CLEAR, tint, BLACK, WHITE], WHITE)).toEqual({ r: 127.5, g: 0, b: 0, a: 1 });
    expect(effectiveBackground([CLEAR, CLEAR], { r: 22, g: 24, b: 28, a: 1 })).toEqual({ r: 22, g: 24, b: 28, a: 1 });
    expect(effectiveBackground([tint], WHITE)).toEqual({ r: 255, g: 127.5, b: 127.5, a: 1 });
  });
});

describe("requiredRatio", () => {
  it.each([
    [{ fontSizePx: 16, fontWeight: 400, text: "Respects validators" }, 4.5],
    [{ fontSizePx: 24, fontWeight: 400, text: "Health" }, 3],
    [{ fontSizePx: 18.66, fontWeight: 700, text: "Health" }, 3],
    [{ fontSizePx: 18.66, fontWeight: 600, text: "Health" }, 4.5],
    [{ fontSizePx: 12, fontWeight: 700, text: "✓" }, 3],
    [{ fontSizePx: 12, fontWeight: 700, text: "✕" }, 3],
    [{ fontSizePx: 12, fontWeight: 400, text: "3" }, 4.5],
  ])("asks %o for %f:1", (sample, expected) => {
    expect(requiredRatio(sample)).toBe(expected);
  });

  it("counts letters and digits of any script as text", () => {
    expect([isGlyphOnly("↑ ·"), isGlyphOnly("日本"), isGlyphOnly("304"), isGlyphOnly("é")]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
