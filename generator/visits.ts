// The estimate visits both quote forms offer (site.yaml visits:): each arrival window of the coming days, by the
// company's clock (time.ts), with the last moment it may be chosen, so that a page's script drops it then without a
// rebuild (client/delivery/fields.ts dropPassed). Closed days, booked windows (the booked visits' entries,
// templates/model/kinds/visit.ts) and, in storm mode, every window are left out.
import { visit, weekdayOf, windowMinutes, windowsByDay } from '../templates/model/kinds/visit.ts';
import { cutOff, type SiteConfig } from '../templates/model/schemas.ts';
import type { BookedVisit, Visits, VisitWindow } from '../templates/model/types.ts';
import { fill } from '../templates/model/words.ts';
import { instantIn, todayIn, wallClock } from './time.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A day as the office reads it at a glance: 2026-12-02 is "Wed 2 Dec". */
const dayWords = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
/** Minutes after midnight as a clock reads: 480 is 8:00 (`pad`: 08:00, as ISO 8601 writes it). */
const clock = (m: number, pad = false) => `${String(Math.floor(m / 60)).padStart(pad ? 2 : 1, '0')}:${String(m % 60).padStart(2, '0')}`;
/** The day `n` days after a date (YYYY-MM-DD). */
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);

/** The windows booked, among each collection's entries as the build read them (by field): the booked visits', from
 *  the company's today on (those of a day before are not read). */
export const bookedIn = (entries: Record<string, object[]>) => (entries[visit.field] ?? []) as BookedVisit[];

/** A moment in the company's words: "Thu 26 Nov, 8:00". */
export function momentWords(t: number, timeZone: string): string {
  const wall = wallClock(t, timeZone);
  return `${dayWords(wall.slice(0, 10))}, ${clock(windowMinutes(`${wall.slice(11)}-${wall.slice(11)}`)![0])}`;
}

/** The wall-clock time `local` (YYYY-MM-DDTHH:MM) in ISO 8601 with the company's UTC offset at that moment `t`. */
function withOffset(local: string, t: number): string {
  const minutes = Math.round((Date.parse(`${local}:00Z`) - t) / 60_000);
  const abs = Math.abs(minutes);
  return `${local}${minutes < 0 ? '-' : '+'}${clock(abs, true)}`;
}

/**
 * The windows offered at `now` (ms since the epoch), from the company's today to `daysAhead` days after it, each until
 * its day starts ("next working day") or until the cut-off hour of its day or its own start, whichever is first
 * ("today before 12:00"), but those `booked`. With `pausedUntil` (storm mode, the alert's end) none, and the line that
 * says until when. With them, the windows of each day of the week and the days closed, as site.yaml gives them.
 */
export function offeredVisits(
  config: NonNullable<SiteConfig['visits']>,
  timeZone: string,
  now: number,
  booked: BookedVisit[],
  pausedUntil?: number,
): Visits {
  const { words, weekdays, closed } = config;
  if (pausedUntil !== undefined)
    return { windows: [], paused: fill(words.paused, { until: momentWords(pausedUntil, timeZone) }), words, weekdays, closed };
  const today = todayIn(timeZone, new Date(now));
  const cutoff = cutOff(config.soonest);
  const windows: VisitWindow[] = [];
  const byDay = windowsByDay(weekdays);
  for (let i = 0; i <= config.daysAhead; i++) {
    const date = addDays(today, i);
    if (config.closed.includes(date)) continue;
    const day = weekdayOf(date);
    const spans = (byDay.get(day) ?? []).map((text) => windowMinutes(text)!);
    for (const [from, to] of spans) {
      if (booked.some((b) => b.date === date && String(windowMinutes(b.window)) === String([from, to]))) continue;
      const at = (m: number) => instantIn(`${date}T${clock(m, true)}`, timeZone);
      const [start, end] = [at(from), at(to)];
      const until = cutoff === null ? at(0) : Math.min(at(windowMinutes(`${cutoff}-${cutoff}`)![0]), start);
      if (until <= now) continue;
      windows.push({
        words: `${dayWords(date)}, ${clock(from)}-${clock(to)}`,
        interval: `${withOffset(`${date}T${clock(from, true)}`, start)}/${withOffset(`${date}T${clock(to, true)}`, end)}`,
        until,
      });
    }
  }
  return { windows, words, weekdays, closed };
}
