// Nothing goes to another origin until the visitor asks, in each engine: every route scrolled to its end at phone and
// desktop widths has fetched nothing from elsewhere (the page's own resource timing) and holds nothing that would
// (a frame, image, script or stylesheet from another origin). The Chromium layer watches the requests a press on the
// map's button makes (tests/browser/maps.test.ts); these engines' drivers cannot all see requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, site } from '../support/facts.ts';
import { serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { ENGINES, PHONE, useEngines, type EnginePage } from '../support/engines/use-engines.ts';
import { siteDir } from '../support/site.ts';

const open = useEngines();
let server: SiteServer;
beforeAll(async () => {
  server = await serveSite(siteDir());
});
afterAll(() => server?.close());

const DESKTOP = { width: 1366, height: 900 };
/** A page load and two scrolls to the end a route: seconds each on a loaded 2-core machine. */
const TIMEOUT = 60_000 + ROUTES.length * 8_000;

/** Scrolls to the end a screen at a time, each painted, then lists what came from, or would load from, another origin. */
function scrolledOtherOrigins(page: EnginePage): Promise<string[]> {
  return page.evaluate(async () => {
    const painted = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    while (innerHeight + scrollY < document.documentElement.scrollHeight - 1) {
      scrollBy({ top: innerHeight, behavior: 'instant' as ScrollBehavior });
      await painted();
    }
    await painted();
    const other = (u: string | null) => {
      if (!u) return false;
      const url = new URL(u, location.href);
      return /^(https?|wss?):$/.test(url.protocol) && url.origin !== location.origin;
    };
    const fetched = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter(other);
    const loading = [
      ...document.querySelectorAll(
        'iframe[src], frame[src], img[src], script[src], source[src], video[src], audio[src], embed[src], link[rel~="stylesheet"], link[rel~="preload"], link[rel~="modulepreload"], link[rel~="icon"]',
      ),
    ]
      .map((el) => el.getAttribute('src') ?? el.getAttribute('href'))
      .filter((u): u is string => other(u));
    const sets = [...document.querySelectorAll('img[srcset], source[srcset]')]
      .flatMap((el) =>
        el
          .getAttribute('srcset')!
          .split(',')
          .map((c) => c.trim().split(/\s+/)[0]),
      )
      .filter(other);
    return [...fetched, ...loading, ...sets];
  });
}

describe.each(ENGINES)('%s', (engine) => {
  it(
    'every route, scrolled to its end at phone and desktop widths, has fetched and holds nothing from another origin',
    async () => {
      const page = await open(engine, { viewport: PHONE });
      const found: string[] = [];
      const widths = new Set<number>();
      for (const p of ROUTES)
        for (const viewport of [PHONE, DESKTOP]) {
          widths.add(await page.resize(viewport));
          await page.goto(server.url + p);
          for (const u of await scrolledOtherOrigins(page)) found.push(`${p} at ${page.width} px: ${u}`);
        }
      expect(found).toEqual([]);
      // both layouts were scrolled: a phone's (WebKit's window is at least 447 px wide, and its width may come out a
      // few pixels apart between resizes) and the desktop's
      expect(Math.min(...widths), `a phone-width window among ${[...widths].join(', ')} px`).toBeLessThan(600);
      expect(Math.max(...widths), `a desktop-width window among ${[...widths].join(', ')} px`).toBeGreaterThanOrEqual(DESKTOP.width - 50);
    },
    TIMEOUT,
  );

  it("would catch the lazy frame the pages had before: Google's map in the page", async () => {
    const page = await open(engine, { viewport: PHONE });
    const city = site.cities[0];
    await page.goto(server.url + city.path);
    await page.evaluate(() => {
      const m = document.querySelector<HTMLElement>('.map')!;
      const f = document.createElement('iframe');
      f.loading = 'lazy';
      f.src = m.dataset.mapSrc!;
      m.replaceChildren(f);
    });
    const found = await scrolledOtherOrigins(page);
    expect(found.map((u) => new URL(u).origin)).toContain('https://maps.google.com');
  });
});
