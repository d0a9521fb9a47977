// The service pages and About in a real Chromium (spec "Service pages", "About"): buttons, sections, steps, tables, links.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { SERVICE_PATHS, site, TEL } from '../support/facts.ts';

const open = useBrowser();

const hero = (page: Page) => page.locator('main .page-hero');
const closing = (page: Page) => page.locator('main .cta-band');
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Request Your Free Estimate' });
/** A <section> of main whose h2 matches. */
const section = (page: Page, heading: RegExp) =>
  page.locator('main section', { has: page.getByRole('heading', { level: 2, name: heading }) });

/** Clicks an estimate button: the dialog opens with this service title, and closes again. */
async function expectOpensDialog(page: Page, button: Locator, title: string, description = true, preselect?: string) {
  await button.click();
  const d = dialogOf(page);
  await d.waitFor();
  expect(await d.locator('.dialog__service-title').textContent()).toBe(title);
  const desc = (await d.locator('.dialog__service-description').textContent()) ?? '';
  if (description) expect(desc.length).toBeGreaterThan(20);
  else expect(desc).toBe('');
  if (preselect !== undefined) expect(await d.getByLabel('Service Needed').inputValue()).toBe(preselect);
  await page.keyboard.press('Escape');
  expect(await d.isVisible()).toBe(false);
}

const buttonNamed = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });
const linkNamed = (scope: Locator, name: string) => scope.getByRole('link', { name, exact: true });

describe('named buttons', () => {
  it('/tree-removal: hero Get a Free Estimate (dialog) and Call Now (phone), closing Get My Free Quote', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-removal');
    await expectOpensDialog(page, buttonNamed(hero(page), 'Get a Free Estimate'), 'Tree Removal');
    expect(await linkNamed(hero(page), 'Call Now').getAttribute('href')).toBe(TEL);
    await expectOpensDialog(page, buttonNamed(closing(page), 'Get My Free Quote'), 'Tree Removal');
    expect(page.errors).toEqual([]);
  });
  it('/tree-trimming: hero Request a Free Pruning Quote, closing Keep My Trees Strong & Safe', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-trimming');
    await expectOpensDialog(page, buttonNamed(hero(page), 'Request a Free Pruning Quote'), 'Tree Trimming & Pruning');
    await expectOpensDialog(page, buttonNamed(closing(page), 'Keep My Trees Strong & Safe'), 'Tree Trimming & Pruning');
  });
  it('/tree-health-inspection: no hero button, closing Book a Health Inspection', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-health-inspection');
    expect(await hero(page).locator('a, button').count()).toBe(0);
    expect(await hero(page).locator('h1').count()).toBe(1);
    await expectOpensDialog(page, buttonNamed(closing(page), 'Book a Health Inspection'), 'Tree Health & Inspection');
  });
  it('/stump-grinding: closing Get a Free Estimate', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/stump-grinding');
    await expectOpensDialog(
      page,
      buttonNamed(closing(page), 'Get a Free Estimate'),
      site.services.find((s) => s.slug === 'stump-grinding')!.dialog.title,
    );
  });
  it('/emergency-tree-removal: Call Now dials the phone, Request Non-Urgent Quote opens the dialog', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/emergency-tree-removal');
    expect(await linkNamed(hero(page), 'Call Now').getAttribute('href')).toBe(TEL);
    await expectOpensDialog(page, buttonNamed(page.locator('main'), 'Request Non-Urgent Quote'), 'Emergency Tree Removal');
  });
  it.each([
    ['/hedge-trimming', 'Hedge Trimming'],
    ['/lot-brush-clearing', 'Lot / Brush Clearing'],
    ['/storm-cleanup', 'Storm Cleanup'],
  ])('%s: quote buttons in the hero and the closing open the dialog', async (p, title) => {
    const page = await open();
    await page.goto(baseUrl() + p);
    await expectOpensDialog(page, hero(page).locator('[data-estimate]').first(), title);
    await expectOpensDialog(page, closing(page).locator('[data-estimate]').first(), title);
    expect(await linkNamed(hero(page), 'Call Now').getAttribute('href')).toBe(TEL);
  });
  it.each(SERVICE_PATHS)('%s: every tel: button in the page dials the company phone', async (p) => {
    const page = await open();
    await page.goto(baseUrl() + p);
    const calls = page.locator('main a.btn[href^="tel:"]');
    for (const c of await calls.all()) expect(await c.getAttribute('href')).toBe(TEL);
  });
});

describe('sections and process steps', () => {
  it('/tree-removal has the spec sections in order and the five-step process', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-removal');
    await expectHeadingsInOrder(page, [
      /reasons/i,
      /five-step/i,
      /safety/i,
      /eco-friendly/i,
      /cost/i,
      /prepare/i,
      /aftercare/i,
      /why choose us/i,
      /frequently asked/i,
    ]);
    const steps = section(page, /five-step removal process/i).locator('ol.steps > li');
    expect(await steps.count()).toBe(5);
    const all = await steps.evaluateAll((lis) => lis.map((li) => li.querySelector('strong')?.textContent ?? ''));
    [/assessment/i, /planning.*setup/i, /sectional removal/i, /stump grinding/i, /clean ?up/i].forEach((re, i) =>
      expect(all[i]).toMatch(re),
    );
  });
  it('/tree-trimming has the spec sections, the five-step process and the four seasons', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-trimming');
    await expectHeadingsInOrder(page, [
      /why pruning matters/i,
      /five-step/i,
      /pruning versus trimming/i,
      /season/i,
      /environmental/i,
      /safety/i,
      /why choose us/i,
      /frequently asked/i,
    ]);
    expect(
      await section(page, /five-step pruning process/i)
        .locator('ol.steps > li')
        .count(),
    ).toBe(5);
    expect(
      await section(page, /best season/i)
        .locator('h3')
        .allTextContents(),
    ).toEqual(['Spring', 'Summer', 'Fall', 'Emergency']);
  });
  it('/tree-health-inspection has the spec sections and the five-step assessment', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-health-inspection');
    await expectHeadingsInOrder(page, [
      /identifies/i,
      /five-step/i,
      /issues/i,
      /preventive/i,
      /who needs/i,
      /diagnostic tools/i,
      /report/i,
      /areas/i,
      /cost/i,
      /why/i,
      /frequently asked/i,
    ]);
    expect(
      await section(page, /five-step tree assessment/i)
        .locator('ol.steps > li')
        .count(),
    ).toBe(5);
  });
  it('/stump-grinding has the spec sections and the four-step grinding process', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/stump-grinding');
    await expectHeadingsInOrder(page, [
      /why remove/i,
      /grinding versus/i,
      /four-step/i,
      /root extraction/i,
      /when to schedule/i,
      /eco/i,
      /service areas/i,
      /frequently asked/i,
    ]);
    expect(
      await section(page, /four-step grinding process/i)
        .locator('ol.steps > li')
        .count(),
    ).toBe(4);
  });
  it.each([
    '/emergency-tree-removal',
    '/hedge-trimming',
    '/lot-brush-clearing',
    '/storm-cleanup',
    '/stump-grinding',
    '/tree-health-inspection',
  ])('%s has process steps and a service-areas section linking city pages', async (p) => {
    const page = await open();
    await page.goto(baseUrl() + p);
    expect(await page.locator('main ol.steps > li').count()).toBeGreaterThanOrEqual(4);
    const areas = section(page, /service areas|areas we serve|across metro vancouver/i);
    expect(await areas.count()).toBe(1);
    expect(await areas.locator('a[href^="/service-area/"]').count()).toBeGreaterThanOrEqual(3);
  });
});

async function expectHeadingsInOrder(page: Page, expected: RegExp[]) {
  const h2s = await page.locator('main h2').allTextContents();
  let at = 0;
  for (const re of expected) {
    const found = h2s.findIndex((h, i) => i >= at && re.test(h));
    expect(found, `${re} after position ${at} in ${JSON.stringify(h2s)}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

describe('comparison tables on a phone', () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  it.each([
    ['/tree-trimming', /pruning versus trimming/i, /pruning/i, /trimming/i],
    ['/stump-grinding', /grinding versus .*removal/i, /grinding/i, /removal/i],
  ])('%s: the comparison table exists and scrolls sideways instead of widening the page', async (p, heading, left, right) => {
    const page = await open(phone);
    await page.goto(baseUrl() + p);
    const scroller = section(page, heading).locator('.table-scroll');
    expect(await scroller.count()).toBe(1);
    const heads = await scroller.locator('thead th').allTextContents();
    expect(heads.some((h) => left.test(h))).toBe(true);
    expect(heads.some((h) => right.test(h))).toBe(true);
    expect(await scroller.locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(clientWidth).toBeLessThanOrEqual(390);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await scroller.evaluate((el) => el.scrollBy(120, 0));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    // it can be reached and scrolled by keyboard
    expect(await scroller.getAttribute('tabindex')).toBe('0');
  });
  it.each(SERVICE_PATHS)('%s does not overflow a 390 px screen', async (p) => {
    const page = await open(phone);
    await page.goto(baseUrl() + p);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const t of await page.locator('main .table-scroll').all()) {
      expect(await t.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    }
  });
});

describe('links', () => {
  it('external links in the service pages open in a new tab with nofollow, noopener and noreferrer', async () => {
    const page = await open();
    let external = 0;
    for (const p of SERVICE_PATHS) {
      await page.goto(baseUrl() + p);
      for (const a of await page.locator('main a[href^="http"]').all()) {
        const href = (await a.getAttribute('href'))!;
        expect(href, p).toMatch(/^https:\/\//);
        expect(href, p).not.toContain('localhost');
        expect(await a.getAttribute('target'), `${p} ${href}`).toBe('_blank');
        const rel = ((await a.getAttribute('rel')) ?? '').split(/\s+/);
        expect(rel, `${p} ${href}`).toEqual(expect.arrayContaining(['nofollow', 'noopener', 'noreferrer']));
        external++;
      }
    }
    expect(external).toBeGreaterThanOrEqual(3);
  });
  it('a click on an external link opens a new tab and leaves the page in place', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-removal');
    const link = page.locator('main .prose a[href^="https://"]:visible').first();
    const href = (await link.getAttribute('href'))!;
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    expect(popup).not.toBe(page);
    expect(page.context().pages()).toHaveLength(2);
    expect(page.url()).toBe(baseUrl() + '/tree-removal');
    expect(href).toMatch(/^https:\/\//);
  });
  it('internal links reach the other services, /service-areas, the five spec cities and /blog', async () => {
    const page = await open();
    const union = new Set<string>();
    for (const p of SERVICE_PATHS) {
      await page.goto(baseUrl() + p);
      const hrefs = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('#')[0]));
      for (const other of SERVICE_PATHS.filter((s) => s !== p)) expect(hrefs, `${p} links ${other}`).toContain(other);
      hrefs.forEach((h) => union.add(h));
    }
    const cities = ['new-westminster', 'burnaby', 'coquitlam', 'surrey', 'delta'].map((c) => `/service-area/${c}`);
    expect([...union]).toEqual(expect.arrayContaining(['/service-areas', '/blog', ...cities]));
  });
  it('an internal link in the copy navigates to its page', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/tree-removal');
    await page.locator('main .prose a[href="/service-areas"]').first().click();
    await page.waitForURL(baseUrl() + '/service-areas');
    expect(await page.locator('h1').textContent()).toBe('Serving the Greater Vancouver Area');
  });
});

describe('/about', () => {
  it('tells the story, lists four values and the team, and Get Your Free Quote opens a General Inquiry', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/about');
    const story = section(page, /our story/i);
    expect(await story.count()).toBe(1);
    expect(await story.textContent()).toMatch(/founded over a decade ago/);
    const values = section(page, /our commitment/i).locator('li');
    expect(await values.count()).toBe(4);
    for (const v of await values.all()) {
      expect(((await v.locator('h3').textContent()) ?? '').length).toBeGreaterThan(3);
      expect(((await v.locator('p').textContent()) ?? '').length).toBeGreaterThan(40);
    }
    const team = section(page, /our team/i).locator('li');
    expect(await team.count()).toBeGreaterThanOrEqual(3);
    for (const m of await team.all()) {
      expect(await m.locator('h3').count()).toBe(1);
      expect(((await m.locator('.team-card__role').textContent()) ?? '').length).toBeGreaterThan(3);
    }
    const button = buttonNamed(closing(page), 'Get Your Free Quote');
    expect(await button.count()).toBe(1);
    await expectOpensDialog(page, button, 'General Inquiry', false, '');
    expect(page.errors).toEqual([]);
  });
});
