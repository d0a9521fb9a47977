// Every public page in each engine, on a phone, one load answering all of it: it renders, its app starts with no
// script error, it fits a 320 px and a 390 px screen without scrolling sideways, axe finds nothing on it (in Firefox;
// Chromium's at desktop width), and scrolled to its end it has fetched and holds nothing from another origin (the
// page's own resource timing and its markup: not every driver sees requests). At desktop width Chromium watches the
// requests themselves (tests/browser/accessibility.test.ts), and a press on a map's button (tests/browser/maps.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WCAG_TAGS } from '../support/axe.ts';
import { PAGES, site } from '../support/facts.ts';
import { overflowAt } from '../support/engines/journeys.ts';
import { AXE_PATH, serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { ENGINES, PHONE, scriptErrors, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import { siteDir } from '../support/site.ts';

const open = useEngines();
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

/** The narrowest phones still sold, and the common one (PHONE, where the next page then loads). */
const WIDTHS = [320, PHONE.width];
/** axe in Firefox: its rules read the DOM and the computed styles, the same markup and stylesheet in every engine;
 *  Chromium runs it at desktop width (tests/browser/accessibility.test.ts), and WebKit would add about 20 s for what
 *  two engines' styles already show. */
const AXE_IN = new Set(['firefox']);

/** In the page: axe once nothing fades in (a card fading in as it scrolls into view is, for a moment, paler than its text). */
async function axe(tags: string[], src: string): Promise<string[]> {
  const w = window as any;
  if (!w.axe) {
    const script = Object.assign(document.createElement('script'), { src });
    await new Promise((loaded, failed) => {
      script.onload = loaded;
      script.onerror = () => failed(new Error(`${src} did not load`));
      document.head.append(script);
    });
  }
  const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((a) => a.finished.catch(() => {})));
  const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags } });
  return r.violations.flatMap((v: any) => v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')}`)) as string[];
}

/** Scrolls to the end, painted there, then lists what came from, or would load from, another origin: what the page
 *  fetched (its resource timing) and what its markup would load, lazy or not, wherever it is on the page. */
const scrolledOtherOrigins = (page: EnginePage) =>
  page.evaluate(async () => {
    scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const other = (u: string | null) =>
      !!u && /^(https?|wss?):$/.test(new URL(u, location.href).protocol) && new URL(u, location.href).origin !== location.origin;
    const loads =
      'iframe, frame, img, script, source, video, audio, embed, link:is([rel~="stylesheet"], [rel~="preload"], [rel~="modulepreload"], [rel~="icon"])';
    return [
      ...performance.getEntriesByType('resource').map((e) => e.name),
      ...[...document.querySelectorAll(loads)].map((el) => el.getAttribute('src') ?? el.getAttribute('href')),
      ...[...document.querySelectorAll('[srcset]')].flatMap((el) =>
        el
          .getAttribute('srcset')!
          .split(',')
          .map((c) => c.trim().split(/\s+/)[0]),
      ),
    ].filter(other) as string[];
  });

/** A page load, a scroll to its end, two widths and (in two engines) axe a page: seconds each on a loaded machine. */
const TIMEOUT = 60_000 + PAGES.length * 8_000;

describe.each(ENGINES)('%s', (engine) => {
  it(
    `every page renders, starts its app with no script error, fits ${WIDTHS.join(' and ')} px${AXE_IN.has(engine) ? ', is axe clean' : ''} and, scrolled to its end, has fetched and holds nothing from another origin`,
    async () => {
      const page = await open(engine, { viewport: PHONE });
      const found: string[] = [];
      expect(PAGES.length).toBeGreaterThan(10);
      for (const p of PAGES) {
        await page.goto(server.url + p);
        const shown = await page.evaluate(() => [
          document.querySelector('main h1')?.textContent?.trim(),
          document.documentElement.dataset.app,
        ]);
        if (!shown[0]) found.push(`${p}: no heading`);
        if (shown[1] !== 'ready') found.push(`${p}: the app did not say it is ready`);
        for (const u of await scrolledOtherOrigins(page)) found.push(`${p}: from another origin: ${u}`);
        if (AXE_IN.has(engine)) for (const v of await page.evaluate(axe, WCAG_TAGS, AXE_PATH)) found.push(`${p}: ${v}`);
        for (const e of await scriptErrors(page)) found.push(`${p}: script error: ${e}`);
        for (const [width, over] of Object.entries(await overflowAt(page, WIDTHS)))
          if (over > 0) found.push(`${p}: ${over} px wider than a ${width} px screen`);
      }
      expect(found).toEqual([]);
    },
    TIMEOUT,
  );
});

it("would catch the lazy frame the pages had before (Google's map in the page), in one engine", async () => {
  const page = await open('chromium', { viewport: PHONE });
  await page.goto(server.url + site.cities[0].path);
  await page.evaluate(() => {
    const m = document.querySelector<HTMLElement>('.map')!;
    m.replaceChildren(Object.assign(document.createElement('iframe'), { loading: 'lazy', src: m.dataset.mapSrc! }));
  });
  expect((await scrolledOtherOrigins(page)).map((u) => new URL(u).origin)).toContain('https://maps.google.com');
});
