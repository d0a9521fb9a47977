// The city pages (/service-area/{slug}) in a real Chromium: heading, breadcrumb, service cards, cross-links,
// call to action, map frame, FAQ, process steps, neighbourhoods, structured data and axe at phone width.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { launch, openPage } from '../support/browser.ts';
import { baseUrl } from '../support/site.ts';
import { CITY_NAME, CITY_SLUGS, TEL } from '../support/facts.ts';

const NAMES = CITY_NAME;
const HEDGE_INSTEAD_OF_INSPECTION = ['surrey', 'port-moody', 'port-coquitlam', 'delta'];
const PLAIN_HEDGE_LINK = ['richmond', 'vancouver', 'delta'];
const REQUIRED_NEIGHBOURS: Record<string, string[]> = {
  delta: ['richmond', 'surrey', 'vancouver'],
  richmond: ['vancouver', 'delta', 'new-westminster'],
  vancouver: ['burnaby', 'richmond', 'new-westminster'],
};
const LINKS_BLOG = ['richmond', 'vancouver'];
const FOUR_QUESTION_FAQ = ['richmond', 'vancouver', 'delta'];
const CTA_NOTE = 'Available 24/7 for emergencies. Same-week appointments for most routine work.';
const LOCAL_BUSINESS_TYPES = ['LocalBusiness', 'HomeAndConstructionBusiness', 'ProfessionalService', 'GeneralContractor'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const hrefs = (scope: Page | Locator, selector: string) =>
  scope.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));

for (const slug of CITY_SLUGS) {
  const name = NAMES[slug];
  describe(`/service-area/${slug}`, () => {
    let page: Page & { errors: string[] };
    beforeAll(async () => {
      page = await openPage(browser);
      await page.goto(`${baseUrl()}/service-area/${slug}`);
    });

    it(`has the heading 'Tree Services in ${name}, BC' and the breadcrumb Home > Service Areas > ${name}`, async () => {
      expect(await page.locator('h1').allTextContents()).toEqual([`Tree Services in ${name}, BC`]);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect((await crumbs.locator('li').allTextContents()).map((t) => t.trim())).toEqual(['Home', 'Service Areas', name]);
      expect(await crumbs.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
        ['Home', '/'],
        ['Service Areas', '/service-areas'],
      ]);
      expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(name);
      expect(page.errors).toEqual([]);
    });

    it('has five service cards with the right service links', async () => {
      expect(await page.locator('main .service-card').count()).toBe(5);
      const links = await hrefs(page, 'main .service-card a[href]');
      const fifth = HEDGE_INSTEAD_OF_INSPECTION.includes(slug) ? '/hedge-trimming' : '/tree-health-inspection';
      expect([...links].sort()).toEqual(['/tree-removal', '/tree-trimming', '/stump-grinding', '/emergency-tree-removal', fifth].sort());
      const headings = await page
        .locator('main .service-card')
        .evaluateAll((cards) => cards.map((c) => c.querySelector('h3')?.textContent?.trim()));
      expect(headings.every(Boolean)).toBe(true);
    });

    it('links its neighbouring cities (and the other pages the spec names)', async () => {
      const body = await hrefs(page, 'main a[href]');
      const neighbours = new Set(body.filter((h) => h.startsWith('/service-area/')).map((h) => h.slice('/service-area/'.length)));
      neighbours.delete(slug);
      const known = [...neighbours].filter((n) => CITY_SLUGS.includes(n));
      if (REQUIRED_NEIGHBOURS[slug]) expect(known).toEqual(expect.arrayContaining(REQUIRED_NEIGHBOURS[slug]));
      else expect(known.length).toBeGreaterThanOrEqual(2);
      // Only Port Coquitlam links a city outside the nine (Pitt Meadows).
      expect([...neighbours].filter((n) => !CITY_SLUGS.includes(n))).toEqual(slug === 'port-coquitlam' ? ['pitt-meadows'] : []);
      const plainHedge = await hrefs(page, 'main a[href="/hedge-trimming"]:not(.service-card a)');
      if (PLAIN_HEDGE_LINK.includes(slug)) expect(plainHedge.length).toBeGreaterThanOrEqual(1);
      if (LINKS_BLOG.includes(slug)) expect(body).toContain('/blog');
    });

    it('ends with the call to action: phone, Request a Quote Online and the availability note', async () => {
      const note = page.getByText(CTA_NOTE, { exact: true });
      expect(await note.count()).toBe(1);
      expect(await note.isVisible()).toBe(true);
      const cta = page.locator('main section', { has: note });
      expect(await cta.count()).toBe(1);
      expect(await hrefs(cta, 'a[href^="tel:"]')).toEqual([TEL]);
      const quote = cta.getByRole('link', { name: 'Request a Quote Online' });
      expect(await quote.count()).toBe(1);
      expect(await quote.getAttribute('href')).toBe('/#contact');
    });

    it(`embeds a lazy map, full width and ${slug === 'new-westminster' ? 400 : 360} px tall`, async () => {
      const frame = page.locator('main iframe');
      expect(await frame.count()).toBe(1);
      expect(await frame.getAttribute('loading')).toBe('lazy');
      expect((await frame.getAttribute('title'))?.trim()).toMatch(new RegExp(name));
      await frame.scrollIntoViewIfNeeded();
      const size = await frame.evaluate((f) => ({
        width: f.getBoundingClientRect().width,
        height: f.getBoundingClientRect().height,
        parent: f.parentElement!.clientWidth,
      }));
      expect(size.parent).toBeGreaterThan(600);
      expect(Math.abs(size.width - size.parent)).toBeLessThan(1);
      expect(Math.round(size.height)).toBe(slug === 'new-westminster' ? 400 : 360);
    });

    it(`has a ${FOUR_QUESTION_FAQ.includes(slug) ? 4 : 5}-question FAQ, a numbered process and a neighbourhoods list`, async () => {
      const questions = (await page.locator('main details summary').allTextContents()).map((t) => t.trim());
      expect(questions).toHaveLength(FOUR_QUESTION_FAQ.includes(slug) ? 4 : 5);
      expect(questions.every((q) => q.endsWith('?'))).toBe(true);

      expect(await page.locator('main ol.steps').count()).toBe(1);
      const steps = page.locator('main ol.steps > li');
      const count = await steps.count();
      if (slug === 'vancouver') expect(count).toBe(5);
      else expect([5, 6]).toContain(count);
      // Each step opens with its title in bold, then the text.
      for (const step of await steps.evaluateAll((lis) =>
        lis.map((li) => ({
          title: li.querySelector(':scope > strong, :scope > p > strong:first-child')?.textContent ?? '',
          text: li.textContent!.trim(),
        })),
      )) {
        expect(step.title.length).toBeGreaterThan(2);
        expect(step.text.length).toBeGreaterThan(step.title.length + 20);
      }
      expect(await page.locator('main ol.steps').evaluate((ol) => getComputedStyle(ol).display)).not.toBe('none');

      const section = page.locator('main section', { has: page.getByRole('heading', { name: /neighbourhoods/i }) });
      expect(await section.count()).toBe(1);
      const places = (await section.locator('ul > li').allTextContents()).map((t) => t.trim()).filter(Boolean);
      expect(places.length).toBeGreaterThanOrEqual(3);
    });

    it('has local-business JSON-LD for the city and FAQPage JSON-LD matching the visible FAQ', async () => {
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
      const business = data.filter((d) => LOCAL_BUSINESS_TYPES.includes(d['@type']));
      expect(business).toHaveLength(1);
      const served = [business[0].areaServed].flat().map((a: any) => (typeof a === 'string' ? a : a.name));
      expect(served.some((n: string) => n === name || n.startsWith(`${name},`))).toBe(true);
      const faq = data.filter((d) => d['@type'] === 'FAQPage');
      expect(faq).toHaveLength(1);
      const visible = (await page.locator('main details summary').allTextContents()).map((t) => t.trim());
      expect(faq[0].mainEntity.map((q: any) => q.name)).toEqual(visible);
      for (const q of faq[0].mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(40);
    });

    it('passes axe at 390 px', async () => {
      const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
      await phone.goto(`${baseUrl()}/service-area/${slug}`);
      expect(await axe(phone)).toEqual([]);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.context().close();
    });
  });
}

describe('the Pitt Meadows link on Port Coquitlam', () => {
  it('leads to /service-areas', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/service-area/port-coquitlam');
    const link = page.locator('main a[href="/service-area/pitt-meadows"]');
    expect(await link.count()).toBeGreaterThanOrEqual(1);
    await link.first().click();
    await page.waitForURL('**/service-areas');
    expect(await page.locator('h1').textContent()).toBe('Serving the Greater Vancouver Area');
  });
});
