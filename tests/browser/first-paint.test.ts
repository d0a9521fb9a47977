// In a real Chromium: the page paints before it fetches or runs anything of its own. The head script starts the app
// module once the browser reports the first paint; in a tab that cannot paint (hidden) or a browser that reports no
// paint, it starts at once, so the enhancements never wait for a paint that does not come. Its safety nets (the
// module at the latest after 1.5 s; the `js` class gone after 3 s without the app) are checked on the page's clock.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { clock } from '../support/page-clock.ts';
import { openEstimate } from '../support/quote-form.ts';
import { route, useChromium, visible } from '../support/use-chromium.ts';
import { baseUrl, html } from '../support/site.ts';
import { KIND_PAGES, SERVICE_PATHS } from '../support/facts.ts';

const openPage = useChromium();

/** The head script's safety nets (client/inline/head.ts): the module starts at the latest this long after the
 * page began, and without the app started this long after, the page drops its `js` class and shows as without it. */
const MODULE_AT_THE_LATEST = 1500;
const NO_APP_AFTER = 3000;
const APP_MODULE = /\/assets\/app-\w+\.js$/;

/** Resolves once every request the page made so far has been reported: the page fetches a marker, and its answer
 * arrives after the report of any request made before it (a dynamic import asks for its module a moment after the
 * import() call, so the request list alone could still lag behind). */
async function requestsReported(page: Page) {
  const marker = `/robots.txt?marker=${Math.random()}`;
  const seen = page.waitForResponse((r) => r.url().endsWith(marker));
  await page.evaluate((m) => fetch(m).then((r) => r.text()), marker);
  await seen;
}

const appState = (page: Page) => page.evaluate(() => document.documentElement.dataset.app ?? 'not started');
const hasJsClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('js'));

/** When the first contentful paint was reported, and the requests so far: where to and when each went out (ms since
 *  navigation); `module`: the app module's, `fetched`: the estimate file and its stylesheet, which the module fetches. */
async function timings(page: Page) {
  await expect.poll(() => appState(page), { message: 'the app has started' }).toBe('ready');
  const painted = () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
  await expect.poll(painted, { message: 'the first contentful paint is reported' }).toBe(1);
  const { fcp, sent } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
    sent: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime] as const),
  }));
  const at = (re: RegExp) => sent.filter(([p]) => re.test(p)).map(([, t]) => t);
  return { fcp, module: at(APP_MODULE), requests: sent.map(([p]) => p), fetched: at(/\/assets\/estimate-\w+\.(html|css)$/) };
}

describe('the app module starts after the first paint', () => {
  // The head script is one on every page: the first page without estimate buttons and the first with them, which alone
  // fetches the estimate file (which pages name it: tests/build/first-paint.test.ts).
  const hasButtons = (p: string) => html(p).includes(' data-estimate-ui="');
  it.each([KIND_PAGES.find((p) => !hasButtons(p))!, KIND_PAGES.find(hasButtons)!])(
    '%s: painted, then the module (the only request), then the enhancements; the estimate file once, where it has buttons',
    async (p) => {
      const page = await openPage();
      await page.goto(baseUrl() + p);
      const t = await timings(page);
      expect(t.fcp).toBeGreaterThan(0);
      expect(t.module).toHaveLength(1);
      expect(t.module[0]).toBeGreaterThanOrEqual(t.fcp);
      // nothing else of the site's own before or with it: the stylesheet and the icon are in the page; the estimate
      // file and its stylesheet come after, fetched by the module on a page with estimate buttons
      expect(t.requests.filter((r) => !/\/assets\/((app|delivery)-\w+\.js|estimate-\w+\.(html|css))$/.test(r))).toEqual([]);
      const fetched = async () => (await timings(page)).fetched;
      const estimates = hasButtons(p) ? 2 : 0;
      await expect.poll(async () => (await fetched()).length, { message: 'the estimate file and its stylesheet' }).toBe(estimates);
      for (const start of await fetched()) expect(start).toBeGreaterThan(t.module[0]);
      if (!estimates) return;
      await openEstimate(page, 'main [data-estimate]');
      expect(await fetched(), 'opening it fetches nothing more').toHaveLength(2);
    },
  );

  it.each([
    ['in a hidden tab, which paints nothing', () => Object.defineProperty(Document.prototype, 'hidden', { get: () => true })],
    ['in a browser that reports no paint', () => Object.defineProperty(window, 'PerformanceObserver', { value: undefined })],
  ])('%s, the module starts at once', async (_, before) => {
    const page = await openPage();
    await page.evaluateOnNewDocument(before);
    await page.goto(baseUrl() + '/about');
    const t = await timings(page);
    expect(t.module).toHaveLength(1);
    expect(t.module[0]).toBeLessThan(t.fcp);
  });

  it('a tap before the app has started gets the behaviour without JavaScript: the menu opens, an estimate button leads to the form', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await route(page, APP_MODULE, async (request) => (await held, request.continue()));
    await page.goto(baseUrl() + SERVICE_PATHS[0], { waitUntil: 'domcontentloaded' });
    await page.locator('.menu-toggle').click();
    await expect.poll(() => visible(page, '#mobile-menu .mobile-menu__panel')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#mobile-menu');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await (await page.$$('[data-menu-close]')).at(-1)!.asLocator().click();
    await page.locator('main [data-estimate]').click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#contact');
    await expect.poll(() => visible(page, '#contact form')).toBe(true);
    release();
  });
});

describe("the head script's safety nets, on the page's clock", () => {
  /** A page whose clock stands still from before it loads, loaded up to DOMContentLoaded: the head script has run,
   * and none of its timers fires until the test runs the clock. Records the app module's requests. */
  async function pausedFromTheStart(urlPath: string, before: (page: Page) => Promise<unknown> = async () => {}) {
    const page = await openPage({ clock: 'paused' });
    const requested: string[] = [];
    page.on('request', (r) => void (APP_MODULE.test(new URL(r.url()).pathname) && requested.push(r.url())));
    await before(page);
    await page.goto(baseUrl() + urlPath, { waitUntil: 'domcontentloaded' });
    return { page, requested };
  }

  it('starts the module as soon as the paint is reported, without waiting for the safety net', async () => {
    const { page, requested } = await pausedFromTheStart('/', (p) =>
      p.evaluateOnNewDocument(() => {
        const w = window as unknown as { painted: boolean };
        new PerformanceObserver(() => (w.painted = true)).observe({ type: 'paint', buffered: true });
      }),
    );
    const painted = () => page.evaluate(() => !!(window as unknown as { painted?: boolean }).painted);
    await expect.poll(painted, { message: 'the browser reports the paint' }).toBe(true);
    await clock.tick(page, 1); // the head script starts the module on the next turn after the report
    await expect.poll(() => appState(page), { message: 'the app has started 1 ms after the paint report' }).toBe('ready');
    expect(requested).toHaveLength(1);
  });

  it(`starts the module after ${MODULE_AT_THE_LATEST} ms where the paint is never reported, not before`, async () => {
    const { page, requested } = await pausedFromTheStart(SERVICE_PATHS[0], (p) =>
      // a browser that supports paint timing, but whose report never comes
      p.evaluateOnNewDocument(() => {
        const supported = PerformanceObserver.supportedEntryTypes;
        class Silent {
          static supportedEntryTypes = supported;
          observe() {}
          disconnect() {}
        }
        Object.defineProperty(window, 'PerformanceObserver', { value: Silent });
      }),
    );
    await clock.tick(page, MODULE_AT_THE_LATEST - 1);
    await requestsReported(page);
    expect(requested, `no module ${MODULE_AT_THE_LATEST - 1} ms after the page began`).toEqual([]);
    expect(await appState(page)).toBe('not started');
    await clock.tick(page, 1);
    await expect.poll(() => appState(page), { message: `the app has started at ${MODULE_AT_THE_LATEST} ms` }).toBe('ready');
    expect(requested).toHaveLength(1);
    expect(await hasJsClass(page)).toBe(true);
    await clock.tick(page, NO_APP_AFTER);
    expect(await hasJsClass(page), 'a started app keeps the js class').toBe(true);
  });

  it(`shows the page as without JavaScript when the app has not started ${NO_APP_AFTER} ms after the page began`, async () => {
    const { page, requested } = await pausedFromTheStart('/', (p) => route(p, APP_MODULE, (request) => request.abort())); // blocked
    await clock.tick(page, NO_APP_AFTER - 1);
    await requestsReported(page);
    expect(requested.length, 'the module was asked for').toBeGreaterThan(0);
    expect(await appState(page)).toBe('not started');
    expect(await hasJsClass(page), `the js class ${NO_APP_AFTER - 1} ms after the page began`).toBe(true);
    await clock.tick(page, 1);
    expect(await hasJsClass(page), `no js class at ${NO_APP_AFTER} ms`).toBe(false);
  });
});
