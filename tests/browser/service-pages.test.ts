// The service pages and About in a real Chromium (spec "Service pages", "About"): buttons, sections, steps, tables, links.
// What a page should show is what its content says (the site model), so a company that edits a service keeps a green CI.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Button, Section, Service } from '../../templates/model/types.ts';

/** What an estimate button tells the dialog: its title and description. */
type EstimateDescriptor = Service['dialog'];
import { decodeEntities } from '../support/files.ts';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { cityHeading, site, TEL } from '../support/facts.ts';

const open = useBrowser();

const SERVICES = site.services.map((s): [string, (typeof site.services)[number]] => [s.path, s]);
const hero = (page: Page) => page.locator('main .page-hero');
const closing = (page: Page) => page.locator('main .cta-band');
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The links the words of a page make (its sections and FAQ answers), decoded as a browser reads them. */
const linksIn = (html: string[]) => [...html.join('\n').matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]));
const serviceLinks = (s: (typeof site.services)[number]) => linksIn([...s.sections.map((x) => x.html), ...s.faq.map((f) => f.a)]);

/** The h1 of the page at a path of the route table that a service's words may link (services, cities, service areas). */
const H1 = new Map<string, string>([
  ...site.services.map((s): [string, string] => [s.path, s.h1]),
  ...site.cities.map((c): [string, string] => [c.path, cityHeading(c.name)]),
  ['/service-areas', site.serviceAreas.h1],
]);

/** A content button in `scope`, by what it does: an estimate button names its page's dialog (which it opens, in the
 *  three engines: tests/engines/controls.test.ts), a call button dials the phone. */
async function expectDoes(page: Page, scope: Locator, button: Button, descriptor: EstimateDescriptor) {
  const role = button.action === 'estimate' ? 'button' : 'link';
  const el = scope.getByRole(role, { name: button.label, exact: true });
  expect(await el.count(), `${button.action} ${role} "${button.label}"`).toBe(1);
  if (button.action === 'estimate') expect(await el.getAttribute('data-estimate')).toBe(descriptor.title);
  else if (button.action === 'call') expect(await el.getAttribute('href')).toBe(TEL);
  else expect(await el.getAttribute('href')).toBe('/#contact');
}

/** What sections hold, read by the browser's own HTML parser: per section its id, heading text, sub-headings, numbered steps and tables. */
const sectionsOf = (page: Page, sections: Section[]) =>
  page.evaluate(
    (sections) =>
      sections.map(({ id, heading, html }) => {
        const parse = (h: string) => new DOMParser().parseFromString(h, 'text/html').body;
        const body = parse(html);
        return {
          id,
          heading: parse(heading).textContent!.replace(/\s+/g, ' ').trim(),
          h3s: [...body.querySelectorAll('h3')].map((h) => h.textContent!.replace(/\s+/g, ' ').trim()),
          steps: body.querySelectorAll('ol.steps > li').length,
          tables: [...body.querySelectorAll('.table-scroll')].map((t) => ({
            heads: [...t.querySelectorAll('thead th')].map((th) => th.textContent!.trim()),
            rows: t.querySelectorAll('tbody tr').length,
          })),
        };
      }),
    sections.map(({ id, heading, html }) => ({ id, heading, html })),
  );

/** The page's h2s include the sections' headings in the content's order. */
async function expectHeadingsInOrder(page: Page, expected: string[]) {
  const h2s = (await page.locator('main h2').allTextContents()).map(squash);
  expect(
    h2s.filter((h) => expected.includes(h)),
    `section headings in order, in ${JSON.stringify(h2s)}`,
  ).toEqual(expected);
}

describe('buttons', () => {
  it.each(SERVICES)(
    "%s: the hero's and the closing buttons do what the content says; every tel: button dials the company phone",
    async (p, s) => {
      const page = await open();
      await page.goto(baseUrl() + p);
      const heroButtons = hero(page).locator('.button-row > a');
      expect((await heroButtons.allTextContents()).map(squash), 'hero buttons').toEqual(s.heroButtons.map((b) => b.label));
      if (!s.heroButtons.length) expect(await hero(page).locator('a, button').count()).toBe(0);
      expect(await hero(page).locator('h1').count()).toBe(1);
      for (const b of s.heroButtons) await expectDoes(page, hero(page), b, s.dialog);
      expect((await closing(page).locator('.button-row > a').allTextContents()).map(squash), 'closing button').toEqual([
        s.closing.button.label,
      ]);
      await expectDoes(page, closing(page), s.closing.button, s.dialog);
      const calls = page.locator('main a.btn[href^="tel:"]');
      for (const c of await calls.all()) expect(await c.getAttribute('href')).toBe(TEL);
      expect(page.errors).toEqual([]);
    },
  );
});

describe('sections and process steps', () => {
  it.each(SERVICES)("%s has the content's sections in order, with their sub-headings and numbered steps, then the FAQ", async (p, s) => {
    const page = await open();
    await page.goto(baseUrl() + p);
    const sections = (await sectionsOf(page, s.sections)).filter((x) => x.heading);
    await expectHeadingsInOrder(page, [...sections.map((x) => x.heading), ...(s.faq.length ? [site.labels.faqHeading] : [])]);
    for (const x of sections) {
      const shown = page.locator(`main section[aria-labelledby="${x.id}"]`);
      expect((await shown.locator('h3').allTextContents()).map(squash), `sub-headings of "${x.heading}"`).toEqual(x.h3s);
      expect(await shown.locator('ol.steps > li').count(), `numbered steps of "${x.heading}"`).toBe(x.steps);
    }
  });
});

describe('comparison tables on a phone', () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  it.each(SERVICES)('%s does not overflow a 390 px screen: its tables scroll sideways instead of widening the page', async (p, s) => {
    const page = await open(phone);
    await page.goto(baseUrl() + p);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tables = (await sectionsOf(page, s.sections)).flatMap((x) => x.tables);
    const scrollers = page.locator('main .table-scroll');
    expect(await scrollers.count(), 'tables').toBe(tables.length);
    for (const [i, table] of tables.entries()) {
      const scroller = scrollers.nth(i);
      expect((await scroller.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual(table.heads);
      expect(await scroller.locator('tbody tr').count()).toBe(table.rows);
      expect(await scroller.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(clientWidth).toBeLessThanOrEqual(390);
      if (scrollWidth > clientWidth) {
        // wider than the screen: it scrolls by itself, the page stays put
        await scroller.evaluate((el) => el.scrollBy(120, 0));
        expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        expect(await page.evaluate(() => window.scrollX)).toBe(0);
      }
      // it can be reached and scrolled by keyboard
      expect(await scroller.getAttribute('tabindex')).toBe('0');
    }
  });
});

describe('links', () => {
  const external = site.services.flatMap((s) => serviceLinks(s).filter((h) => /^https?:/.test(h)));
  it(`external links in the service pages (${external.length} in the content) open in a new tab with nofollow, noopener and noreferrer`, async () => {
    const page = await open();
    let seen = 0;
    for (const p of site.services.map((s) => s.path)) {
      await page.goto(baseUrl() + p);
      for (const a of await page.locator('main a[href^="http"]').all()) {
        const href = (await a.getAttribute('href'))!;
        expect(href, p).toMatch(/^https:\/\//);
        expect(href, p).not.toContain('localhost');
        expect(await a.getAttribute('target'), `${p} ${href}`).toBe('_blank');
        const rel = ((await a.getAttribute('rel')) ?? '').split(/\s+/);
        expect(rel, `${p} ${href}`).toEqual(expect.arrayContaining(['nofollow', 'noopener', 'noreferrer']));
        seen++;
      }
    }
    expect(seen).toBe(external.length);
  });

  const withExternal = site.services.find((s) => serviceLinks(s).some((h) => h.startsWith('https://')));
  it.skipIf(!withExternal)('a click on an external link opens a new tab and leaves the page in place', async () => {
    const page = await open();
    await page.goto(baseUrl() + withExternal!.path);
    const link = page.locator('main .prose a[href^="https://"]:visible').first();
    const href = (await link.getAttribute('href'))!;
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    expect(popup).not.toBe(page);
    expect(page.context().pages()).toHaveLength(2);
    expect(page.url()).toBe(baseUrl() + withExternal!.path);
    expect(href).toMatch(/^https:\/\//);
  });

  it('each service page links the other services and every page its words link', async () => {
    const page = await open();
    for (const s of site.services) {
      await page.goto(baseUrl() + s.path);
      const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      const paths = hrefs.map((h) => h.split('#')[0]);
      for (const other of site.services.filter((o) => o !== s)) expect(paths, `${s.path} links ${other.path}`).toContain(other.path);
      expect(hrefs, `${s.path}: the links its words make`).toEqual(expect.arrayContaining(serviceLinks(s)));
    }
  });

  const internal = site.services.flatMap((s) =>
    serviceLinks(s)
      .filter((h) => H1.has(h) && h !== s.path)
      .map((h) => [s.path, h]),
  )[0];
  it.skipIf(!internal)(`an internal link in the copy navigates to its page (${internal?.join(' to ')})`, async () => {
    const [from, to] = internal!;
    const page = await open();
    await page.goto(baseUrl() + from);
    await page.locator(`main .prose a[href="${to}"]`).first().click();
    await expect.poll(() => page.url()).toBe(baseUrl() + to);
    expect(await page.locator('h1').textContent()).toBe(H1.get(to));
  });
});

describe('/about', () => {
  const about = site.about;
  it(`tells the story, lists the values and the team, and ${about.closing.button.label} asks for a ${about.dialog.title}`, async () => {
    const page = await open();
    await page.goto(baseUrl() + '/about');
    const sections = (await sectionsOf(page, about.sections)).filter((x) => x.heading);
    await expectHeadingsInOrder(page, [...sections.map((x) => x.heading), squash(about.values.heading), squash(about.team.heading)]);
    const values = page.locator('main .value-card');
    expect(await values.count()).toBe(about.values.items.length);
    for (const [i, v] of about.values.items.entries()) {
      expect(squash(await values.nth(i).locator('h3').textContent())).toBe(squash(v.title));
      expect(squash(await values.nth(i).locator('p').textContent())).toBe(squash(v.text));
    }
    const team = page.locator('main .team-card');
    expect(await team.count()).toBe(about.team.members.length);
    for (const [i, m] of about.team.members.entries()) {
      expect(squash(await team.nth(i).locator('h3').textContent())).toBe(squash(m.name));
      expect(squash(await team.nth(i).locator('.team-card__role').textContent())).toBe(squash(m.role));
    }
    const button = closing(page).getByRole('button', { name: about.closing.button.label, exact: true });
    expect(await button.count()).toBe(1);
    expect([await button.getAttribute('data-estimate'), await button.getAttribute('data-estimate-description')]).toEqual([
      about.dialog.title,
      null,
    ]);
    expect(page.errors).toEqual([]);
  });
});
