// Every public page in each engine, on a phone: it renders, its app starts with no script error, and it fits a 320 px
// and a 390 px screen without scrolling sideways; in Chromium and Firefox, axe finds nothing on it at phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WCAG_TAGS } from '../support/axe.ts';
import { ROUTES } from '../support/facts.ts';
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

/** The routes, and the two pages a visitor reaches outside the route table: a missing page, and the thank-you page. */
const PATHS = [...ROUTES, '/404.html', '/thanks'];
/** The narrowest phones still sold, and the common one. */
const WIDTHS = [390, 320];
/** axe in Chromium and Firefox, as the issue asks: its rules read the DOM and the computed styles, and WebKit would
 *  add about 20 s for what two engines' styles already show. */
const AXE_IN = new Set(['chromium', 'firefox']);

/** axe once the page has settled: a card fading in as it scrolls into view is, for a moment, paler than its text. */
async function axe(page: EnginePage): Promise<string[]> {
  return page.evaluate(
    async (tags, src) => {
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
      return r.violations.flatMap((v: any) => v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')}`));
    },
    WCAG_TAGS,
    AXE_PATH,
  );
}

/** A page load, app start, two widths and (in two engines) axe a page: seconds each on a loaded 2-core machine. */
const TIMEOUT = 60_000 + PATHS.length * 6_000;

describe.each(ENGINES)('%s', (engine) => {
  it(
    `every page renders, starts its app with no script error, fits ${WIDTHS.join(' and ')} px${AXE_IN.has(engine) ? ', axe clean at phone width' : ''}`,
    async () => {
      const page = await open(engine, { viewport: PHONE });
      const found: string[] = [];
      expect(PATHS.length).toBeGreaterThan(10);
      for (const p of PATHS) {
        await page.resize(PHONE);
        await page.goto(server.url + p);
        const shown = await page.evaluate(() => ({
          heading: document.querySelector('main h1')?.textContent?.trim() ?? '',
          app: document.documentElement.dataset.app ?? '',
        }));
        if (!shown.heading) found.push(`${p}: no heading`);
        if (shown.app !== 'ready') found.push(`${p}: the app did not say it is ready`);
        if (AXE_IN.has(engine)) for (const v of await axe(page)) found.push(`${p}: ${v}`);
        for (const e of await scriptErrors(page)) found.push(`${p}: script error: ${e}`);
        for (const [width, over] of Object.entries(await overflowAt(page, WIDTHS)))
          if (over > 0) found.push(`${p}: ${over} px wider than a ${width} px screen`);
      }
      expect(found).toEqual([]);
    },
    TIMEOUT,
  );
});
