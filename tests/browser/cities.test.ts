// The city pages (/service-area/{slug}) in a real Chromium: heading, breadcrumb, service cards, cross-links,
// call to action, map, FAQ, process steps, sections and structured data (axe and the fit at phone width: every
// route in tests/engines/pages.test.ts). What each page should show is the content's (the site model's city), so a
// company that edits a city keeps a green CI. One page load per city for all that it shows (soft assertions: every
// part reports).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/site.ts';
import { cityHeading, CITY_SLUGS, REDIRECTS, site, TEL } from '../support/facts.ts';
import { decodeEntities } from '../support/files.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();

const CTA_NOTE = site.cityPages.closingNote; // the spec's 'Available 24/7 for emergencies. ...', as site.yaml words it
const LOCAL_BUSINESS_TYPES = ['LocalBusiness', 'HomeAndConstructionBusiness', 'ProfessionalService', 'GeneralContractor'];
const servicePath = new Map(site.services.map((s) => [s.slug, s.path]));
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
type City = (typeof site.cities)[number];
/** The links a city's own words make (its sections and FAQ answers), decoded as a browser reads them. */
const linksIn = (c: City) =>
  [...[...c.sections.map((s) => s.html), ...c.faq.map((f) => f.a)].join('\n').matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]));
const outsideTheList = (href: string) => href.startsWith('/service-area/') && !CITY_SLUGS.includes(href.slice('/service-area/'.length));
/** Links from city pages to /service-area/ addresses that are no city of the list (the spec's Pitt Meadows), by page. */
const OUTSIDE = site.cities.flatMap((c) => [...new Set(linksIn(c).filter(outsideTheList))].map((href): [string, string] => [c.path, href]));

/** What the city's sections hold, read by the browser's own HTML parser: the headings' text and the numbered steps. */
const sectionsOf = (page: Page, c: City) =>
  page.evaluate(
    (sections) => {
      const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;
      return {
        headings: sections.filter((s) => s.heading).map((s) => parse(s.heading).textContent!.replace(/\s+/g, ' ').trim()),
        steps: parse(sections.map((s) => s.html).join('\n')).querySelectorAll('ol.steps > li').length,
      };
    },
    c.sections.map(({ heading, html }) => ({ heading, html })),
  );

const hrefs = (scope: Page | Locator, selector: string) =>
  scope.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));

for (const city of site.cities) {
  const { name } = city;
  describe(city.path, () => {
    it(`shows ${name}'s heading, breadcrumb, service cards, links, call to action, map, sections, FAQ and structured data`, async () => {
      const page = await openPage();
      await page.goto(baseUrl() + city.path);
      const soft = expect.soft;

      // heading 'Tree Services in {City}, BC' and the breadcrumb Home > Service Areas > {City}
      soft(await page.locator('h1').allTextContents()).toEqual([cityHeading(name)]);
      const crumbs = page.getByRole('navigation', { name: site.labels.breadcrumb });
      soft((await crumbs.locator('li').allTextContents()).map((t) => t.trim())).toEqual([site.labels.home, 'Service Areas', name]);
      soft(await crumbs.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
        [site.labels.home, '/'],
        ['Service Areas', '/service-areas'],
      ]);
      soft(await crumbs.locator('[aria-current="page"]').textContent()).toBe(name);

      // the content's service cards, in its order, each headed by its service and linking its page
      const cards = page.locator('main .service-card');
      soft(await cards.evaluateAll((cs) => cs.map((c) => c.querySelector('h3')?.textContent?.trim())), 'service cards').toEqual(
        city.serviceCards.map((sc) => site.services.find((s) => s.slug === sc.service)!.name),
      );
      soft(await hrefs(page, 'main .service-card a[href]'), 'service card links').toEqual(
        city.serviceCards.map((sc) => servicePath.get(sc.service)),
      );

      // neighbouring cities, and every link the city's own words make
      const body = await hrefs(page, 'main a[href]');
      soft(body, 'links to the nearby cities').toEqual(expect.arrayContaining(city.nearby.map((n) => `/service-area/${n}`)));
      soft(body, "links in the city's sections and FAQ").toEqual(expect.arrayContaining(linksIn(city)));
      // a /service-area/ address that is no city of the list is one of the redirects (the spec's Pitt Meadows)
      const outside = body.filter(outsideTheList);
      soft(
        outside.filter((h) => !REDIRECTS.some(([from]) => from === h)),
        'links to places outside the list without a redirect',
      ).toEqual([]);

      // the call to action: phone, the quote link and the availability note
      const note = page.getByText(CTA_NOTE, { exact: true });
      soft(await note.count(), 'the availability note').toBe(1);
      soft(await note.isVisible()).toBe(true);
      const cta = page.locator('main section', { has: note });
      soft(await cta.count()).toBe(1);
      soft(await hrefs(cta, 'a[href^="tel:"]')).toEqual([TEL]);
      const quote = cta.getByRole('link', { name: site.labels.quote });
      soft(await quote.count()).toBe(1);
      soft(await quote.getAttribute('href')).toBe('/#contact');

      // the map: a placeholder the frame's size, full width, as tall as the content says; no frame before a press
      // (tests/browser/maps.test.ts presses it)
      soft(await page.locator('main iframe').count(), 'map frames before a press').toBe(0);
      const map = page.locator('main .map');
      soft(await map.count(), 'maps').toBe(1);
      soft(await map.getAttribute('aria-label')).toContain(name);
      await map.scrollIntoViewIfNeeded();
      const size = await map.evaluate((m) => ({
        width: m.getBoundingClientRect().width,
        height: m.querySelector('.map__placeholder')!.getBoundingClientRect().height,
        parent: m.parentElement!.clientWidth,
      }));
      soft(size.parent).toBeGreaterThan(600);
      soft(Math.abs(size.width - size.parent), 'map width less its column').toBeLessThan(1);
      soft(Math.round(size.height), 'map height').toBe(city.map.height);

      // the content's sections in order, its numbered process (each step a bold title, then the text), its FAQ
      const h2s = (await page.locator('main h2').allTextContents()).map(squash);
      const expected = await sectionsOf(page, city);
      soft(
        h2s.filter((h) => expected.headings.includes(h)),
        'section headings, in order',
      ).toEqual(expected.headings);
      const steps = await page.locator('main ol.steps > li').evaluateAll((lis) =>
        lis.map((li) => ({
          title: li.querySelector(':scope > strong, :scope > p > strong:first-child')?.textContent ?? '',
          text: li.textContent!.trim(),
        })),
      );
      soft(steps.length, 'process steps').toBe(expected.steps);
      for (const [i, step] of steps.entries()) {
        soft(step.title.length, `step ${i + 1}'s bold title`).toBeGreaterThan(0);
        soft(step.text.length, `step ${i + 1}'s text after its title`).toBeGreaterThan(step.title.length);
      }
      if (steps.length)
        soft(
          await page
            .locator('main ol.steps')
            .first()
            .evaluate((ol) => getComputedStyle(ol).display),
        ).not.toBe('none');
      const questions = (await page.locator('main details summary').allTextContents()).map(squash);
      soft(questions, 'FAQ questions').toEqual(city.faq.map((f) => squash(f.q)));

      // local-business JSON-LD for the city, and FAQPage JSON-LD matching the visible FAQ
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
      const business = data.filter((d) => LOCAL_BUSINESS_TYPES.includes(d['@type']));
      soft(business, 'local-business blocks').toHaveLength(1);
      const served = [business[0]?.areaServed].flat().map((a: any) => (typeof a === 'string' ? a : a?.name));
      soft(
        served.some((n: string) => n === name || n?.startsWith(`${name},`)),
        'the business block serves the city',
      ).toBe(true);
      const faq = data.filter((d) => d['@type'] === 'FAQPage');
      soft(faq, 'FAQPage blocks').toHaveLength(city.faq.length ? 1 : 0);
      if (faq.length) {
        soft(faq[0].mainEntity.map((q: any) => q.name)).toEqual(questions);
        soft(faq[0].mainEntity.map((q: any) => squash(q.acceptedAnswer.text))).toEqual(city.faq.map((f) => squash(f.aText)));
      }
      soft(page.errors).toEqual([]);
    });
  });
}

describe('links from a city page to a place outside the list', () => {
  it.each(OUTSIDE)('%s: %s leads where its redirect says', async (from, href) => {
    const page = await openPage();
    await page.goto(baseUrl() + from);
    const link = page.locator(`main a[href="${href}"]`);
    expect(await link.count()).toBeGreaterThanOrEqual(1);
    await link.first().click();
    const to = REDIRECTS.find(([f]) => f === href)?.[1];
    expect(to, `a redirect from ${href}`).toBeDefined();
    await expect.poll(() => page.url()).toBe(baseUrl() + to);
  });
});
