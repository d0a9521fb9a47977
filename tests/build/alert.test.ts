// The storm alert (site.yaml alert:): on every public page in a build between its start and end, read in the
// company's time zone; on none outside it; its text escaped; its mistakes named with file and field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileForPath, routeTable, siteModel, type BuildResult } from '../../generator/build-site.ts';
import { instantIn, wallClock } from '../../generator/time.ts';
import { unlistedRoutes } from '../../templates/model/routes.ts';
import { MIDDLE, setAlert, WINDOW } from '../support/alert.ts';
import { business, site } from '../support/facts.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { ATTR_BREAK, SCRIPT_BREAK } from '../support/hostile.ts';
import { URGENT_FIELD } from '../../templates/model/constants.ts';
import { fill } from '../../templates/model/words.ts';
import { estimateFile } from '../support/site.ts';
import { $, $$, attr, parseHtml, text, type AnyNode } from '../support/html.ts';

const MESSAGE = `Storm response tonight: crews out across the region. ${SCRIPT_BREAK} ${ATTR_BREAK} & call {{phone}}`;
const LINK = site.services[0].path;
const fx = builtFixture((f) => setAlert(f, { message: MESSAGE, link: LINK }), { now: MIDDLE });

/** Every page a visitor can open: the route table's, the not-found and the thank-you page. */
const publicFiles = (r: BuildResult) => [...routeTable(r.site), ...unlistedRoutes].map((route) => fileForPath(route.path));
const page = (file: string, out = fx.out) => parseHtml(readFileSync(path.join(out, file), 'utf8'));
const alertOf = (doc: AnyNode) => $('div.site-alert[role=status]', doc);
/** What storm mode adds to a page: its steps in the alert, the pause in the quote form, the box that marks one urgent. */
const stormOf = (doc: AnyNode) => ({
  steps: $('div.container.storm', doc),
  visits: $$('fieldset.field.field--wide.visits', doc),
  urgent: $(`input[name="${URGENT_FIELD}"]`, doc),
});
const endOf = (doc: AnyNode) => Number(attr($('html', doc)!, 'data-alert-end') ?? NaN);

describe('the storm alert', () => {
  it('is at the top of every public page of a build inside its window, as a status with the phone a tap away', () => {
    const files = publicFiles(fx.result);
    expect(files.length).toBeGreaterThan(site.cities.length + site.services.length);
    for (const f of files) {
      const doc = page(f);
      const alert = alertOf(doc)!;
      expect(alert, f).not.toBeNull();
      expect($$('.site-alert', doc), f).toHaveLength(1);
      // in the body before the header (after the skip link), so it takes its place before the first paint
      const at = (selector: string) => $(selector, doc)!.startIndex!;
      expect(at('.site-alert'), f).toBeLessThan(at('.site-header'));
      expect(at('.skip-link'), f).toBeLessThan(at('.site-alert'));
      expect($(`a[href="tel:${business.phoneE164}"]`, alert), f).not.toBeNull();
      // the message is the link itself, with nothing else on it
      expect(
        $$('a', alert).map((a) => a.attribs),
        f,
      ).toContainEqual({ href: LINK });
    }
  });

  it('shows the message as text: markup escaped, tokens filled in', () => {
    const message = $('.site-alert__message', alertOf(page('index.html'))!)!;
    for (const words of [SCRIPT_BREAK, ATTR_BREAK, `& call ${business.phone}`]) expect(text(message)).toContain(words);
    // the markup in it opened nothing: the link is its one element
    expect($$('*', message).map((el) => el.name)).toEqual(['a']);
  });

  it("reads start and end in the company's time zone, tells every page when it ends, is up from its start to the minute before its end, and on no page of a build outside, which carries no end time", async () => {
    const end = endOf(page('index.html'));
    expect(wallClock(end, site.blogSettings.timeZone)).toBe(WINDOW.end);
    for (const f of publicFiles(fx.result)) expect(endOf(page(f)), f).toBe(end);
    const start = end - (Date.parse(`${WINDOW.end}:00Z`) - Date.parse(`${WINDOW.start}:00Z`));
    expect(wallClock(start, site.blogSettings.timeZone)).toBe(WINDOW.start);
    // the model decides (one load each); a build outside the window shows what it decided
    for (const [now, up] of [
      [start - 60_000, false],
      [start, true],
      [end - 60_000, true],
      [end, false],
    ] as const) {
      const { site: model } = await siteModel({ content: fx.content, static: fx.static, now: new Date(now) });
      expect(model.alert !== undefined, wallClock(now, site.blogSettings.timeZone)).toBe(up);
    }
    const out = path.join(fx.dir, 'at-end');
    for (const doc of publicFiles(await fx.build({ now: new Date(end), out })).map((f) => page(f, out))) {
      expect(alertOf(doc)).toBeNull();
      expect($('[data-alert-end]', doc)).toBeNull();
    }
  });

  it('reads a wall-clock time in any zone, on both sides of a clock change, with British Columbia on UTC-7 from November 2026', () => {
    const cases: [string, string][] = [
      ['2026-11-24T18:30', 'UTC'],
      ['2026-03-07T23:30', 'America/Vancouver'], // the evening before clocks went forward, for the last time
      ['2026-03-08T12:00', 'America/Vancouver'], // the day they went forward
      ['2026-11-01T12:00', 'America/Vancouver'], // the day they would have gone back
      ['2026-11-01T12:00', 'America/Toronto'], // the day they went back in Ontario
      ['2026-07-01T09:15', 'Asia/Kolkata'], // half an hour off the hour
    ];
    // the inverse of wallClock, which tests/browser/clock.test.ts checks hour by hour against current tz data (the hours
    // a clock change puts between two days follow)
    for (const [local, zone] of cases) expect(wallClock(instantIn(local, zone), zone), `${local} ${zone}`).toBe(local);
    expect(instantIn('2026-11-24T18:30', 'UTC')).toBe(Date.UTC(2026, 10, 24, 18, 30));
    expect(instantIn('2026-12-15T12:00', 'America/Vancouver')).toBe(Date.UTC(2026, 11, 15, 19, 0)); // UTC-7, no hour back
    expect(wallClock(Date.UTC(2027, 0, 10, 7, 30), 'Canada/Pacific')).toBe('2027-01-10T00:30'); // a link's name, the same zone
  });
});

describe('storm mode (alert.storm)', () => {
  const storm = builtFixture((f) => setAlert(f, { message: MESSAGE, link: LINK, storm: true }), { now: MIDDLE });
  const forms = (out: string) => [
    page('index.html', out),
    parseHtml(estimateFile(readFileSync(path.join(out, fileForPath(site.services[0].path)), 'utf8'), out)),
  ];

  it('says what to do first under the alert on every public page (the emergency and storm pages among them): each case, the phone big, photos marked urgent, the source', () => {
    const s = site.storm;
    const files = publicFiles(storm.result);
    expect(files).toEqual(expect.arrayContaining(site.services.map((x) => fileForPath(x.path))));
    for (const f of files) {
      const doc = page(f, storm.out);
      const steps = stormOf(doc).steps!;
      expect(steps, f).not.toBeNull();
      expect(steps.startIndex, f).toBeLessThan($('.site-header', doc)!.startIndex!);
      const cases = $$('li', steps).map((li) => [text($('strong', li)), text(li)]);
      for (const step of s.steps) expect(cases, f).toContainEqual([`${step.when}:`, `${step.when}: ${step.then}`]);
      expect($(`a.btn.btn-action.btn-lg.storm__call[href="tel:${business.phoneE164}"]`, steps), f).not.toBeNull();
      expect($$('a.btn.btn-outline[href="/#contact"]', steps).map(text), f).toEqual([s.photos]);
      expect($(`a[href="${s.source.url}"]`, steps), f).not.toBeNull();
      expect($$('a[href^="tel:"]', alertOf(doc)!), `${f}: the phone once, big`).toHaveLength(1);
    }
  });

  it('pauses estimate visits in both quote forms with a line saying until when, and offers to mark a request urgent', () => {
    const [day, time] = WINDOW.end.split('T');
    const d = new Date(`${day}T00:00Z`);
    const until = `${d.toUTCString().slice(0, 3)} ${d.getUTCDate()} ${d.toUTCString().slice(8, 11)}, ${time.replace(/^0/, '')}`;
    for (const doc of forms(storm.out)) {
      const { visits, urgent } = stormOf(doc);
      expect(urgent).not.toBeNull();
      expect(attr(urgent!, 'value')).toBe(site.storm.urgent);
      if (!site.visits) continue;
      expect(visits).toHaveLength(1);
      expect(text(visits[0])).toContain(fill(site.visits.words.paused, { until }));
      expect($('select', visits[0])).toBeNull();
    }
  });

  it('is off with an alert that is not a storm, and with none: no steps, no urgent box, visits offered', async () => {
    const out = path.join(storm.dir, 'after');
    await storm.build({ now: new Date(storm.result.site.alert!.end), out }); // the storm alert's end
    for (const [doc, name] of [...forms(fx.out), ...forms(out)].map((h, i) => [h, i] as const)) {
      const { steps, visits, urgent } = stormOf(doc);
      expect([steps, urgent], `page ${name}`).toEqual([null, null]);
      if (site.visits?.windows.length) expect($('select', visits[0]), `page ${name}`).not.toBeNull();
    }
    expect(text(page('index.html', out))).not.toContain(site.storm.heading);
  });
});
