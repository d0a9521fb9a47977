// Chromium (over CDP) and Firefox (over WebDriver BiDi) through puppeteer-core, one implementation of EnginePage.
// (Playwright's Firefox is a build of its own; with Debian's Firefox 153 ESR it stops at the first context.)
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { launchChromium } from '../chromium.ts';
import { appStarted, centre, DESKTOP, type EngineBrowser, type EnginePage, type OpenOptions } from './driver.ts';
import { endingWithUs, FIREFOX } from './install.ts';

/** A headless Firefox, ended with this process however it ends (Chromium ends when its pipe closes: ../chromium.ts). */
function launchFirefox(prefs: Record<string, unknown> = {}) {
  const [file, args] = endingWithUs(FIREFOX, puppeteer.defaultArgs({ browser: 'firefox', headless: true }));
  return puppeteer.launch({ browser: 'firefox', executablePath: file, ignoreDefaultArgs: true, args, extraPrefsFirefox: prefs });
}

export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser: Browser = engine === 'firefox' ? await launchFirefox() : await launchChromium();
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

/** Two frames drawn: what the page moves at its next frames has moved (Firefox scrolls a typed-in field's caret into
 *  view then). */
const twoFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Whether an animation or transition that ends is running on the page. */
const moving = () => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);

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
    async click(selector) {
      // In the middle of the screen first: Puppeteer clicks an element where it is once any of it is on screen, and a
      // control at the foot would be under the review bar fixed there. Then, with JavaScript on, Puppeteer's locator
      // waits until it is visible, enabled and still (a smooth scroll, a dialog opening) and clicks its middle.
      // Puppeteer's locators wait on scripts a page with JavaScript off does not run: there the click goes to the
      // element's middle as measured in the page, once the page has loaded, two looks find it still and uncovered, and
      // nothing on the page is moving (a panel sliding in, an FAQ's arrow turning: Firefox without JavaScript, clicked
      // while a transition ran, was seen to leave the click unanswered).
      let at = need(await page.evaluate(centre, selector), selector);
      if (javaScript) return page.locator(selector).click();
      const still = async () => {
        const last = at;
        at = need(await page.evaluate(centre, selector), selector);
        return at.reached && at.x === last.x && at.y === last.y && !(await page.evaluate(moving));
      };
      await expect.poll(still, { message: `${engine}: ${selector} still and not covered` }).toBe(true);
      await page.mouse.click(at.x, at.y);
    },
    clickAt: (x, y) => page.mouse.click(x, y),
    async drag(from, to) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up();
    },
    async type(selector, text) {
      need(await page.evaluate((s) => (document.querySelector<HTMLElement>(s)?.focus(), !!document.querySelector(s)), selector), selector);
      await page.keyboard.type(text);
      if (javaScript) await page.evaluate(twoFrames);
    },
    async select(selector, value) {
      await page.select(selector, value);
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
