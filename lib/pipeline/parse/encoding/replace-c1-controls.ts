// C1 control characters (U+0080–U+009F) never appear in real text; when a feed contains them,
// it is windows-1252 punctuation (curly quotes, dashes, €) that went through a latin-1 decoder.
// HTML5 maps numeric references the same way (&#146; is ’). This also covers a Node quirk:
// its TextDecoder("windows-1252") decodes 0x80–0x9F as latin-1 would, i.e. to C1 controls.

// WHATWG index-windows-1252 for 0x80–0x9F (the five unassigned bytes stay as they are).
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function mapC1Control(codePoint: number): number {
  return WINDOWS_1252_C1[codePoint - 0x80] ?? codePoint;
}

export function replaceC1Controls(text: string): string {
  if (!/[\u0080-\u009F]/.test(text)) return text;
  return text.replace(/[\u0080-\u009F]/g, (ch) => String.fromCodePoint(mapC1Control(ch.charCodeAt(0))));
}
