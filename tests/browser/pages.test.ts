// What only a browser shows of the service and city pages: a service page's tables scroll sideways on a phone instead
// of widening it, and a city page shows its call to action's note and lays out its numbered steps (one city: the city
// pages share their call to action and styles). What the pages hold (buttons, sections, steps, tables, links, FAQ):
// tests/build/pages.test.ts; that no page is wider than a phone's screen: tests/engines/pages.test.ts.
// Checked to fail: with the table's scroller overflow-x: visible (styles/prose.css), "the table scrolls by itself".
import { describe, expect, it } from 'vitest';
import { site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { count, useChromium, visible } from '../support/use-chromium.ts';

const openPage = useChromium();
const PHONE = { viewport: { width: 390, height: 844, isMobile: true, hasTouch: true } };
const soft = expect.soft;
/** The first service page with a table: every table is in the same scroller, with the same CSS (each page's tables as
 *  built: tests/build/pages.test.ts). */
const withTables = site.services.find((s) => s.sections.some((x) => x.html.includes('table-scroll')));

describe.runIf(withTables)(`${withTables?.path}`, () => {
  it('scrolls its tables sideways on a 390 px screen, the page staying put', async () => {
    const p = withTables!.path;
    const page = await openPage(PHONE);
    await page.goto(baseUrl() + p);
    const scrollers = await page.$$('main .table-scroll');
    soft(scrollers.length, 'tables').toBeGreaterThan(0);
    let wider = 0;
    for (const scroller of scrollers) {
      if (!(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth))) continue;
      wider++;
      await scroller.evaluate((el) => el.scrollBy(120, 0));
      soft(await scroller.evaluate((el) => el.scrollLeft), 'the table scrolls by itself').toBeGreaterThan(0);
      soft(await page.evaluate(() => window.scrollX), 'the page stays put').toBe(0);
    }
    soft(wider, 'tables wider than the screen, which it scrolls').toBeGreaterThan(0);
  });
});

const city = site.cities.find((c) => c.sections.some((x) => x.html.includes('class="steps"'))) ?? site.cities[0];
describe(city.path, () => {
  it('shows the availability note and lays out its numbered process', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + city.path);
    const note = (t: string) => [...document.querySelectorAll('main *')].find((el) => el.textContent?.trim() === t)?.checkVisibility();
    soft(await page.evaluate(note, site.cityPages.closingNote), 'the availability note').toBe(true);
    if (await count(page, 'main ol.steps')) soft(await visible(page, 'main ol.steps')).toBe(true);
  });
});
