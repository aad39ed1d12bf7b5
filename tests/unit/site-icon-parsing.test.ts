// The pure parts of site icons: which links a home page names, what bytes are an image, and what
// of an SVG survives.
import { describe, expect, it } from "vitest";
import { findIconLinks } from "@/lib/pipeline/parse/icons/find-icon-links";
import { readIcon } from "@/lib/pipeline/parse/icons/read-icon";
import { sanitizeSvg } from "@/lib/pipeline/parse/icons/sanitize-svg";
import { icoOf, solidPng } from "@/tests/helpers/images";

const HOME = "https://site.example/blog/";

describe("findIconLinks", () => {
  it.each([
    ["rel=icon, resolved against the page", '<link rel="icon" href="i.png">', ["https://site.example/blog/i.png"]],
    ["shortcut icon, any case", '<LINK REL="Shortcut Icon" HREF="/f.ico">', ["https://site.example/f.ico"]],
    [
      "icons before apple-touch-icon, whatever the order",
      '<link rel="apple-touch-icon" href="/t.png"><link rel="icon" href="/i.svg">',
      ["https://site.example/i.svg", "https://site.example/t.png"],
    ],
    [
      "<base href> honoured",
      '<base href="https://cdn.example/"><link rel="icon" href="x.png">',
      ["https://cdn.example/x.png"],
    ],
    ["not a javascript: link", '<link rel="icon" href="javascript:alert(1)">', []],
    ["nothing after <body>", '</head><body><link rel="icon" href="/late.png">', []],
    ["not a stylesheet", '<link rel="stylesheet" href="/s.css">', []],
  ])("%s", (_name, head, expected) => {
    expect(findIconLinks(`<html><head>${head}</head></html>`, HOME)).toEqual(expected);
  });
});

describe("readIcon", () => {
  const png = solidPng(4, [1, 2, 3]);
  it.each([
    ["a PNG", png, "image/png"],
    ["an ICO", icoOf(png, 4), "image/x-icon"],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), "image/gif"],
    ["a JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg"],
    ["a WebP", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]), "image/webp"],
    [
      "an SVG with a prolog",
      Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>'),
      "image/svg+xml",
    ],
  ])("keeps %s as what its bytes are", (_name, body, type) => {
    const reading = readIcon(body);
    expect(reading).toMatchObject({ ok: true, image: { contentType: type } });
  });

  it.each([
    ["an HTML page", "<!doctype html><p>404</p>", /not an image \(it begins “<!doctype html>/],
    ["plain text", "Not Found", /not an image \(unknown bytes\)/],
    ["nothing", "", /an empty body/],
  ])("refuses %s", (_name, body, detail) => {
    const reading = readIcon(Buffer.from(body));
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.detail).toMatch(detail);
  });
});

describe("sanitizeSvg", () => {
  it.each([
    [
      "a script",
      "<svg><script>alert(1)</script><path d='M0'/></svg>",
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0"></path></svg>',
    ],
    [
      "an event handler",
      '<svg onload="alert(1)"><rect onclick="x()" width="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect></svg>',
    ],
    [
      "foreignObject and its HTML",
      "<svg><foreignObject><iframe src='x'/></foreignObject></svg>",
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ],
    [
      "an external use",
      '<svg><use href="https://x.example/a.svg#i"/><use href="#i"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><use></use><use href="#i"></use></svg>',
    ],
    [
      "a url() fill outside the file",
      '<svg><rect fill="url(https://x.example/p)" stroke="url(#g)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect stroke="url(#g)"></rect></svg>',
    ],
    [
      "a link, keeping its shape",
      '<svg><a href="javascript:x"><circle r="1"/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>',
    ],
  ])("drops %s", (_name, input, expected) => {
    expect(sanitizeSvg(input)).toBe(expected);
  });

  it("refuses what has no <svg> root", () => {
    expect(sanitizeSvg("<html><svg></svg></html>")).toBeNull();
  });
});
