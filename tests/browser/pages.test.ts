// What only a browser shows of the service and city pages: a service page's tables scroll sideways on a phone instead
// of widening it, and a city page shows its call to action's note and lays out its numbered steps (one city: the city
// pages share their call to action and styles). What the pages hold (buttons, sections, steps, tables, links, FAQ):
// tests/build/pages.test.ts; that no page is wider than a phone's screen: tests/engines/pages.test.ts.
import { describe, expect, it } from 'vitest';
import { site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const soft = expect.soft;
const withTables = site.services.filter((s) => s.sections.some((x) => x.html.includes('table-scroll')));

describe.each(withTables.map((s) => [s.path] as const))('%s', (p) => {
  it('scrolls its tables sideways on a 390 px screen, the page staying put', async () => {
    const page = await openPage(PHONE);
    await page.goto(baseUrl() + p);
    const scrollers = page.locator('main .table-scroll');
    soft(await scrollers.count(), 'tables').toBeGreaterThan(0);
    for (const scroller of await scrollers.all()) {
      if (!(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth))) continue;
      await scroller.evaluate((el) => el.scrollBy(120, 0));
      soft(await scroller.evaluate((el) => el.scrollLeft), 'the table scrolls by itself').toBeGreaterThan(0);
      soft(await page.evaluate(() => window.scrollX), 'the page stays put').toBe(0);
    }
  });
});

const city = site.cities.find((c) => c.sections.some((x) => x.html.includes('class="steps"'))) ?? site.cities[0];
describe(city.path, () => {
  it('shows the availability note and lays out its numbered process', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + city.path);
    soft(await page.getByText(site.cityPages.closingNote, { exact: true }).isVisible(), 'the availability note').toBe(true);
    const steps = page.locator('main ol.steps');
    if (await steps.count()) soft(await steps.first().evaluate((ol) => getComputedStyle(ol).display)).not.toBe('none');
  });
});
