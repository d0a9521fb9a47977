// Chromium (over CDP) and Firefox (over WebDriver BiDi) through puppeteer-core, one implementation of EnginePage.
// Playwright 1.65's moz-firefox channel stops at Firefox 153 ESR's first context (emulation.setMediaFeaturesOverride
// is not a command it knows); puppeteer-core 24 drives the same Firefox over BiDi (docs/decisions/engines-layer.md).
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { chromePath } from '../browser.ts';
import { appStarted, type EngineBrowser, type EnginePage, type Key, type OpenOptions } from './driver.ts';
import { FIREFOX } from './install.ts';

const KEYS: Record<Key, KeyInput[]> = {
  Escape: ['Escape'],
  Tab: ['Tab'],
  'Shift+Tab': ['Shift', 'Tab'],
  Enter: ['Enter'],
  Space: [' '],
  ArrowDown: ['ArrowDown'],
};

export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true })
      : await puppeteer.launch({
          executablePath: chromePath(),
          headless: 'shell',
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
        });
  return {
    engine,
    async open(options: OpenOptions = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const viewport = options.viewport ?? { width: 1280, height: 800 };
      await page.setViewport(viewport);
      const javaScript = options.javaScript !== false;
      if (!javaScript) await page.setJavaScriptEnabled(false);
      return pageOf(engine, page, javaScript, viewport.width, () => context.close());
    },
    close: () => browser.close(),
  };
}

function pageOf(engine: 'chromium' | 'firefox', page: Page, javaScript: boolean, width: number, close: () => Promise<void>): EnginePage {
  const element = async (selector: string): Promise<ElementHandle<Element>> => {
    const el = await page.$(selector);
    if (!el) throw new Error(`${engine}: nothing on ${page.url()} matches ${selector}`);
    return el;
  };
  const started = async () => {
    try {
      await page.waitForFunction(appStarted, { polling: 50 });
    } catch (e) {
      if (!/context|navigat|detached/i.test(String(e))) throw e; // a redirect stub moved on: nothing to wait for
    }
  };
  const p: EnginePage = {
    engine,
    width,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
      if (javaScript) await started();
    },
    url: async () => page.url(),
    async resize(viewport) {
      await page.setViewport(viewport);
      return (p.width = await page.evaluate(() => innerWidth));
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown[] as never[])) as never,
    async click(selector) {
      const el = await element(selector);
      await el.evaluate((e) => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await el.click();
    },
    clickAt: (x, y) => page.mouse.click(x, y),
    async type(selector, text) {
      await (await element(selector)).focus();
      await page.keyboard.type(text);
    },
    async select(selector, value) {
      await (await element(selector)).select(value);
    },
    async press(key) {
      const [first, second] = KEYS[key];
      if (!second) return page.keyboard.press(first);
      await page.keyboard.down(first);
      await page.keyboard.press(second);
      await page.keyboard.up(first);
    },
    async upload(selector, files) {
      await ((await element(selector)) as ElementHandle<HTMLInputElement>).uploadFile(...files);
    },
    close,
  };
  return p;
}
