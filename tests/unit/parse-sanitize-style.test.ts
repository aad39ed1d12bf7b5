import { describe, expect, it } from "vitest";
import { sanitizeStyle } from "@/lib/pipeline/parse/sanitize/sanitize-style";

describe("sanitizeStyle: allowlisted properties with strictly matched values", () => {
  it.each([
    ["color: red", "color: red;"],
    ["color:#000080;TEXT-INDENT: 0.5in", "color: #000080; text-indent: 0.5in;"],
    ["color: rgb(0, 128, 0)", "color: rgb(0, 128, 0);"],
    ["color: hsl(120 50% 50% / 0.5)", "color: hsl(120 50% 50% / 0.5);"],
    ["font: bold 12px/1.5 'Comic Sans MS', serif", "font: bold 12px/1.5 'Comic Sans MS', serif;"],
    ["font-family: arial,sans-serif", "font-family: arial,sans-serif;"],
    ["font-weight: 700; text-align: right", "font-weight: 700; text-align: right;"],
    ["margin: 0 15px 0 0", "margin: 0 15px 0 0;"],
    ["border: 1px solid #ccc; border-bottom: dotted", "border: 1px solid #ccc; border-bottom: dotted;"],
    ["border: none !important", "border: none !important;"],
    ["line-height: .5", "line-height: .5;"],
    ["color:red;;color:blue;", "color: red; color: blue;"],
  ])("%s keeps %s", (style, kept) => {
    expect(sanitizeStyle(style)).toBe(kept);
  });

  it.each([
    ["url() in a kept shorthand", "background: url(javascript:alert(1))"],
    ["url() in a kept colour", "background-color: url(https://t.example/p.gif)"],
    ["expression()", "color: expression(alert(1))"],
    ["var()", "background-color: var(--x)"],
    ["position", "position: fixed; top: 0; left: 0; z-index: 9999"],
    ["width and height", "width: 100%; height: 100%"],
    ["behavior", "behavior: url(x.htc)"],
    ["-moz-binding", "-moz-binding: url(x.xml#x)"],
    ["a backslash escape", "color: re\\64"],
    ["an escape spelling url(", "background-color: \\75 rl(x)"],
    ["a comment", "color: red/**/"],
    ["a negative margin", "margin-top: -500px"],
    ["an absurd length", "margin: 99999em"],
    ["a page-sized padding in em", "padding: 999em"],
    ["a quote breaking out", 'color: red" onclick="x'],
    ["an unknown property", "foo: red"],
    ["a value-less declaration", "color:"],
    ["an overlong attribute", `color: red; ${"font-weight: bold; ".repeat(100)}`],
  ])("%s is dropped", (_name, style) => {
    expect(sanitizeStyle(style)).toBe("");
  });
});
