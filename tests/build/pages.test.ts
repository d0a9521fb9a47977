// The service pages, About and the city pages as built: what each holds is what its content says (the site model), so
// a company that edits a service or a city keeps a green CI. Their buttons, sections, steps, tables, links and FAQ;
// what only a browser sees (a table scrolling, the note shown, the steps laid out): tests/browser/pages.test.ts. The
// FAQ, shown and as data: tests/build/faq-jsonld.test.ts; breadcrumbs and JSON-LD: output.test.ts.
import { describe, expect, it } from 'vitest';
import type { Button, Section } from '../../templates/model/types.ts';
import { fill } from '../../templates/model/words.ts';
import { business, CITY_NAMES, cityHeading, FORM_LABELS, ROUTES, site, TEL, TITLE_SUFFIX } from '../support/facts.ts';
import { $, $$, attr, parseHtml, text, type AnyNode, type Element } from '../support/html.ts';
import { estimateFile, estimateUrls, fold, html } from '../support/site.ts';

const soft = expect.soft;
const texts = (scope: AnyNode, selector: string) => $$(selector, scope).map(text);
const hrefs = (scope: AnyNode, selector = 'a') => $$(selector, scope).map((a) => attr(a, 'href')!);
/** The links the words of a page make (its sections and FAQ answers). */
const linksIn = (p: { sections: Section[]; faq: { a: string }[] }) =>
  hrefs(parseHtml([...p.sections.map((s) => s.html), ...p.faq.map((f) => f.a)].join('\n')));

/** What the content's sections hold, parsed: per section its id, heading, sub-headings, numbered steps and tables. */
const sectionsOf = (sections: Section[]) =>
  sections
    .map(({ id, heading, html }) => {
      const body = parseHtml(html);
      const tables = $$('.table-scroll', body).map((t) => ({ heads: texts(t, 'thead th'), rows: $$('tbody tr', t).length }));
      return { id, heading: text(parseHtml(heading)), h3s: texts(body, 'h3'), steps: $$('ol.steps > li', body).length, tables };
    })
    .filter((x) => x.heading);

/** The page's h2s include these headings, in this order. */
const expectHeadings = (main: Element, expected: string[]) => {
  const shown = texts(main, 'h2').filter((h) => expected.includes(h));
  soft(shown, 'section headings in order').toEqual(expected);
};

/** Each section's sub-headings and numbered steps, as the content has them (the FAQ: faq-jsonld.test.ts). */
function expectSections(urlPath: string, sections: ReturnType<typeof sectionsOf>) {
  const main = mainOf(urlPath);
  for (const x of sections) {
    const shown = $(`section[aria-labelledby="${x.id}"]`, main)!;
    soft(texts(shown, 'h3'), `sub-headings of "${x.heading}"`).toEqual(x.h3s);
    soft($$('ol.steps > li', shown).length, `numbered steps of "${x.heading}"`).toBe(x.steps);
  }
}

/** The content's buttons in `scope`, in order, each doing what it says: an estimate button opens the dialog and,
 *  without JavaScript, leads to the contact form; a call button dials the phone. */
const expectButtons = (scope: Element, buttons: Button[]) =>
  soft(
    $$('.button-row > a', scope).map((a) => [text(a), attr(a, 'href'), attr(a, 'data-estimate') !== null]),
    'buttons',
  ).toEqual(buttons.map((b) => [b.label, b.action === 'call' ? TEL : '/#contact', b.action === 'estimate']));

const mainOf = (urlPath: string) => $('main', parseHtml(html(urlPath)))!;

describe.each(site.services.map((s) => [s.path, s] as const))('%s', (p, s) => {
  it("has the content's buttons, sections with their sub-headings, steps and tables, then the FAQ, and its links", () => {
    const main = mainOf(p);
    const hero = $('.page-hero', main)!;
    expectButtons(hero, s.heroButtons);
    soft($$('a, button', hero).length, 'nothing else to press in the hero').toBe(s.heroButtons.length);
    soft($$('h1', hero).length).toBe(1);
    expectButtons($('.cta-band', main)!, [s.closing.button]);
    const otherNumbers = hrefs(main, 'a.btn').filter((h) => h.startsWith('tel:') && h !== TEL);
    soft(otherNumbers, 'call buttons dialling another number').toEqual([]);

    const sections = sectionsOf(s.sections);
    expectHeadings(main, [...sections.map((x) => x.heading), ...(s.faq.length ? [site.labels.faqHeading] : [])]);
    expectSections(p, sections);
    // tables as the content has them, each reachable by keyboard (that it scrolls on a phone: the browser layer)
    const tables = $$('.table-scroll', main);
    soft(
      tables.map((t) => ({ heads: texts(t, 'thead th'), rows: $$('tbody tr', t).length, tabindex: attr(t, 'tabindex') })),
      'tables',
    ).toEqual(sections.flatMap((x) => x.tables).map((t) => ({ ...t, tabindex: '0' })));

    // it links the other services and every page its words link; links out open a new tab with nofollow, noopener, noreferrer
    const links = hrefs(main);
    const others = site.services.filter((o) => o !== s).map((o) => o.path);
    const pages = links.map((h) => h.split('#')[0]);
    soft(pages, 'links the other services').toEqual(expect.arrayContaining(others));
    soft(links, 'the links its words make').toEqual(expect.arrayContaining(linksIn(s)));
    const external = $$('a', main).filter((a) => /^http/.test(attr(a, 'href')!));
    soft(external.length, 'links out, as in the content').toBe(linksIn(s).filter((h) => /^https?:/.test(h)).length);
    for (const a of external) {
      soft(attr(a, 'href')).toMatch(/^https:\/\/(?!localhost)/);
      soft([attr(a, 'target'), ...attr(a, 'rel')!.split(/\s+/)], attr(a, 'href')!).toEqual(
        expect.arrayContaining(['_blank', 'nofollow', 'noopener', 'noreferrer']),
      );
    }
  });
});

const about = site.about;
it(`/about tells the story, lists the values and the team, and ${about.closing.button.label} leads to the form without JavaScript`, () => {
  const main = mainOf('/about');
  expectHeadings(main, [...sectionsOf(about.sections).map((x) => x.heading), fold(about.values.heading), fold(about.team.heading)]);
  const cards = (selector: string, parts: string[]) => $$(selector, main).map((c) => parts.map((s) => text($(s, c))));
  soft(cards('.value-card', ['h3', 'p']), 'values').toEqual(about.values.items.map((v) => [fold(v.title), fold(v.text)]));
  soft(cards('.team-card', ['h3', '.team-card__role']), 'team').toEqual(about.team.members.map((m) => [fold(m.name), fold(m.role)]));
  expectButtons($('.cta-band', main)!, [about.closing.button]);
});

const servicePath = new Map(site.services.map((s) => [s.slug, s.path]));

describe.each(site.cities.map((c) => [c.path, c] as const))('%s', (p, city) => {
  it(`shows ${city.name}'s heading, service cards, links, call to action, sections and FAQ`, () => {
    const main = mainOf(p);
    soft(texts(main, 'h1')).toEqual([cityHeading(city.name)]);
    // the content's service cards, in its order, each headed by its service and linking its page
    soft(texts(main, '.service-card h3'), 'service cards').toEqual(
      city.serviceCards.map((sc) => site.services.find((s) => s.slug === sc.service)!.name),
    );
    soft(hrefs(main, '.service-card a'), 'service card links').toEqual(city.serviceCards.map((sc) => servicePath.get(sc.service)));

    // neighbouring cities, and every link the city's own words make (each reaches a page or a redirect: the build's link
    // check, generator/links.ts; a redirect's landing: tests/browser/csp.test.ts)
    const links = hrefs(main);
    soft(links, 'links to the nearby cities').toEqual(expect.arrayContaining(city.nearby.map((n) => `/service-area/${n}`)));
    soft(links, "links in the city's sections and FAQ").toEqual(expect.arrayContaining(linksIn(city)));

    // the call to action: phone, the quote link and the availability note, once
    const ctas = $$('section', main).filter((s) => texts(s, 'p').includes(site.cityPages.closingNote));
    soft(ctas.length, 'the availability note').toBe(1);
    soft(hrefs(ctas[0]), 'the phone and the quote form').toEqual([TEL, '/#contact']);
    soft(texts(ctas[0], 'a')).toContain(site.labels.quote);

    // the content's sections in order, its numbered process (each step a bold title, then the text), its FAQ
    const sections = sectionsOf(city.sections);
    const headings = sections.map((x) => x.heading);
    expectHeadings(main, headings);
    expectSections(p, sections);
    for (const li of $$('ol.steps > li', main)) {
      const title = text($(':scope > strong', li) ?? $(':scope > p > strong:first-child', li));
      soft(title.length, `a step's bold title: ${text(li)}`).toBeGreaterThan(0);
      soft(text(li).length, `the step's text after its title: ${title}`).toBeGreaterThan(title.length);
    }
  });
});

const areas = site.serviceAreas;
it(`/service-areas has its title and intro, every city's card in menu order with its ${areas.more} link, and the ${areas.other.heading} block`, () => {
  const doc = parseHtml(html('/service-areas'));
  const main = $('main', doc)!;
  expect([text($('title', doc)), texts(main, 'h1'), text($('.lead', main))]).toEqual([
    areas.title + TITLE_SUFFIX,
    [areas.h1],
    fold(areas.lead),
  ]);
  const cards = $$('.area-card', main).map((c) => ({
    name: text($('h2', c) ?? $('h3', c)),
    description: text($('p', c)),
    links: $$('a', c).map((a) => [attr(a, 'href'), text(a)]),
  }));
  const more = (city: string) => `${areas.more} ${fill(areas.moreLabel, { city })}`; // what a screen reader reads
  expect(cards).toEqual(site.cities.map((c) => ({ name: c.name, description: fold(c.cardSummary), links: [[c.path, more(c.name)]] })));
  const blocks = $$('section', main).filter((s) => texts(s, 'h2, h3').includes(areas.other.heading));
  const links = blocks.map((b) => $$('a', b).map((a) => `${attr(a, 'href')} ${text(a)}`));
  expect(links).toEqual([[`${TEL} ${business.phone}`, `/#contact ${areas.other.buttonLabel}`]]);
});

// (what a visitor does with them, in the three engines: tests/engines/controls.test.ts and requests.test.ts)
/** The quote forms' fields, by name, and the words (site.yaml forms.labels) that label each. */
const FIELDS = { name: 'name', phone: 'phone', serviceArea: 'area', service: 'service', message: 'details', address: 'address' } as const;
const withDialog = html(ROUTES.find((p) => estimateUrls(html(p)))!);
describe.each([
  ['#contact-form', html('/'), site.forms.contactServices],
  ['#estimate-form', estimateFile(withDialog), site.forms.dialogServices],
])('the quote form %s', (form, page, services) => {
  it('labels each field with its words, requires the name, phone and area, has a tel field with its hint, a street address the browser can fill in, four rows and the lists', () => {
    const doc = parseHtml(page);
    const el = (name: string) => $(`${form} [name="${name}"]`, doc)!;
    const labelOf = (name: string) => text($(`label[for="${attr(el(name), 'id')}"]`, doc));
    const options = (name: string) => $$('option', el(name)).flatMap((o) => (attr(o, 'value') ? [text(o)] : []));
    expect({
      unlabelled: Object.entries(FIELDS).filter(([name, words]) => !labelOf(name).includes(FORM_LABELS[words])),
      required: Object.keys(FIELDS).filter((name) => attr(el(name), 'required') !== null),
      phone: [attr(el('phone'), 'type'), attr(el('phone'), 'placeholder')],
      address: [attr(el('address'), 'autocomplete'), text($(`#${attr(el('address'), 'aria-describedby')}`, doc))],
      rows: attr(el('message'), 'rows'),
      areas: options('serviceArea'),
      services: options('service'),
    }).toEqual({
      unlabelled: [],
      required: ['name', 'phone', 'serviceArea'],
      phone: ['tel', FORM_LABELS.phonePlaceholder],
      address: ['street-address', FORM_LABELS.addressHint],
      rows: '4',
      areas: CITY_NAMES,
      services,
    });
  });
});

// The estimate dialog shows what the button pressed carries (client/first-visit/estimate.ts, estimate-dialog.ts): its
// page's dialog title and description, and the page's title as the request's source_page. Each page's, here; the dialog
// opening from a button of each place, in the three engines: tests/engines/controls.test.ts.
describe.each([...site.services.map((s) => [s.path, s] as const), ['/about', site.about] as const])('%s', (p, content) => {
  it("has estimate buttons carrying its dialog's title and description, and its title for the request's source", () => {
    const doc = parseHtml(html(p));
    const inContent = [...('heroButtons' in content ? content.heroButtons : []), content.closing.button];
    soft(
      $$('[data-estimate]', doc).map((b) => [attr(b, 'data-estimate'), attr(b, 'data-estimate-description')]),
      'estimate buttons',
    ).toEqual(inContent.filter((b) => b.action === 'estimate').map(() => [content.dialog.title, content.dialog.description ?? null]));
    soft(attr($('body', doc)!, 'data-page-title'), 'the page title a request names').toBe(text($('title', doc)).replace(TITLE_SUFFIX, ''));
  });
});
