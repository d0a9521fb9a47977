// The estimate visits a build offers at a given moment, by the company's clock, in the week of 1 November 2026, from
// which British Columbia stays on UTC-7 (the moments below use that offset: another road than the build's), and the
// visits booked (content/visits/), which it offers no more. A visitor's clock: tests/engines/requests.test.ts; storm
// mode's pause: alert.test.ts; a booking's mistakes: tests/support/mistakes.ts.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteModel } from '../../generator/build-site.ts';
import { VISIT_FIELDS } from '../../templates/model/constants.ts';
import { Fixture } from '../support/fixture.ts';
import { $$, attr, parseHtml, text } from '../support/html.ts';
import { estimateFile, html } from '../support/site.ts';
import { SERVICE_PATHS } from '../support/facts.ts';
import { asBooking, book, dateOf, firstWindow, setVisits, visitsConfig, windowsIn } from '../support/visits.ts';

const fx = new Fixture();
const v = visitsConfig();
/** A wall-clock time in Vancouver in the week of 1 November 2026, as a moment. */
const at = (local: string) => Date.parse(`${local}:00-07:00`);
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 8:00 and 08:00 as the office reads and as ISO 8601 writes them. */
const read = (t: string) => t.replace(/^0(\d)/, '$1');
const iso = (t: string) => t.padStart(5, '0');

/** Every window site.yaml's weekdays give the days from `first` to `last` (YYYY-MM-DD), in the order they come. */
function windowsOn(first: string, last: string, config = v) {
  const out: { date: string; words: string; interval: string; start: number }[] = [];
  for (let t = Date.parse(`${first}T00:00Z`); t <= Date.parse(`${last}T00:00Z`); t += 864e5) {
    const d = new Date(t);
    const date = d.toISOString().slice(0, 10);
    const day = DAYS[d.getUTCDay()];
    const day3 = `${day.slice(0, 3)} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
    const spans = config.weekdays.filter((e: any) => e.days.includes(day)).flatMap((e: any) => e.windows.map((w: string) => w.split('-')));
    for (const [a, b] of spans)
      out.push({
        date,
        words: `${day3}, ${read(a)}-${read(b)}`,
        interval: `${date}T${iso(a)}-07:00/${date}T${iso(b)}-07:00`,
        start: at(`${date}T${iso(a)}`),
      });
  }
  return out.sort((x, y) => x.start - y.start);
}
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00Z`) + n * 864e5).toISOString().slice(0, 10);
const offered = async (now: number) =>
  (await siteModel({ content: fx.content, static: fx.static, now: new Date(now) })).site.visits!.windows;

beforeAll(() => setVisits(fx, (c) => Object.assign(c, { soonest: 'next working day', closed: [] })));
afterAll(() => fx.remove());

describe('the windows a build offers', () => {
  it('on Sunday 1 November 2026: every window from the next day to days ahead, each until its day starts, in both forms as the request carries it', async () => {
    const now = at('2026-11-01T10:00');
    await fx.build({ now: new Date(now) });
    const want = windowsOn('2026-11-02', plusDays('2026-11-01', v.daysAhead ?? 7));
    expect(want.length).toBeGreaterThan(2);
    const options = (page: string, form: string) =>
      VISIT_FIELDS.map((name) =>
        $$(`select#${form}-${name}[name="${name}"] option`, parseHtml(page)).map((o) => ({
          value: attr(o, 'value') ?? text(o), // an option without a value sends its text
          until: attr(o, 'data-until') === null ? undefined : Number(attr(o, 'data-until')),
          text: text(o),
        })),
      );
    const windows = want.map((w) => ({ value: `${w.words} (${w.interval})`, until: at(`${w.date}T00:00`), text: w.words }));
    const first = { value: v.words.noPreference, until: undefined, text: v.words.noPreference };
    const none = { value: '', until: undefined, text: v.words.none };
    for (const [page, form] of [
      [html('/', fx.out), 'contact'],
      [estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out), 'estimate'],
    ])
      expect(options(page, form), form).toEqual([
        [first, ...windows],
        [none, ...windows],
        [none, ...windows],
      ]);
  });

  it('leaves out a closed day and a booked window', async () => {
    const { day, window } = firstWindow(v);
    const closed = windowsOn(plusDays(dateOf(day), 1), plusDays(dateOf(day), 6))[0].date; // the next day with windows
    const taken = { date: dateOf(day), window };
    setVisits(fx, (c) => Object.assign(c, { closed: [closed] }));
    const booked = book(fx, taken.date, taken.window);
    try {
      const now = at(`${plusDays(dateOf(day), -1)}T12:00`);
      const all = windowsOn(plusDays(dateOf(day), 0), plusDays(dateOf(day), v.daysAhead - 1));
      const left = all.filter((w) => w.date !== closed && !(w.date === taken.date && w.words.endsWith(`, ${read(window)}`)));
      expect(left.length).toBeLessThan(all.length - 1); // a day and a window gone
      expect((await offered(now)).map((w) => w.words)).toEqual(left.map((w) => w.words));
    } finally {
      setVisits(fx, (c) => Object.assign(c, { closed: [] }));
      rmSync(fx.file(booked));
    }
  });

  it("offers a booked window in neither form, lists the bookings from the company's today on in the site model, in order, and reads no file of a day before it", async () => {
    const now = at('2026-11-01T10:00');
    const first = await offered(now);
    // two windows as the build offers them, booked as the editor saves them, the later first
    const { site: before } = await fx.model({ now: new Date(now) });
    const [early, late] = [first[0], first[first.length - 1]].map((w) => asBooking(before.visits!, w));
    const files = [book(fx, late.date, late.window), book(fx, early.date, early.window)];
    // a booking of the day before, its YAML broken as no editor saves it: not read, so it stops nothing
    const past = book(fx, '2026-10-31', early.window);
    fx.write(past, fx.read(past).replace(/^window: .*$/m, 'window: [unclosed'));
    try {
      const { site } = await fx.build({ now: new Date(now) });
      expect(site.bookedVisits.map(({ date, window }) => ({ date, window }))).toEqual([early, late]);
      const gone = [first[0], first[first.length - 1]].map((w) => w.words);
      const pages = { contact: html('/', fx.out), estimate: estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out) };
      for (const [form, page] of Object.entries(pages)) {
        const words = windowsIn(page).map((w) => w.text);
        expect(words, form).toEqual(first.map((w) => w.words).filter((w) => !gone.includes(w)));
      }
    } finally {
      for (const f of [...files, past]) rmSync(fx.file(f));
    }
  });

  it('today before a cut-off hour: a window later today until the cut-off (or its start), none of today from then on', async () => {
    const { day } = firstWindow(v);
    const date = dateOf(day);
    const today = windowsOn(date, date);
    const cut = today[today.length - 1].start; // the day's last window starts at the cut-off
    const cutoff = read(new Date(cut - 7 * 3_600_000).toISOString().slice(11, 16));
    setVisits(fx, (c) => (c.soonest = `today before ${cutoff}`));
    try {
      const before = cut - 3_600_000;
      const later = today.filter((w) => w.start > before);
      const offeredBefore = await offered(before);
      expect(offeredBefore.slice(0, later.length)).toEqual(
        later.map((w) => ({ words: w.words, interval: w.interval, until: Math.min(cut, w.start) })),
      );
      expect((await offered(cut)).filter((w) => w.words.startsWith(later[0].words.split(',')[0]))).toEqual([]);
    } finally {
      setVisits(fx, (c) => (c.soonest = 'next working day'));
    }
  });
});
