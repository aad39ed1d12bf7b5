import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeBody } from "@/lib/pipeline/parse/encoding/decode-body";
import { parseFeed } from "@/lib/pipeline/parse/parse-feed";

const FIXTURES = path.resolve(__dirname, "../fixtures/feeds/encodings");
const readFixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe("decoding follows RFC 7303: BOM, then HTTP charset, then XML declaration, then UTF-8", () => {
  it.each([
    { file: "windows-1251.xml", contentType: null, encoding: "windows-1251", title: "Привет, мир" },
    { file: "koi8-r.xml", contentType: "application/rss+xml", encoding: "koi8-r", title: "Привет, мир" },
    { file: "shift_jis.xml", contentType: null, encoding: "shift_jis", title: "こんにちは世界" },
    { file: "iso-8859-1.xml", contentType: null, encoding: "windows-1252", title: "Café déjà vu" },
    {
      file: "windows-1252-undeclared.xml",
      contentType: null,
      encoding: "windows-1252",
      title: "“Smart” quotes – and a dash",
    },
    { file: "utf-8-undeclared.xml", contentType: null, encoding: "utf-8", title: "Ünïcödé ✓" },
    { file: "utf-16le-bom.xml", contentType: null, encoding: "utf-16le", title: "Grüße aus Köln" },
    {
      file: "utf-16be-bom.xml",
      contentType: "text/xml; charset=iso-8859-1",
      encoding: "utf-16be",
      title: "Grüße aus Köln",
    },
    { file: "utf-16le-no-bom.xml", contentType: null, encoding: "utf-16le", title: "Grüße aus Köln" },
    { file: "utf-8-bom-mislabelled.xml", contentType: null, encoding: "utf-8", title: "Grüße ✓" },
    {
      file: "koi8-r-declared-windows-1251.xml",
      contentType: "application/rss+xml; charset=KOI8-R",
      encoding: "koi8-r",
      title: "Привет, мир",
    },
    {
      file: "koi8-r-declared-windows-1251.xml",
      contentType: "text/xml; charset='koi8-r'",
      encoding: "koi8-r",
      title: "Привет, мир",
    },
    {
      file: "windows-1251.xml",
      contentType: "text/xml; charset=x-no-such-charset",
      encoding: "windows-1251",
      title: "Привет, мир",
    },
  ])("$file with Content-Type $contentType decodes as $encoding", async ({ file, contentType, encoding, title }) => {
    const body = readFixture(file);
    expect(decodeBody(body, contentType).encoding).toBe(encoding);
    const result = await parseFeed({ body, contentType, url: "http://example.com/feed" });
    expect(result.ok && result.feed.title).toBe(title);
    expect(result.ok && result.feed.items[0]?.title).toBe(title);
  });

  // Fixtures written for these tests (iconv from UTF-8 text), each a short news feed.
  it.each([
    {
      file: "koi8-r-undeclared.xml",
      contentType: null,
      encoding: "koi8-r",
      source: "detected",
      title: "Как пережить зиму в городе",
    },
    {
      file: "euc-jp-undeclared.xml",
      contentType: null,
      encoding: "euc-jp",
      source: "detected",
      title: "東京の天気は明日から晴れる見込みです",
    },
    {
      file: "shift_jis-undeclared.xml",
      contentType: null,
      encoding: "shift_jis",
      source: "detected",
      title: "東京の天気は明日から晴れる見込みです",
    },
    {
      file: "big5-undeclared.xml",
      contentType: null,
      encoding: "big5",
      source: "detected",
      title: "台北市今天天氣晴朗",
    },
    {
      file: "euc-kr-undeclared.xml",
      contentType: null,
      encoding: "euc-kr",
      source: "detected",
      title: "서울의 날씨는 내일부터 맑을 것으로 보입니다",
    },
    {
      file: "gb2312-undeclared.xml",
      contentType: null,
      encoding: "gb18030",
      source: "detected",
      title: "北京今天天气晴朗",
    },
    {
      file: "tis-620-undeclared.xml",
      contentType: null,
      encoding: "windows-874",
      source: "detected",
      title: "สภาพอากาศในกรุงเทพฯ วันนี้แจ่มใส",
    },
    {
      file: "windows-1255-undeclared.xml",
      contentType: null,
      encoding: "windows-1255",
      source: "detected",
      title: "מזג האוויר בתל אביב היום נאה",
    },
    // Declared, and contradicted by the bytes.
    {
      file: "windows-1252-declared-utf-8.xml",
      contentType: null,
      encoding: "windows-1252",
      source: "detected",
      title: "Le café coûte 2 € de plus",
    },
    {
      file: "windows-1252-declared-utf-8.xml",
      contentType: "text/xml; charset=utf-8",
      encoding: "windows-1252",
      source: "detected",
      title: "Le café coûte 2 € de plus",
    },
    {
      file: "utf-8-declared-iso-8859-1.xml",
      contentType: null,
      encoding: "utf-8",
      source: "utf8-valid",
      title: "Café déjà vu à Zürich",
    },
    {
      file: "utf-8-declared-iso-8859-1.xml",
      contentType: "application/rss+xml; charset=ISO-8859-1",
      encoding: "utf-8",
      source: "utf8-valid",
      title: "Café déjà vu à Zürich",
    },
    {
      file: "koi8-r-declared-iso-8859-1.xml",
      contentType: null,
      encoding: "koi8-r",
      source: "detected",
      title: "Как пережить зиму в городе",
    },
    // Declared and borne out: the declaration is credited.
    { file: "koi8-r.xml", contentType: null, encoding: "koi8-r", source: "prolog", title: "Привет, мир" },
    {
      file: "koi8-r.xml",
      contentType: "text/xml; charset=koi8-r",
      encoding: "koi8-r",
      source: "http",
      title: "Привет, мир",
    },
    { file: "iso-8859-1.xml", contentType: null, encoding: "windows-1252", source: "prolog", title: "Café déjà vu" },
    // UTF-16/32 in both byte orders, the byte pattern deciding the order whatever the label says.
    {
      file: "utf-16be-declared.xml",
      contentType: null,
      encoding: "utf-16be",
      source: "prolog",
      title: "Grüße aus Köln",
    },
    {
      file: "utf-16be-declared.xml",
      contentType: "text/xml; charset=utf-16",
      encoding: "utf-16be",
      source: "http",
      title: "Grüße aus Köln",
    },
    {
      file: "utf-16le-declared.xml",
      contentType: "text/xml; charset=utf-16be",
      encoding: "utf-16le",
      source: "http",
      title: "Grüße aus Köln",
    },
    {
      file: "utf-16le-declared.xml",
      contentType: "text/xml; charset=iso-8859-1",
      encoding: "utf-16le",
      source: "prolog",
      title: "Grüße aus Köln",
    },
    {
      file: "utf-32be-declared.xml",
      contentType: null,
      encoding: "utf-32be",
      source: "prolog",
      title: "Grüße aus Köln",
    },
    {
      file: "utf-32le-undeclared.xml",
      contentType: null,
      encoding: "utf-32le",
      source: "pattern",
      title: "Grüße aus Köln",
    },
    { file: "utf-16be-bom.xml", contentType: null, encoding: "utf-16be", source: "bom", title: "Grüße aus Köln" },
  ])(
    "$file with Content-Type $contentType: $encoding, decided by $source",
    async ({ file, contentType, encoding, source, title }) => {
      const body = readFixture(file);
      const result = await parseFeed({ body, contentType, url: "http://example.com/feed" });
      expect(result.ok && result.reading).toEqual({ encoding, encodingSource: source, xmlRecovery: null });
      expect(result.ok && result.feed.title).toBe(title);
      expect(result.ok && result.feed.items[0]?.title).toBe(title);
    },
  );

  it("an HTML page's meta charset is read when nothing else declares one", () => {
    // 0xA4 is "€" in ISO-8859-15 and "¤" in windows-1252: only the meta can tell.
    const page = (meta: string) =>
      Buffer.concat([
        Buffer.from(`<!doctype html><html><head>${meta}</head><body>`),
        Buffer.from([0xa4]),
        Buffer.from("</body></html>"),
      ]);
    expect(decodeBody(page('<meta charset="iso-8859-15">'), null)).toMatchObject({
      encoding: "iso-8859-15",
      source: "meta",
    });
    expect(
      decodeBody(page('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-15">'), null).text,
    ).toContain("<body>€</body>");
    expect(decodeBody(page('<meta charset="iso-8859-15">'), "text/html; charset=windows-1252")).toMatchObject({
      encoding: "windows-1252",
      source: "http",
    });
  });

  it("a pure-ASCII body is UTF-8 by default, and the declared encoding when there is one", () => {
    expect(decodeBody(Buffer.from("<rss/>"), null)).toEqual({ text: "<rss/>", encoding: "utf-8", source: "default" });
    expect(decodeBody(Buffer.from("<rss/>"), "text/xml; charset=us-ascii")).toEqual({
      text: "<rss/>",
      encoding: "windows-1252",
      source: "http",
    });
  });

  it("reads UTF-32 (no TextDecoder support) with and without a byte-order mark", () => {
    const text = '<?xml version="1.0" encoding="utf-32"?><rss><channel><title>𝄞 clef</title></channel></rss>';
    const utf32le = Buffer.alloc(text.length * 4);
    let offset = 0;
    for (const ch of text) offset = utf32le.writeUInt32LE(ch.codePointAt(0) ?? 0, offset);
    const body = utf32le.subarray(0, offset);
    expect(decodeBody(body, null)).toEqual({ text, encoding: "utf-32le", source: "prolog" });
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), body]), null)).toEqual({
      text,
      encoding: "utf-32le",
      source: "bom",
    });
  });

  it("maps C1 controls to the windows-1252 punctuation they were meant to be", () => {
    // "don" U+0092 "t": windows-1252 bytes that went through a latin-1 decoder once.
    expect(decodeBody(Buffer.from("don\u0092t", "utf8"), null).text).toBe("don’t");
  });

  it("keeps declared UTF-8 with one bad byte as UTF-8, with a replacement character", () => {
    const body = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="utf-8"?>é '), Buffer.from([0xff])]);
    expect(decodeBody(body, null)).toEqual({
      text: '<?xml version="1.0" encoding="utf-8"?>é \uFFFD',
      encoding: "utf-8",
      source: "prolog",
    });
  });
});
