import { describe, expect, it } from "vitest";
import { parseOpml } from "@/lib/pipeline/parse/opml/parse-opml";
import { escapeXml, serializeOpml } from "@/lib/pipeline/parse/opml/serialize-opml";
import { MAX_OPML_OUTLINES } from "@/lib/pipeline/parse/opml/limits";

const opml = (body: string, head = "<head><title>My feeds</title></head>") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">${head}<body>${body}</body></opml>`;

describe("parseOpml", () => {
  it("reads feeds and folders (the folder is the parent outline's text)", () => {
    const result = parseOpml(
      opml(`
        <outline text="Tech" title="Tech">
          <outline type="rss" text="A blog" xmlUrl="https://a.example/feed.xml" htmlUrl="https://a.example/"/>
          <outline type="rss" title="B &amp; C" text="ignored" xmlUrl="https://b.example/rss"/>
        </outline>
        <outline type="rss" text="Loose" xmlUrl="http://loose.example/atom"/>`),
    );
    expect(result).toEqual({
      ok: true,
      title: "My feeds",
      entries: [
        { url: "https://a.example/feed.xml", title: "A blog", folder: "Tech", siteUrl: "https://a.example/" },
        { url: "https://b.example/rss", title: "B & C", folder: "Tech", siteUrl: null },
        { url: "http://loose.example/atom", title: "Loose", folder: null, siteUrl: null },
      ],
      skipped: [],
    });
  });

  it("keeps a valid htmlUrl as the site link and drops a bad one without skipping the feed", () => {
    const result = parseOpml(
      opml(
        `<outline xmlUrl="https://a.example/feed" htmlUrl="javascript:alert(1)"/><outline xmlUrl="https://b.example/feed" htmlUrl="https://b.example/"/>`,
      ),
    );
    expect(result.ok && result.entries.map((entry) => entry.siteUrl)).toEqual([null, "https://b.example/"]);
  });

  it("flattens nested folders and accepts other readers' attribute casing (xmlurl)", () => {
    const result = parseOpml(
      opml(
        `<outline text="News"><outline text="World"><outline xmlurl="https://w.example/feed" text="W"/></outline></outline>`,
      ),
    );
    expect(result.ok && result.entries).toEqual([
      { url: "https://w.example/feed", title: "W", folder: "News / World", siteUrl: null },
    ]);
  });

  it("skips malformed entries with the reason, and keeps the good ones", () => {
    const result = parseOpml(
      opml(`
        <outline text="No address"/>
        <outline text="Empty" xmlUrl="  "/>
        <outline text="FTP" xmlUrl="ftp://files.example/feed"/>
        <outline text="Script" xmlUrl="javascript:alert(1)"/>
        <outline text="File" xmlUrl="file:///etc/passwd"/>
        <outline text="Broken" xmlUrl="http://"/>
        <outline text="Creds" xmlUrl="https://user:pw@x.example/feed"/>
        <outline text="Good" xmlUrl="https://good.example/feed"/>
        <outline text="Good again" xmlUrl="https://good.example/feed"/>`),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entries).toEqual([{ url: "https://good.example/feed", title: "Good", folder: null, siteUrl: null }]);
    expect(result.skipped.map((skip) => [skip.title, skip.reason])).toEqual([
      ["No address", "no xmlUrl: neither a feed nor a folder"],
      ["Empty", "no xmlUrl: neither a feed nor a folder"],
      ["FTP", "xmlUrl uses ftp: (only http and https feeds can be followed)"],
      ["Script", "xmlUrl uses javascript: (only http and https feeds can be followed)"],
      ["File", "xmlUrl uses file: (only http and https feeds can be followed)"],
      ["Broken", "xmlUrl is not a valid URL"],
      ["Creds", "xmlUrl contains credentials (user:password@)"],
      ["Good again", "listed twice in this file"],
    ]);
  });

  it("recognises duplicates after normalisation (host case, default port)", () => {
    const result = parseOpml(
      opml(`<outline xmlUrl="https://A.example:443/feed"/><outline xmlUrl="https://a.example/feed"/>`),
    );
    expect(result.ok && [result.entries.length, result.skipped[0]?.reason]).toEqual([1, "listed twice in this file"]);
  });

  it.each<[string, string, RegExp]>([
    ["plain text", "just some text", /not an XML file/],
    ["JSON", '{"feeds": []}', /not an XML file/],
    [
      "an RSS feed",
      '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
      /root element is <rss>, not <opml>/,
    ],
    [
      "a DOCTYPE",
      '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY x "y">]><opml><body><outline xmlUrl="https://x.example/&x;"/></body></opml>',
      /DOCTYPE/,
    ],
    ["no outlines", opml(""), /no outlines/],
    ["an empty file", "", /not an XML file/],
  ])("refuses %s with a clear reason", (_name, text, message) => {
    const result = parseOpml(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });

  it("refuses files with more outlines than the cap", () => {
    const many = Array.from(
      { length: MAX_OPML_OUTLINES + 1 },
      (_, i) => `<outline xmlUrl="https://x.example/${i}"/>`,
    ).join("");
    const result = parseOpml(opml(many));
    expect(!result.ok && result.error).toMatch(/more than 10,000 outlines/);
  });

  it("bounds titles and folder names", () => {
    const result = parseOpml(
      opml(
        `<outline text="${"F".repeat(150)}"><outline text="${"T".repeat(300)}" xmlUrl="https://x.example/f"/></outline>`,
      ),
    );
    expect(result.ok && result.entries[0]!.title!.length).toBe(200);
    expect(result.ok && result.entries[0]!.folder!.length).toBe(100);
  });

  it("leaves undeclared entities alone and never fetches anything", () => {
    const result = parseOpml(opml(`<outline text="&unknown; &#x41;" xmlUrl="https://x.example/?a=1&amp;b=2"/>`));
    expect(result.ok && result.entries[0]).toEqual({
      url: "https://x.example/?a=1&b=2",
      title: "&unknown; A",
      folder: null,
      siteUrl: null,
    });
  });
});

describe("serializeOpml", () => {
  const sources = [
    {
      title: "A <b>&</b> \"quoted\" 'blog'",
      feedUrl: "https://a.example/feed?x=1&y=2",
      siteUrl: "https://a.example/",
      folder: "Tech & Science",
    },
    { title: "Loose\nline", feedUrl: "https://loose.example/feed", siteUrl: null, folder: null },
    { title: "B", feedUrl: "https://b.example/feed", siteUrl: null, folder: "Tech & Science" },
  ];

  it("writes OPML 2.0 with folders as parent outlines, everything escaped", () => {
    const text = serializeOpml({
      title: "Tidings subscriptions",
      dateCreated: new Date("2026-11-30T12:00:00Z"),
      sources,
    });
    expect(text).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>Tidings subscriptions</title>
    <dateCreated>Mon, 30 Nov 2026 12:00:00 GMT</dateCreated>
  </head>
  <body>
    <outline text="Tech &amp; Science" title="Tech &amp; Science">
      <outline type="rss" text="A &lt;b&gt;&amp;&lt;/b&gt; &quot;quoted&quot; &apos;blog&apos;" title="A &lt;b&gt;&amp;&lt;/b&gt; &quot;quoted&quot; &apos;blog&apos;" xmlUrl="https://a.example/feed?x=1&amp;y=2" htmlUrl="https://a.example/"/>
      <outline type="rss" text="B" title="B" xmlUrl="https://b.example/feed"/>
    </outline>
    <outline type="rss" text="Loose&#10;line" title="Loose&#10;line" xmlUrl="https://loose.example/feed"/>
  </body>
</opml>
`);
  });

  it("round-trips through parseOpml: same feeds, titles and folders", () => {
    const parsed = parseOpml(serializeOpml({ title: "x", dateCreated: new Date(), sources }));
    expect(parsed.ok && parsed.entries).toEqual([
      {
        url: "https://a.example/feed?x=1&y=2",
        title: "A <b>&</b> \"quoted\" 'blog'",
        folder: "Tech & Science",
        siteUrl: "https://a.example/",
      },
      { url: "https://b.example/feed", title: "B", folder: "Tech & Science", siteUrl: null },
      { url: "https://loose.example/feed", title: "Loose line", folder: null, siteUrl: null },
    ]);
  });

  it("drops characters XML 1.0 cannot carry", () => {
    expect(escapeXml("a\u0000b\u0007c\u001Fd\uFFFEe\uD800f😀")).toBe("abcdef😀");
  });
});
