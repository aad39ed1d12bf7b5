import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeBody } from "@/lib/parse/decode-body";
import { parseFeed } from "@/lib/parse/parse-feed";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds/encodings");
const readFixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe("decoding follows RFC 7303: BOM, then HTTP charset, then XML declaration, then UTF-8", () => {
  it.each([
    { file: "windows-1251.xml", contentType: null, encoding: "windows-1251", title: "Привет, мир" },
    { file: "koi8-r.xml", contentType: "application/rss+xml", encoding: "koi8-r", title: "Привет, мир" },
    { file: "shift_jis.xml", contentType: null, encoding: "shift_jis", title: "こんにちは世界" },
    { file: "iso-8859-1.xml", contentType: null, encoding: "windows-1252", title: "Café déjà vu" },
    { file: "windows-1252-undeclared.xml", contentType: null, encoding: "windows-1252", title: "“Smart” quotes – and a dash" },
    { file: "utf-8-undeclared.xml", contentType: null, encoding: "utf-8", title: "Ünïcödé ✓" },
    { file: "utf-16le-bom.xml", contentType: null, encoding: "utf-16le", title: "Grüße aus Köln" },
    { file: "utf-16be-bom.xml", contentType: "text/xml; charset=iso-8859-1", encoding: "utf-16be", title: "Grüße aus Köln" },
    { file: "utf-16le-no-bom.xml", contentType: null, encoding: "utf-16le", title: "Grüße aus Köln" },
    { file: "utf-8-bom-mislabelled.xml", contentType: null, encoding: "utf-8", title: "Grüße ✓" },
    { file: "koi8-r-declared-windows-1251.xml", contentType: "application/rss+xml; charset=KOI8-R", encoding: "koi8-r", title: "Привет, мир" },
    { file: "koi8-r-declared-windows-1251.xml", contentType: "text/xml; charset='koi8-r'", encoding: "koi8-r", title: "Привет, мир" },
    { file: "windows-1251.xml", contentType: "text/xml; charset=x-no-such-charset", encoding: "windows-1251", title: "Привет, мир" },
  ])("$file with Content-Type $contentType decodes as $encoding", async ({ file, contentType, encoding, title }) => {
    const body = readFixture(file);
    expect(decodeBody(body, contentType).encoding).toBe(encoding);
    const result = await parseFeed({ body, contentType, url: "http://example.com/feed" });
    expect(result.ok && result.feed.title).toBe(title);
    expect(result.ok && result.feed.items[0]?.title).toBe(title);
  });

  it("reads UTF-32 (no TextDecoder support) with and without a byte-order mark", () => {
    const text = '<?xml version="1.0" encoding="utf-32"?><rss><channel><title>𝄞 clef</title></channel></rss>';
    const utf32le = Buffer.alloc(text.length * 4);
    let offset = 0;
    for (const ch of text) offset = utf32le.writeUInt32LE(ch.codePointAt(0) ?? 0, offset);
    const body = utf32le.subarray(0, offset);
    expect(decodeBody(body, null)).toEqual({ text, encoding: "utf-32le" });
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), body]), null)).toEqual({ text, encoding: "utf-32le" });
  });

  it("maps C1 controls to the windows-1252 punctuation they were meant to be", () => {
    // "don" U+0092 "t": windows-1252 bytes that went through a latin-1 decoder once.
    expect(decodeBody(Buffer.from("don\u0092t", "utf8"), null).text).toBe("don’t");
  });

  it("keeps declared UTF-8 with one bad byte as UTF-8, with a replacement character", () => {
    const body = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="utf-8"?>é '), Buffer.from([0xff])]);
    expect(decodeBody(body, null)).toEqual({ text: '<?xml version="1.0" encoding="utf-8"?>é \uFFFD', encoding: "utf-8" });
  });
});
