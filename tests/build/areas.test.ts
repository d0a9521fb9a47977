// A city or a service is its file: one added alone is on every page that lists them; site.yaml's lists only order
// them. Removing one still publishes, warning of each page that links to it (file and line).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../generator/build-site.ts';
import { SERVICE_ICONS } from '../../templates/model/constants.ts';
import { site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { builtFixture, testFixture } from '../support/test-fixture.ts';
import { deleteEntries } from '../support/mistakes.ts';
import { addCityAndService, NEW_CITY as CITY, NEW_SERVICE as SERVICE } from '../support/names.ts';
import { allFiles, estimateFile, html, jsonLd } from '../support/site.ts';
import { sitemapEntries } from '../support/files.ts';
import { $, $$, attr, parseHtml } from '../support/html.ts';

// an icon no service uses yet, so the page can only show it because this service chose it
const ICON = SERVICE_ICONS.find((i) => !site.services.some((s) => s.icon === i))!;

const fx = builtFixture((f) => addCityAndService(f, (text) => text.replace(/^icon: .*$/m, `icon: ${ICON}`)));
const options = (html: string, id: string) => $$(`select#${id} option`, parseHtml(html)).map((o) => attr(o, 'value'));

describe('a city or a service added as a file alone', () => {
  it('builds with no other edit and no warning, after the listed ones', () => {
    expect(fx.read('site.yaml')).not.toContain(CITY.slug);
    expect(fx.result.warnings).toEqual([]);
    expect(fx.result.site.cities.map((c) => c.slug)).toEqual([...site.cities.map((c) => c.slug), CITY.slug]);
    expect(fx.result.site.services.map((s) => s.slug)).toEqual([...site.services.map((s) => s.slug), SERVICE.slug]);
  });

  it('has its page and is in the sitemap', () => {
    const sitemap = sitemapEntries(readFileSync(path.join(fx.out, 'sitemap.xml'), 'utf8')).map((e) => e.loc);
    for (const p of [`/service-area/${CITY.slug}`, `/${SERVICE.slug}`]) {
      expect(routeTable(fx.result.site).map((r) => r.path)).toContain(p);
      expect(attr($('link[rel=canonical]', parseHtml(html(p, fx.out)))!, 'href')).toBe(`${site.business.origin}${p}`);
      expect(sitemap).toContain(`${site.business.origin}${p}`);
    }
  });

  it('is in the header, the mobile menu and the footer of every page, and the city in the service-areas grid', () => {
    for (const r of routeTable(fx.result.site)) {
      const page = parseHtml(html(r.path, fx.out));
      for (const part of ['header.site-header', 'div#mobile-menu', 'footer'])
        expect($(`${part} a[href="/${SERVICE.slug}"]`, page), `${r.path}: ${part}`).not.toBeNull();
      expect($(`div#mobile-menu a[href="/service-area/${CITY.slug}"]`, page), r.path).not.toBeNull();
    }
    expect($(`main a[href="/service-area/${CITY.slug}"]`, parseHtml(html('/service-areas', fx.out)))).not.toBeNull();
  });

  it("is in both quote forms' options: the city as a Service Area, the service before the last option, its dialog preselecting it", () => {
    const home = html('/', fx.out);
    const servicePage = estimateFile(html(`/${SERVICE.slug}`, fx.out), fx.out); // where its estimate dialog is
    expect(options(home, 'contact-area')).toContain(CITY.name);
    expect(options(servicePage, 'estimate-area')).toContain(CITY.name);
    for (const [html, id, listed] of [
      [home, 'contact-service', site.forms.contactServices],
      [servicePage, 'estimate-service', site.forms.dialogServices],
    ] as const)
      expect(options(html, id)).toEqual(['', ...listed.slice(0, -1), SERVICE.name, ...listed.slice(-1)]);
    const preselect = JSON.parse(attr($('[data-preselect]', parseHtml(servicePage))!, 'data-preselect')!);
    const dialogTitle = fx.result.site.services.find((s) => s.slug === SERVICE.slug)!.dialog.title;
    expect(dialogTitle === SERVICE.name || preselect[dialogTitle] === SERVICE.name).toBe(true);
  });

  it('is in the structured data: the city among the areas served, the service as a Service', () => {
    const business = jsonLd(html('/', fx.out)).find((d) => d['@type'] === 'HomeAndConstructionBusiness')!;
    expect(business.areaServed.map((a: { name: string }) => a.name)).toContain(CITY.name);
    expect(jsonLd(html(`/${SERVICE.slug}`, fx.out)).find((d) => d['@type'] === 'Service')).toMatchObject({ name: SERVICE.name });
  });

  it('shows the icon the service chose, wherever services show theirs', () => {
    for (const p of site.services.slice(0, 2).map((s) => s.path)) {
      // its chip among the other services: the link's icon, its first child
      const icon = $(`a[href="/${SERVICE.slug}"] > svg.icon:first-child`, parseHtml(html(p, fx.out)));
      expect(attr(icon!, 'class')!.split(' '), p).toContain(`icon-${ICON}`);
    }
  });
});

it("site.yaml's lists only order: puts the listed ones first in its order, the others by name; a listed name without a file is a warning", async () => {
  const f = testFixture();
  const [first, second] = site.cities;
  f.editSite((s) => (s.cities = [second.slug, first.slug, 'no-such-city-file']));
  const r = await f.model(); // the content check alone: the order and the warning are its
  const rest = site.cities.filter((c) => c !== first && c !== second).sort((a, b) => a.name.localeCompare(b.name));
  expect(r.site.cities.map((c) => c.slug)).toEqual([second, first, ...rest].map((c) => c.slug));
  expect(r.warnings).toEqual([expect.stringMatching(/site\.yaml: cities\[2\]: "no-such-city-file" has no file/)]);
});

describe('removing a city or a service', () => {
  /** Where the content links to a page in Markdown: [file, line] of each `](path)`. */
  const markdownLinks = (f: Fixture, target: string) =>
    allFiles(f.content)
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((text, i) => (text.includes(`](${target})`) ? [[`content/${path.relative(f.content, file)}`, i + 1] as const] : [])),
      );
  // the city the content links to most, so the test sees the dead-link check at work
  const linked = [...site.cities].sort((a, b) => markdownLinks(fx, b.path).length - markdownLinks(fx, a.path).length)[0];

  it('publishes, warning of every page that still links to it (file and line), whose links lead to its listing', async () => {
    const f = testFixture();
    deleteEntries(f, [`cities/${linked.slug}.md`]); // as the editor's Delete does, its Nearby lists too
    const links = markdownLinks(f, linked.path);
    expect(links.length).toBeGreaterThan(0);
    const r = await f.build();
    const warned = r.warnings.map((w) => path.relative(f.dir, path.resolve(w.split(': ')[0])) + ': ' + w.split(': ')[1]);
    for (const [file, line] of links) expect(warned, `${file}:${line}`).toContain(`${file}: body, line ${line}`);
    expect(r.site.redirects).toContainEqual({ from: linked.path, to: '/service-areas' });
    expect(attr($('[data-to]', parseHtml(html(linked.path, f.out)))!, 'data-to')).toBe('/service-areas'); // its stub goes there
  });

  it('with no city left, publishes pages that make sense: no empty list, and quote forms that can still be sent', async () => {
    const f = testFixture();
    deleteEntries(
      f,
      site.cities.map((c) => `cities/${c.slug}.md`),
    );
    await f.build(); // its warning: the mistakes table's deleted-last-city
    for (const p of ['/', '/service-areas']) expect($$('ul:empty', parseHtml(html(p, f.out))), p).toEqual([]);
    expect(options(html('/', f.out), 'contact-area')).toEqual(['', site.business.address.city]);
  });

  it('builds once a redirect takes its address and no page names its slug', async () => {
    const f = testFixture();
    deleteEntries(f, [`cities/${linked.slug}.md`]);
    f.editSite((s) => void s.redirects.push({ from: linked.path, to: '/service-areas' }));
    const r = await f.model(); // the content check alone decides whether it builds
    expect(r.site.cities.map((c) => c.slug)).not.toContain(linked.slug);
    expect(r.site.redirects).toContainEqual({ from: linked.path, to: '/service-areas' });
  });
});
