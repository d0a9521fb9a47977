// The service pages, About and the city pages in Chromium, one load a page: what each shows is what its content says
// (the site model), so a company that edits a service or a city keeps a green CI. Its buttons, sections, steps,
// tables, links and FAQ (the FAQ opening: tests/browser/accessibility.test.ts, tests/engines/controls.test.ts; axe and
// the fit at phone width: every route in tests/engines/pages.test.ts; the dialog each estimate button opens:
// tests/engines/controls.test.ts; breadcrumbs and the business's JSON-LD: tests/build/output.test.ts; the map:
// tests/browser/maps.test.ts). Soft assertions: every part reports.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Button, Section } from '../../templates/model/types.ts';
import { cityHeading, site, TEL } from '../support/facts.ts';
import { decodeEntities } from '../support/files.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const soft = expect.soft;
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const hrefs = (scope: Page | Locator, selector: string) =>
  scope.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
/** The links the words of a page make (its sections and FAQ answers), decoded as a browser reads them. */
const linksIn = (p: { sections: Section[]; faq: { a: string }[] }) =>
  [...[...p.sections.map((s) => s.html), ...p.faq.map((f) => f.a)].join('\n').matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]));

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
  soft(
    h2s.filter((h) => expected.includes(h)),
    `section headings in order, in ${JSON.stringify(h2s)}`,
  ).toEqual(expected);
}

const jsonLdOf = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, any>);
/** The FAQ as the content has it: the questions shown, and the answers in its FAQPage data (which equals what the page
 *  shows: tests/build/faq-jsonld.test.ts). */
async function expectFaq(page: Page, data: Record<string, any>[], faq: { q: string; aText: string }[]) {
  soft((await page.locator('main details.faq__item > summary').allTextContents()).map(squash), 'FAQ questions').toEqual(
    faq.map((f) => squash(f.q)),
  );
  const answers = data.filter((d) => d['@type'] === 'FAQPage').flatMap((d) => d.mainEntity.map((q: any) => squash(q.acceptedAnswer.text)));
  soft(answers, 'FAQ answers').toEqual(faq.map((f) => squash(f.aText)));
}

/** A content button in `scope`, by what it does: an estimate button, without JavaScript, leads to the contact form; a
 *  call button dials the phone. */
async function expectDoes(scope: Locator, button: Button) {
  const el = scope.getByRole(button.action === 'estimate' ? 'button' : 'link', { name: button.label, exact: true });
  soft(await el.count(), `${button.action} button "${button.label}"`).toBe(1);
  soft(await el.getAttribute('href')).toBe(button.action === 'call' ? TEL : '/#contact');
}

describe.each(site.services.map((s) => [s.path, s] as const))('%s', (p, s) => {
  it("has the content's buttons, sections with their sub-headings and steps, then the FAQ; tables that scroll instead of widening a phone's screen; and its links", async () => {
    const page = await openPage(PHONE);
    await page.goto(baseUrl() + p);
    // the hero's and the closing buttons do what the content says; every tel: button dials the company phone
    const hero = page.locator('main .page-hero');
    soft((await hero.locator('.button-row > a').allTextContents()).map(squash), 'hero buttons').toEqual(s.heroButtons.map((b) => b.label));
    if (!s.heroButtons.length) soft(await hero.locator('a, button').count()).toBe(0);
    soft(await hero.locator('h1').count()).toBe(1);
    for (const b of s.heroButtons) await expectDoes(hero, b);
    const closing = page.locator('main .cta-band');
    soft((await closing.locator('.button-row > a').allTextContents()).map(squash), 'closing button').toEqual([s.closing.button.label]);
    await expectDoes(closing, s.closing.button);
    soft(
      (await hrefs(page, 'main a.btn[href^="tel:"]')).filter((h) => h !== TEL),
      'call buttons dialling another number',
    ).toEqual([]);

    // the content's sections in order, with their sub-headings and numbered steps, then the FAQ
    const sections = (await sectionsOf(page, s.sections)).filter((x) => x.heading);
    await expectHeadingsInOrder(page, [...sections.map((x) => x.heading), ...(s.faq.length ? [site.labels.faqHeading] : [])]);
    for (const x of sections) {
      const shown = page.locator(`main section[aria-labelledby="${x.id}"]`);
      soft((await shown.locator('h3').allTextContents()).map(squash), `sub-headings of "${x.heading}"`).toEqual(x.h3s);
      soft(await shown.locator('ol.steps > li').count(), `numbered steps of "${x.heading}"`).toBe(x.steps);
    }

    // on a 390 px screen its tables scroll sideways, and by keyboard (that no page is wider than a phone's screen:
    // tests/engines/pages.test.ts)
    const tables = sections.flatMap((x) => x.tables);
    const scrollers = page.locator('main .table-scroll');
    soft(await scrollers.count(), 'tables').toBe(tables.length);
    for (const [i, table] of tables.entries()) {
      const scroller = scrollers.nth(i);
      soft((await scroller.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual(table.heads);
      soft(await scroller.locator('tbody tr').count()).toBe(table.rows);
      if (await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)) {
        await scroller.evaluate((el) => el.scrollBy(120, 0));
        soft(await scroller.evaluate((el) => el.scrollLeft), 'the table scrolls by itself').toBeGreaterThan(0);
        soft(await page.evaluate(() => window.scrollX), 'the page stays put').toBe(0);
      }
      soft(await scroller.getAttribute('tabindex')).toBe('0');
    }
    await expectFaq(page, await jsonLdOf(page), s.faq);

    // it links the other services and every page its words link; links out open a new tab with nofollow, noopener, noreferrer
    const main = await hrefs(page, 'main a[href]');
    for (const other of site.services.filter((o) => o !== s))
      soft(
        main.map((h) => h.split('#')[0]),
        `links ${other.path}`,
      ).toContain(other.path);
    soft(main, 'the links its words make').toEqual(expect.arrayContaining(linksIn(s)));
    const external = await page
      .locator('main a[href^="http"]')
      .evaluateAll((as) => (as as HTMLAnchorElement[]).map((a) => [a.getAttribute('href'), a.target, a.rel]));
    soft(external.length, 'links out, as in the content').toBe(linksIn(s).filter((h) => /^https?:/.test(h)).length);
    for (const [href, target, rel] of external) {
      soft(href).toMatch(/^https:\/\/(?!localhost)/);
      soft([target, ...rel!.split(/\s+/)], href!).toEqual(expect.arrayContaining(['_blank', 'nofollow', 'noopener', 'noreferrer']));
    }
    soft(page.errors).toEqual([]);
  });
});

describe('/about', () => {
  const about = site.about;
  it(`tells the story, lists the values and the team, and ${about.closing.button.label} leads to the form without JavaScript`, async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/about');
    const sections = (await sectionsOf(page, about.sections)).filter((x) => x.heading);
    await expectHeadingsInOrder(page, [...sections.map((x) => x.heading), squash(about.values.heading), squash(about.team.heading)]);
    const cards = (selector: string, parts: string[]) =>
      page
        .locator(selector)
        .evaluateAll(
          (els, parts) => els.map((el) => parts.map((s) => el.querySelector(s)?.textContent?.replace(/\s+/g, ' ').trim())),
          parts,
        );
    soft(await cards('main .value-card', ['h3', 'p']), 'values').toEqual(about.values.items.map((v) => [squash(v.title), squash(v.text)]));
    soft(await cards('main .team-card', ['h3', '.team-card__role']), 'team').toEqual(
      about.team.members.map((m) => [squash(m.name), squash(m.role)]),
    );
    const button = page.locator('main .cta-band').getByRole('button', { name: about.closing.button.label, exact: true });
    soft(await button.count()).toBe(1);
    soft(await button.getAttribute('href')).toBe('/#contact');
    soft(page.errors).toEqual([]);
  });
});

const CTA_NOTE = site.cityPages.closingNote; // the spec's 'Available 24/7 for emergencies. ...', as site.yaml words it
const servicePath = new Map(site.services.map((s) => [s.slug, s.path]));

describe.each(site.cities.map((c) => [c.path, c] as const))('%s', (_, city) => {
  const { name } = city;
  it(`shows ${name}'s heading, service cards, links, call to action, sections and FAQ`, async () => {
    const page = await openPage();
    await page.goto(baseUrl() + city.path);
    soft(await page.locator('h1').allTextContents()).toEqual([cityHeading(name)]);

    // the content's service cards, in its order, each headed by its service and linking its page
    const cards = page.locator('main .service-card');
    soft(await cards.evaluateAll((cs) => cs.map((c) => c.querySelector('h3')?.textContent?.trim())), 'service cards').toEqual(
      city.serviceCards.map((sc) => site.services.find((s) => s.slug === sc.service)!.name),
    );
    soft(await hrefs(page, 'main .service-card a[href]'), 'service card links').toEqual(
      city.serviceCards.map((sc) => servicePath.get(sc.service)),
    );

    // neighbouring cities, and every link the city's own words make (each reaches a page or a redirect: the build's link
    // check, generator/links.ts; a redirect's landing: tests/browser/csp.test.ts)
    const body = await hrefs(page, 'main a[href]');
    soft(body, 'links to the nearby cities').toEqual(expect.arrayContaining(city.nearby.map((n) => `/service-area/${n}`)));
    soft(body, "links in the city's sections and FAQ").toEqual(expect.arrayContaining(linksIn(city)));

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

    // the content's sections in order, its numbered process (each step a bold title, then the text), its FAQ
    const expected = (await sectionsOf(page, city.sections)).filter((x) => x.heading);
    await expectHeadingsInOrder(
      page,
      expected.map((x) => x.heading),
    );
    const steps = await page.locator('main ol.steps > li').evaluateAll((lis) =>
      lis.map((li) => ({
        title: li.querySelector(':scope > strong, :scope > p > strong:first-child')?.textContent ?? '',
        text: li.textContent!.trim(),
      })),
    );
    soft(steps.length, 'process steps').toBe(expected.reduce((n, x) => n + x.steps, 0));
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
    await expectFaq(page, await jsonLdOf(page), city.faq);
    soft(page.errors).toEqual([]);
  });
});
