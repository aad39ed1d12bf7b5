/**
 * A reader page under watch, for tests that render hostile content: it records everything the
 * content could make the page do.
 *
 *   const watch = await watchPage(browser, server.url);
 *   await watch.goto("/?view=all&article=1");
 *   const inspection = await watch.showArticle(2); // as the reader moves between articles
 *   const report = await watch.report();           // after a short settle
 *   await watch.close();
 *
 * - scripts: dialogs (alert/confirm/prompt), window.__pwned (the project's payloads set it), and
 *   every Content-Security-Policy violation (an inline script or handler that the CSP stopped);
 * - navigations of the main frame to any URL the test did not go to itself, or a new document
 *   (a marker set on the document after goto() must survive), and popups;
 * - requests to any origin but the app's: recorded and aborted, so nothing leaves the machine.
 *
 * showArticle() opens an article through the History API, as the reader itself does, waits for
 * its content, checks the DOM that content became (elements, attributes, URL schemes) and fires
 * every event an inline handler could listen to on every element of it, default actions cancelled.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { Parser } from "htmlparser2";

export type Violation = { directive: string; blocked: string; article: number | null };
export type OutsideRequest = { url: string; article: number | null };
export type ArticleInspection = { id: number; hasContent: boolean; findings: string[]; resources: string[] };
export type WatchReport = { violations: Violation[]; pwned: unknown; sameDocument: boolean };

export type PageWatch = {
  page: Page;
  context: BrowserContext;
  dialogs: string[];
  popups: string[];
  /** Main-frame navigations to URLs the test did not ask for. */
  navigations: string[];
  outside: OutsideRequest[];
  /** Goes to a page of the app (an allowed navigation), waits for the reader to hydrate unless told not to, and marks the document. */
  goto(pathAndQuery: string, options?: { waitForReader?: boolean }): Promise<void>;
  showArticle(id: number, options?: { view?: string; timeoutMs?: number }): Promise<ArticleInspection>;
  /** Waits `settleMs` for late events (an image error, a timer), then reads the in-page detectors. */
  report(settleMs?: number): Promise<WatchReport>;
  close(): Promise<void>;
};

type Harness = { violations: Violation[]; article: number | null; marked: boolean };
type HarnessWindow = Window & { __harness: Harness; __pwned?: unknown };

export async function watchPage(browser: Browser, appUrl: string): Promise<PageWatch> {
  const appOrigin = new URL(appUrl).origin;
  // A context of its own: its routes also cover popups, and closing it leaves nothing behind.
  const context = await browser.newContext({ viewport: { width: 1280, height: 2000 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const popups: string[] = [];
  const navigations: string[] = [];
  const outside: OutsideRequest[] = [];
  const allowed = new Set<string>();
  let article: number | null = null;

  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  context.on("page", (popup) => popups.push(popup.url() || "(a new window)"));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && !allowed.has(frame.url())) navigations.push(frame.url());
  });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (new URL(url).origin === appOrigin) return route.continue();
    outside.push({ url, article });
    return route.abort("blockedbyclient");
  });
  await context.addInitScript(() => {
    // A deep link's article is on the page from the first byte: violations are its own.
    const harness: Harness = {
      violations: [],
      article: Number(new URLSearchParams(location.search).get("article")) || null,
      marked: false,
    };
    (window as unknown as HarnessWindow).__harness = harness;
    document.addEventListener("securitypolicyviolation", (event) =>
      harness.violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        article: harness.article,
      }),
    );
  });

  return {
    page,
    context,
    dialogs,
    popups,
    navigations,
    outside,
    async goto(pathAndQuery, options = {}) {
      const url = new URL(pathAndQuery, appOrigin).href;
      allowed.add(url);
      article = Number(new URL(url).searchParams.get("article")) || null;
      await page.goto(url);
      if (options.waitForReader !== false) await page.locator("[data-ready]").waitFor();
      // Marks this document only: if content already navigated away, the new one stays unmarked.
      await page
        .evaluate((expected) => {
          if (location.href === expected) (window as unknown as HarnessWindow).__harness.marked = true;
        }, url)
        .catch(() => {}); // the context was destroyed by a navigation: nothing to mark
    },
    async showArticle(id, options = {}) {
      const href = `/?view=${options.view ?? "all"}&article=${id}`;
      allowed.add(new URL(href, appOrigin).href);
      article = id;
      return page.evaluate(openAndInspect, { id, href, timeoutMs: options.timeoutMs ?? 20_000 });
    },
    async report(settleMs = 500) {
      await page.waitForTimeout(settleMs);
      return page.evaluate(() => {
        const w = window as unknown as Partial<HarnessWindow>;
        return {
          violations: w.__harness?.violations ?? [],
          pwned: w.__pwned,
          sameDocument: w.__harness?.marked === true,
        };
      });
    },
    close: () => context.close(),
  };
}

/**
 * In the page: moves to the article with the History API (Next follows it, no reload), waits
 * until the reading view shows that article's content, then inspects and provokes it.
 * Self-contained: Playwright sends its source to the page.
 */
async function openAndInspect({
  id,
  href,
  timeoutMs,
}: {
  id: number;
  href: string;
  timeoutMs: number;
}): Promise<ArticleInspection> {
  (window as unknown as HarnessWindow).__harness.article = id;
  if (`${location.pathname}${location.search}` !== href) history.replaceState(null, "", href);
  const deadline = Date.now() + timeoutMs;
  let view: Element | null = null;
  while (!(view = document.querySelector(`article[data-loaded-article-id="${id}"]`))) {
    if (Date.now() > deadline) {
      const shown =
        document.querySelector("article")?.textContent?.replace(/\s+/g, " ").slice(0, 200) ?? "no article element";
      return {
        id,
        hasContent: false,
        findings: [
          `the reading view did not show it within ${timeoutMs} ms (the address says ${location.search}; the view shows: ${shown})`,
        ],
        resources: [],
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const content = view.querySelector("[data-article-content]");
  if (!content) return { id, hasContent: false, findings: [], resources: [] };

  // Nothing that runs code, loads a document or submits anything may come out of the sanitizer.
  const forbiddenElements = new Set([
    "script",
    "style",
    "link",
    "meta",
    "base",
    "object",
    "embed",
    "applet",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "frame",
    "frameset",
    "svg",
    "math",
    "template",
    "noscript",
  ]);
  const forbiddenAttributes = new Set(["formaction", "action", "srcdoc", "ping", "http-equiv", "xlink:href"]);
  const urlAttributes = ["href", "src", "poster", "cite", "data", "background", "lowsrc", "dynsrc"];
  const findings: string[] = [];
  const resources: string[] = [];
  const checkUrl = (tag: string, name: string, value: string) => {
    let url: URL;
    try {
      url = new URL(value, document.baseURI);
    } catch {
      findings.push(`<${tag} ${name}> is not a URL: ${value}`);
      return;
    }
    const fine =
      url.protocol === "http:" || url.protocol === "https:" || (name === "href" && url.protocol === "mailto:");
    if (!fine) findings.push(`<${tag} ${name}> uses ${url.protocol}`);
    if (name === "src" || name === "poster" || name === "srcset") resources.push(url.href);
  };
  const elements = [content, ...content.querySelectorAll("*")];
  for (const element of elements) {
    const tag = element.localName;
    if (forbiddenElements.has(tag)) findings.push(`<${tag}> element`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on") || forbiddenAttributes.has(name)) findings.push(`<${tag} ${name}> attribute`);
      if (urlAttributes.includes(name)) checkUrl(tag, name, attribute.value);
      if (name === "srcset")
        for (const candidate of attribute.value.split(",")) checkUrl(tag, name, candidate.trim().split(/\s+/)[0] ?? "");
    }
    // Inline styles are kept (colour, alignment, weight), as the browser reads them: nothing in
    // them may load a URL or place the element outside the article's flow.
    const inline = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
    for (let i = 0; i < (inline?.length ?? 0); i++) {
      const property = inline?.item(i) ?? "";
      const value = inline?.getPropertyValue(property) ?? "";
      if (/url\(|image-set|expression|element\(/i.test(value))
        findings.push(`<${tag} style> ${property} loads ${value}`);
      if (
        /^(position|inset|top|right|bottom|left|z-index|transform|translate|content|behavior|-moz-binding)$/.test(
          property,
        )
      )
        findings.push(`<${tag} style> sets ${property}`);
    }
    const position = getComputedStyle(element).position;
    if (position === "fixed" || position === "absolute") findings.push(`<${tag}> is positioned ${position}`);
    // A new tab must not get a handle on the reader (reverse tabnabbing).
    if (
      tag === "a" &&
      element.getAttribute("target") === "_blank" &&
      !/\bnoopener\b/.test(element.getAttribute("rel") ?? "")
    ) {
      findings.push("<a target=_blank> without rel=noopener");
    }
  }

  // Whatever handler attribute survived would fire now (and meet the CSP, which reports it).
  // Capture-phase listeners cancel default actions, so no link is followed, nothing submitted.
  const events = [
    "click",
    "dblclick",
    "auxclick",
    "contextmenu",
    "mousedown",
    "mouseup",
    "mouseover",
    "mouseout",
    "mouseenter",
    "mouseleave",
    "mousemove",
    "pointerdown",
    "pointerup",
    "pointerover",
    "wheel",
    "focus",
    "blur",
    "focusin",
    "focusout",
    "keydown",
    "keyup",
    "keypress",
    "input",
    "change",
    "select",
    "submit",
    "reset",
    "invalid",
    "load",
    "error",
    "abort",
    "resize",
    "scroll",
    "toggle",
    "copy",
    "cut",
    "paste",
    "drag",
    "dragstart",
    "drop",
    "play",
    "canplay",
    "loadstart",
    "animationstart",
    "transitionend",
  ];
  const cancel = (event: Event) => event.preventDefault();
  for (const type of events) window.addEventListener(type, cancel, true);
  try {
    // Not bubbling: the reader's own listeners (keyboard shortcuts on window) stay out of it.
    for (const element of elements)
      for (const type of events) element.dispatchEvent(new Event(type, { cancelable: true }));
  } finally {
    for (const type of events) window.removeEventListener(type, cancel, true);
  }
  return { id, hasContent: true, findings, resources };
}

/**
 * The URLs of everything stored HTML legitimately loads (img, picture sources, audio, video and
 * their posters, allowed iframes): the only places outside the app a page may request.
 */
export function mediaUrlsOf(html: string): Set<string> {
  const urls = new Set<string>();
  const add = (value: string | undefined) => {
    if (value && URL.canParse(value)) urls.add(new URL(value).href);
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!["img", "source", "audio", "video", "iframe"].includes(name)) return;
      add(attributes.src);
      add(attributes.poster);
      for (const candidate of attributes.srcset?.split(",") ?? []) add(candidate.trim().split(/\s+/)[0]);
    },
  });
  parser.write(html);
  parser.end();
  return urls;
}
