// The menu is one list in site.yaml (navigation:) that the header, the mobile menu and the footer read; aria-current
// marks a page's own links, on every route.
import { describe, expect, it } from 'vitest';
import { business, CITY_NAMES, ROUTES, site, TEL } from '../support/facts.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { $, $$, attr, parseHtml, text, type AnyNode, type Element } from '../support/html.ts';
import { chromeOf, html } from '../support/site.ts';

/** The links of a part of a page: where each goes, what it says, and whether it is marked as the current page. */
const links = (scope: AnyNode | AnyNode[]) =>
  $$('a', scope).map((a) => ({ href: attr(a, 'href') ?? '', text: text(a), current: attr(a, 'aria-current') === 'page' }));
/** The two menus of a page: the header's and the one on phones. */
const menus = (page: string) => ['.main-nav', '.mobile-menu__panel'].flatMap((s) => links($(s, parseHtml(page))!));

it("aria-current: marks exactly the menus' links to the page itself, on every page of the route table, and nothing else in the layout", () => {
  const marked: string[] = [];
  for (const p of ROUTES) {
    const menu = menus(html(p));
    const wrong = menu.filter((l) => l.current !== (l.href === p));
    expect(wrong, p).toEqual([]);
    expect(links(chromeOf(html(p))).filter((l) => l.current).length, p).toBe(menu.filter((l) => l.current).length);
    if (menu.some((l) => l.current)) marked.push(p);
  }
  // every page the menu links is marked on its own page
  for (const item of site.navigation) if (item.path) expect(marked).toContain(item.path);
  expect(marked).toEqual(expect.arrayContaining([...site.services.map((s) => s.path), ...site.cities.map((c) => c.path)]));
});

/** The mobile menu's links: the pages, then each list under its own page's link, then Contact and Call. */
const MENU_LINKS = [
  ...site.navigation.filter((item) => !item.menu).map((item) => item.label),
  ...site.navigation.flatMap((item) =>
    item.menu
      ? [
          ...(item.path ? [item.menuLink ?? item.label] : []),
          ...{ services: site.services.map((s) => s.name), cities: CITY_NAMES }[item.menu]!,
        ]
      : [],
  ),
  site.header.contact,
  site.labels.call,
];

describe('the header, the mobile menu and the footer', () => {
  it("the mobile menu lists the pages, then each list under its own page's link, then Contact and Call; Services the services; toasts are announced", () => {
    const doc = parseHtml(html('/'));
    const links = $$('.mobile-menu__panel a', doc);
    expect(links.filter((a) => !attr(a, 'class')?.includes('mobile-menu__close')).map(text)).toEqual(MENU_LINKS);
    expect($$('.dropdown__menu a', doc).map(text)).toEqual(site.services.map((s) => s.name));
    expect(attr($('#toasts', doc)!, 'aria-live')).toBe('polite');
  });

  it.each(ROUTES)('%s: the header links home, the form and the phone; the footer the phone, the email, the map and the sitemap', (p) => {
    const doc = parseHtml(html(p));
    const target = (a: Element) => (attr(a, 'target') ? ` (${attr(a, 'target')})` : '');
    const links = (selector: string) => $$(selector, doc).map((a) => attr(a, 'href') + target(a));
    expect(['.site-header .logo', '.header-contact', '.header-call'].flatMap(links)).toEqual([
      '/',
      p === '/' ? '#contact' : '/#contact',
      TEL,
    ]);
    const footer = links('.site-footer a').filter((l) => /^(tel|mailto):|^\/sitemap\.xml$/.test(l) || l.startsWith(business.mapUrl));
    expect(footer).toEqual([TEL, `mailto:${business.email}`, `${business.mapUrl} (_blank)`, '/sitemap.xml']);
  });
});

describe('a page added to the menu in site.yaml alone', () => {
  const label = 'Menu Check Page';
  const target = site.cities.at(-1)!.path; // a page the menu does not link by itself (cities come in the mobile menu's list)
  const fx = builtFixture((f) => f.editSite((data) => data.navigation.push({ label, path: target })));
  const page = (p: string) => html(p, fx.out);

  it('is in the header, the mobile menu and the footer, in its place', () => {
    const about = parseHtml(page('/about'));
    const entry = { href: target, text: label, current: false };
    for (const nav of ['.main-nav', '.mobile-menu__panel', 'nav[aria-labelledby="footer-company"]'])
      expect(links($(nav, about)!), nav).toContainEqual(entry);
    expect(links($('.main-nav', about)!).at(-1)).toEqual(entry); // last, as in the list
  });

  it('is marked as the current page on that page, and only there', () => {
    // the new link in the header and on phones, and the city's own link in the list of cities on phones
    const current = menus(page(target)).filter((l) => l.current);
    expect(current.map((l) => l.href)).toEqual([target, target, target]);
    expect(links(chromeOf(page('/about'))).filter((l) => l.href === target && l.current)).toEqual([]);
  });
});
