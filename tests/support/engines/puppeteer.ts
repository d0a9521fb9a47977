// Chromium (over CDP) and Firefox (over WebDriver BiDi) through puppeteer-core, one implementation of EnginePage.
// Playwright 1.65's moz-firefox channel stops at Firefox 153 ESR's first context (emulation.setMediaFeaturesOverride
// is not a command it knows); puppeteer-core 24 drives the same Firefox over BiDi (docs/decisions/engines-layer.md).
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { chromePath } from '../browser.ts';
import { appStarted, DESKTOP, settle, type EngineBrowser, type EnginePage, type OpenOptions } from './driver.ts';
import { FIREFOX } from './install.ts';

const launchFirefox = (prefs: Record<string, unknown> = {}) =>
  puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, extraPrefsFirefox: prefs });

export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser: Browser =
    engine === 'firefox'
      ? await launchFirefox()
      : await puppeteer.launch({
          executablePath: chromePath(),
          headless: 'shell',
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
        });
  // Firefox 153 does not know BiDi's emulation.setScriptingEnabled (puppeteer's setJavaScriptEnabled): a visit without
  // JavaScript gets a Firefox of its own with JavaScript turned off, as a visitor turns it off, in its preferences
  let withoutScript: Promise<Browser> | undefined;
  return {
    engine,
    async open(options: OpenOptions = {}) {
      const javaScript = options.javaScript !== false;
      const from = engine === 'firefox' && !javaScript ? await (withoutScript ??= launchFirefox({ 'javascript.enabled': false })) : browser;
      const context = await from.createBrowserContext();
      const page = await context.newPage();
      const viewport = options.viewport ?? DESKTOP;
      await page.setViewport(viewport);
      if (!javaScript && engine === 'chromium') await page.setJavaScriptEnabled(false);
      return pageOf(engine, page, javaScript, viewport.width, () => context.close());
    },
    async close() {
      await Promise.all([browser.close(), withoutScript?.then((b) => b.close())]);
    },
  };
}

function pageOf(engine: 'chromium' | 'firefox', page: Page, javaScript: boolean, width: number, close: () => Promise<void>): EnginePage {
  /** Fails naming the page when `found` is not (nothing matched the selector). */
  const need = <T>(found: T, selector: string): NonNullable<T> => {
    if (!found) throw new Error(`${engine}: nothing on ${page.url()} matches ${selector}`);
    return found;
  };
  const p: EnginePage = {
    engine,
    width,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
      if (javaScript)
        await page.waitForFunction(appStarted, { polling: 50 }).catch((e) => {
          if (!/context|navigat|detached/i.test(String(e))) throw e; // a redirect stub moved on: nothing to wait for
        });
    },
    url: async () => page.url(),
    async resize(viewport) {
      await page.setViewport(viewport);
      return (p.width = await page.evaluate(() => innerWidth));
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown[] as never[])) as never,
    // By selector in the page's own realm, then the mouse and keyboard: puppeteer's element handles live in a realm of
    // its own, which Firefox does not make in a page with JavaScript off (every call on one waits forever).
    async click(selector) {
      const middle = (s: string, settleSource?: string) => {
        const el = document.querySelector(s);
        if (!el) return null;
        const at = () => {
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        };
        // no promise unless something moves (see settle)
        const moving: Promise<unknown> | undefined = settleSource ? (0, eval)(settleSource)(el) : undefined;
        return moving ? moving.then(at) : at();
      };
      // Firefox scrolls a field the page has just focused into view at its next frames (the estimate dialog's name
      // field, as it opens): let it first, or it scrolls the dialog back under a click measured before (it did, now
      // and then, moving the dialog's send button away from the point measured for it)
      if (javaScript) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // and where it stays, on screen: a smooth scroll a focused field started may still be moving the page
      const viewport = page.viewport()!;
      let at = await page.evaluate(middle, selector, String(settle));
      for (let i = 0; at && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 20)); // a frame or so: nothing in the page tells when a scroll ends
        const again = await page.evaluate(middle, selector);
        const onScreen = again && again.x >= 0 && again.y >= 0 && again.x < viewport.width && again.y < viewport.height;
        if (again && onScreen && again.x === at.x && again.y === at.y) break;
        at = onScreen ? again : await page.evaluate(middle, selector, String(settle));
      }
      const { x, y } = need(at, selector);
      if (!javaScript) return page.mouse.click(x, y);
      // With JavaScript on, the click must reach the element (under load, now and then a click at the right point
      // reached nothing: no click event anywhere). A person taps again: so does this, once, saying so.
      for (let attempt = 1; ; attempt++) {
        await page.evaluate((s) => {
          const w = window as unknown as { clickReached?: string };
          w.clickReached = 'nothing';
          const seen = (e: Event) => {
            const el = document.querySelector(s);
            w.clickReached =
              el && e.target instanceof Node && el.contains(e.target) ? 'it' : `${(e.target as Element).outerHTML?.slice(0, 80)}`;
          };
          addEventListener('click', seen, { capture: true, once: true });
        }, selector);
        await page.mouse.click(x, y);
        // a click that navigated has nothing left to ask
        const reached = await page.evaluate(() => (window as unknown as { clickReached?: string }).clickReached).catch(() => undefined);
        if (reached === undefined || reached === 'it') return;
        // another element on top is the page's fault, as WebKit's driver says (element click intercepted)
        if (attempt === 2 || reached !== 'nothing')
          throw new Error(`${engine}: a click on ${selector} at ${JSON.stringify({ x, y })} reached ${reached}`);
        console.log(`[engines] ${engine}: a click on ${selector} reached ${reached}; clicking again`);
      }
    },
    clickAt: (x, y) => page.mouse.click(x, y),
    async drag(from, to) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up();
    },
    async type(selector, text) {
      const field = await page.evaluate((s) => {
        const el = document.querySelector<HTMLElement>(s);
        el?.focus();
        return !!el;
      }, selector);
      need(field, selector);
      await page.keyboard.type(text);
      // Firefox scrolls a typed-in field's caret into view at its next frames: let it, before anything is measured
      if (javaScript) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    },
    async select(selector, value) {
      // as puppeteer's own select() does: the value set, and the events a choice makes
      const choose = (s: string, v: string) => {
        const el = document.querySelector<HTMLSelectElement>(s);
        if (el) el.value = v;
        return el && ['input', 'change'].every((type) => el.dispatchEvent(new Event(type, { bubbles: true })) || true);
      };
      need(await page.evaluate(choose, selector, value), selector);
    },
    async press(key) {
      // the space bar by its character: BiDi knows no key named Space
      const [first, second] = key.split('+').map((k) => (k === 'Space' ? ' ' : k)) as KeyInput[];
      if (!second) return page.keyboard.press(first);
      await page.keyboard.down(first);
      await page.keyboard.press(second);
      await page.keyboard.up(first);
    },
    async upload(selector, files) {
      await need((await page.$(selector)) as ElementHandle<HTMLInputElement> | null, selector).uploadFile(...files);
    },
    close,
  };
  return p;
}
