// The office link and the office page as the build makes them, without a browser: the link's codec (a round trip, and
// a link malformed, tampered with or from a build whose windows changed refused), the confirmation's text and mail
// links, the office's calendar file read by a real iCalendar parser (ical.js), and the page itself (its build values,
// nothing external). The windows are the ones the built forms offer; the page in three engines, a real request's link
// opened in it: tests/engines/office.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { confirmLinks, officeCalendar, windowState, windowText } from '../../editor/browser/office-actions.ts';
import { decodeOffice, encodeOffice, sentWindow, type OfficeRequest, type SentWindow } from '../../templates/model/office-link.ts';
import { bookingPath, OFFICE_PATH } from '../../templates/model/constants.ts';
import { fill } from '../../templates/model/words.ts';
import { business, CITY_NAMES, site } from '../support/facts.ts';
import { $, $$, attr, parseHtml, text } from '../support/html.ts';
import { QUOTE } from '../support/quote-form.ts';
import { html, officeValues, siteDir } from '../support/site.ts';
import { testFixture } from '../support/test-fixture.ts';
import { book, windowsIn } from '../support/visits.ts';

const offered = windowsIn(html('/'));
const page = () => readFileSync(path.join(siteDir(), OFFICE_PATH.slice(1), 'index.html'), 'utf8');

/** A request as the delivery module makes it, with two of the windows the home page's form offers (the later first). */
const request = (): OfficeRequest => ({
  ...QUOTE,
  area: CITY_NAMES[1],
  service: site.forms.contactServices[0],
  windows: [offered[2].value, offered[1].value],
  urgent: '',
  photos: 2,
  form: 'contact',
  page: '/',
  source: { landing_page: '/?utm_source=newsletter', referrer_host: '', utm_source: 'newsletter' },
  requestId: '5f0c2c1e-8a4b-4c53-9d61-0b7f3a9e2d10',
  sent: offered[0].until - 3_600_000,
});
/** The request's first window, as the office page reads it. */
const first = () => sentWindow(request().windows[0]) as SentWindow;

describe.skipIf(offered.length < 3)('the office link', () => {
  it('carries the request whole, and its windows as sent, on this build’s weekday windows', () => {
    const decoded = decodeOffice(`#${encodeOffice(request())}`, officeValues().weekdays);
    expect(decoded).toEqual({ request: request(), windows: request().windows.map((w) => sentWindow(w)) });
    // each window read back as the form wrote it: its words, and its instants from the ISO interval
    const w = first();
    expect(`${w.words} (${w.interval})`).toBe(offered[2].value);
    expect(offered[2].text).toBe(w.words);
    expect([new Date(w.start).toISOString(), new Date(w.end).toISOString()]).toEqual(
      w.interval.split('/').map((t) => new Date(t).toISOString()),
    );
  });

  it('refuses a link cut short or that is no link, one changed since it was made, and one whose window this build no longer has', () => {
    const code = encodeOffice(request());
    const weekdays = officeValues().weekdays;
    const [body, sum] = code.split('.');
    // a character of the request changed, the checksum kept: the checksum no longer matches
    const changed = `${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}.${sum}`;
    expect(
      [code.slice(0, -3), body, 'not a link', `${body}.${sum}!`, `${btoa('{"name":"x"}').replace(/=+$/, '')}.${sum}`, changed].map((c) =>
        decodeOffice(c, weekdays),
      ),
    ).toEqual([
      { problem: 'malformed' },
      { problem: 'malformed' },
      { problem: 'malformed' },
      { problem: 'malformed' },
      { problem: 'tampered' },
      { problem: 'tampered' },
    ]);
    // the same request, from a build that offered the first window's day no windows at all, or other ones
    const day = (new Date(`${first().date}T00:00:00Z`).getUTCDay() + 6) % 7;
    for (const other of [[], [[first().span[0], first().span[1] + 30]]] as [number, number][][]) {
      const now = weekdays.map((d, i) => (i === day ? other : d));
      expect(decodeOffice(code, now)).toEqual({ problem: 'outdated', window: first().words, request: request() });
    }
  });
});

describe.skipIf(offered.length < 3)('what the office page does with a window', () => {
  it('books it in the editor at its day and window as site.yaml writes them, unless booked or started by the company’s clock', () => {
    const w = first();
    expect(bookingPath(w.date, windowText(w))).toBe(
      `/admin/#/collections/visits/new?date=${w.date}&window=${encodeURIComponent(windowText(w))}`,
    );
    expect(windowState(w, [], w.start - 1)).toBe('open');
    expect(windowState(w, [], w.start)).toBe('past');
    expect(windowState(w, [{ date: w.date, window: windowText(w) }], w.start - 1)).toBe('booked');
    expect(windowState(w, [{ date: w.date, window: '0:00-0:30' }], w.start - 1)).toBe('open');
  });

  it('writes the confirmation in site.yaml’s words: the day, the window, the street address, the company’s phone, to the customer’s number', () => {
    const v = officeValues();
    const { sms, mailto } = confirmLinks(request(), first(), v);
    const smsUrl = new URL(sms);
    const mail = new URL(mailto);
    expect(smsUrl.protocol + smsUrl.pathname).toBe(`sms:${QUOTE.phone.replace(/[^\d+]/g, '')}`);
    const body = smsUrl.searchParams.get('body')!;
    expect(mail.pathname).toBe(''); // the forms ask for no email address: the office fills in the recipient
    expect(mail.searchParams.get('body')).toBe(body);
    const day = first().words.slice(0, -windowText(first()).length).replace(/,\s*$/, '');
    expect(body).toBe(
      fill(v.words.message, { name: QUOTE.name, day, window: windowText(first()), address: QUOTE.address, phone: business.phone }),
    );
    for (const part of [day, windowText(first()), QUOTE.address, business.phone]) expect(body).toContain(part);
    expect(mail.searchParams.get('subject')).toBe(fill(v.words.subject, { day: first().words }));
    // no street address: the city
    expect(new URL(confirmLinks({ ...request(), address: '' }, first(), v).sms).searchParams.get('body')).toContain(CITY_NAMES[1]);
  });

  it('makes a calendar file that ical.js reads as one confirmed visit at the window’s instants on the company’s clock, with who, where and what', () => {
    const v = officeValues();
    const ics = officeCalendar(
      { ...request(), message: 'Hemlock; near the garage,\nby the gate' },
      first(),
      v,
      'example.test',
      request().sent,
    );
    const [event] = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    // the instants of the window as the build wrote it for its day in the company's time zone (its interval's offset)
    expect([event.startDate.toJSDate().getTime(), event.endDate.toJSDate().getTime()]).toEqual([first().start, first().end]);
    expect(event.summary).toBe(fill(v.words.calendarTitle, { name: QUOTE.name }));
    expect(event.location).toBe(`${QUOTE.address}, ${CITY_NAMES[1]}`);
    expect(event.description.split('\n')).toEqual([
      `${QUOTE.name}, ${QUOTE.phone}`,
      `${QUOTE.address}, ${CITY_NAMES[1]}`,
      site.forms.contactServices[0],
      'Hemlock; near the garage,',
      'by the gate',
    ]);
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(ics.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
  });
});

describe.skipIf(!site.visits)('the office page', () => {
  it('is noindex, loads only its own script and stylesheet from beside it, and holds the build’s values: phone, time zone, windows, booked visits', () => {
    const doc = parseHtml(page());
    expect(attr($('meta[name="robots"]', doc)!, 'content')).toBe('noindex, nofollow');
    const loads = [...$$('script[src]', doc).map((s) => attr(s, 'src')!), ...$$('link', doc).map((l) => attr(l, 'href')!)];
    // (its icon is an empty data: URL, so that the browser asks the server for none)
    expect(loads.map((u) => u.replace(/-\w+\.(\w+)$/, '.$1')).sort()).toEqual([
      `${OFFICE_PATH}office.css`,
      `${OFFICE_PATH}office.js`,
      'data:,',
    ]);
    const own = loads.filter((u) => u.startsWith(OFFICE_PATH));
    for (const u of own) expect(readFileSync(path.join(siteDir(), u)).length, u).toBeGreaterThan(0);
    expect($$('script:not([src]):not([type="application/json"]), [style], iframe, img, form', doc)).toEqual([]);
    const v = officeValues();
    expect(v.business).toEqual({ name: business.name, phone: business.phone, phoneE164: business.phoneE164 });
    expect(v.timeZone).toBe(site.blogSettings.timeZone);
    expect(v.words.title).toBe(text($('h1', doc)));
    // every window the forms offer is one of its day's windows as the page knows them
    for (const o of offered) {
      const w = sentWindow(o.value)!;
      expect(v.weekdays[(new Date(`${w.date}T00:00:00Z`).getUTCDay() + 6) % 7], o.text).toContainEqual(w.span);
    }
    expect(v.booked).toEqual(site.bookedVisits.map(({ date, window }) => ({ date, window })));
    // its script and stylesheet name nothing on another origin
    for (const u of own) expect(readFileSync(path.join(siteDir(), u), 'utf8'), u).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});

it.skipIf(offered.length < 3)(
  'a window booked in site.yaml reaches the office page as booked, and is offered there with no Book',
  async () => {
    const w = sentWindow(offered[1].value)!;
    const fx = testFixture();
    book(fx, w.date, windowText(w));
    await fx.build();
    const { booked } = officeValues(fx.out);
    expect(booked).toEqual([{ date: w.date, window: windowText(w) }]);
    expect([first(), w].map((x) => windowState(x, booked, w.start - 1))).toEqual(['open', 'booked']);
  },
  60_000,
);
