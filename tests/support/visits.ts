// The estimate visits (site.yaml visits:) as the tests set them: the content's own, or a sample where a company has
// none, and the week they are tried in: that of 1 November 2026, from which British Columbia's clock no longer changes
// (UTC-7 all year); and a booked visit, as the editor saves one.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { visitName, weekdayOf, windowMinutes, WEEKDAYS } from '../../templates/model/kinds/visit.ts';
import type { Visits, VisitWindow } from '../../templates/model/types.ts';
import { $, $$, attr, parseHtml, text } from './html.ts';
import { docOf, textOf, type Fixture } from './fixture.ts';
import { contentDir } from './paths.ts';

type VisitsConfig = Record<string, any>;
/** A sample the office could publish, for a content without visits. */
const SAMPLE: VisitsConfig = {
  weekdays: [{ days: WEEKDAYS.slice(0, 5), windows: ['8:00-10:00', '10:00-12:00'] }],
  words: {
    legend: 'Estimate visit',
    first: 'First choice',
    second: 'Second choice',
    third: 'Third choice',
    noPreference: 'No preference',
    none: 'No other time',
    requested: 'Visit requested: {visit}.',
    calendar: 'Add to my calendar',
    calendarTitle: 'Estimate visit',
    paused: 'Paused until {until}.',
  },
};
/** The content's visits as site.yaml writes them (a fresh copy), or the sample. */
export const visitsConfig = (): VisitsConfig =>
  structuredClone(docOf('site.yaml', readFileSync(path.join(contentDir, 'site.yaml'), 'utf8')).data.visits ?? SAMPLE);

/** Sets site.yaml's visits in a fixture: the content's (or the sample), changed. */
export function setVisits(fx: Fixture, change: (v: VisitsConfig) => void = () => {}) {
  fx.editSite((s) => {
    s.visits ??= visitsConfig();
    change(s.visits);
  });
}

/** The first day of the week that has windows, and its first window, as site.yaml writes them. */
export function firstWindow(v: VisitsConfig): { day: (typeof WEEKDAYS)[number]; window: string } {
  const entry = v.weekdays[0];
  return { day: entry.days[0], window: entry.windows[0] };
}
/** The date (YYYY-MM-DD) of that day of the week in the week of Monday 2 November 2026. */
export const dateOf = (day: string) => `2026-11-0${2 + WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number])}`;

/** The windows a built page's first quote form offers, as its first choice lists them: each option's value (its words
 *  and interval), words and the moment it goes. */
export function windowsIn(page: string): { value: string; text: string; until: number }[] {
  const select = $('select[name="visit1"]', parseHtml(page));
  return select
    ? $$('option[data-until]', select).map((o) => ({ value: attr(o, 'value')!, text: text(o), until: Number(attr(o, 'data-until')) }))
    : [];
}

/** Books a visit in a fixture as the editor saves one: content/visits/{day}-{window}.md (or `name`.md) holding its day
 *  and window; the file, under content/. */
export function book(fx: Fixture, date: string, window: string, name = visitName(date, window)): string {
  mkdirSync(fx.file('visits'), { recursive: true });
  fx.write(`visits/${name}.md`, textOf('x.md', { data: { date, window }, body: '' }));
  return `visits/${name}.md`;
}

/** A window a build offers (the model's) as a booking names it: its day, and its window as site.yaml writes it. */
export function asBooking(visits: Pick<Visits, 'weekdays'>, w: VisitWindow): { date: string; window: string } {
  const date = w.interval.slice(0, 10);
  const span = String(windowMinutes(`${w.interval.slice(11, 16)}-${w.interval.split('/')[1].slice(11, 16)}`));
  const window = visits.weekdays
    .filter((g) => g.days.includes(weekdayOf(date)))
    .flatMap((g) => g.windows)
    .find((x) => String(windowMinutes(x)) === span);
  return { date, window: window! };
}
