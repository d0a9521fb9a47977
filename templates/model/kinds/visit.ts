// content/visits/{day}-{window}.md: an estimate visit the office has booked, its day and its arrival window and nothing
// else (the customer's name, phone and address never go into the repository). No page shows it and no link names it:
// the quote forms stop offering its window (generator/visits.ts), and a booking of a day before the company's today is
// not read at all (docs/decisions/booked-visits.md).
import * as z from 'zod';
import { collection, hint, isoDate } from '../kind.ts';
import { VISITS_FOLDER } from '../constants.ts';

/** The days of the week as the office names them (site.yaml visits.weekdays), Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** A time of day on the 24-hour clock, 8:00 or 13:30. */
export const TIME = '(?:[01]?\\d|2[0-3]):[0-5]\\d';

/** An arrival window's start and end in minutes after midnight ("13:00-15:00" is [780, 900]); null for other text. */
export function windowMinutes(window: string): [number, number] | null {
  const m = new RegExp(`^(${TIME})-(${TIME})$`).exec(window);
  const minutes = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
  return m ? [minutes(m[1]), minutes(m[2])] : null;
}
/** The day of the week of a date (YYYY-MM-DD), as site.yaml names it. */
export const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

const FOLDER = VISITS_FOLDER;
/** A booked visit's file name, as the editor makes it from its fields (the slug template below: every sign but a dash
 *  becomes one): 2026-12-02 and 8:00-12:00 are 2026-12-02-8-00-12-00. */
export const visitName = (date: string, window: string) => `${date}-${window.replace(/[^\w-]+/g, '-')}`;
/** The day a booked visit's file name starts with, or null. */
const dayOfName = (slug: string) => /^(\d{4}-\d{2}-\d{2})(-|$)/.exec(slug)?.[1] ?? null;

/** The windows of each day of the week (site.yaml visits.weekdays), in the order they start, as site.yaml writes them. */
export function windowsByDay(weekdays: readonly { days: readonly string[]; windows: readonly string[] }[]): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const w of weekdays) for (const day of w.days) byDay.set(day, [...(byDay.get(day) ?? []), ...w.windows]);
  for (const list of byDay.values()) list.sort((a, b) => (windowMinutes(a)?.[0] ?? 0) - (windowMinutes(b)?.[0] ?? 0));
  return byDay;
}

export const visit = collection({
  folder: FOLDER,
  field: 'bookedVisits',
  entryPages: false,
  editor: {
    label: 'Booked visits',
    singular: 'Booked visit',
    identify: 'date',
    summary: '{{fields.date}}, {{fields.window}}',
    slug: '{{fields.date}}-{{fields.window}}',
    sortBy: ['date'],
    order: 'ascending',
    views: [
      { name: 'upcoming', label: 'Upcoming', field: 'date', gte: '{{today}}' },
      { name: 'past', label: 'Past', field: 'date', lt: '{{today}}' },
    ],
    deletable: true,
    description:
      'Estimate visits the office has booked: both quote forms stop offering a booked window at the next publish (a ' +
      'minute or two). New, pick the day and the window, Save. Delete one to offer its window again. Only the day and ' +
      "the window: the customer's name, phone and address stay out of the site. Past visits are under the Past view.",
  },
  schema: (_, site) => {
    const byDay = windowsByDay(site.visits?.weekdays ?? []);
    const all = [...new Set([...byDay.values()].flat())].sort((a, b) => (windowMinutes(a)?.[0] ?? 0) - (windowMinutes(b)?.[0] ?? 0));
    const closed = site.visits?.closed ?? [];
    return z
      .strictObject({
        date: hint(isoDate, 'The day of the visit.'),
        window: hint(
          z.enum(all as [string, ...string[]], {
            error: (i) =>
              all.length
                ? `"${i.input}" is no window of the estimate visits (Business settings, Visits); they are ${all.join(', ')}`
                : `"${i.input}" is no window: Business settings has no estimate visits`,
          }),
          "The arrival window: one of the day's windows in Business settings, Visits.",
        ),
      })
      .superRefine((v, ctx) => {
        const day = weekdayOf(v.date);
        const windows = byDay.get(day) ?? [];
        if (closed.includes(v.date))
          ctx.addIssue({
            code: 'custom',
            path: ['date'],
            message: `${v.date} is a closed day (Business settings, Visits, Closed days): book another day, or open it there first`,
          });
        else if (!windows.includes(v.window))
          ctx.addIssue({
            code: 'custom',
            path: ['window'],
            message: `"${v.window}" is no window of ${day} ${v.date}: ${windows.length ? `${day}'s windows are ${windows.join(', ')}` : `${day} has no windows`}`,
          });
      });
  },
  model: (d) => d,
  sort: (a, b) =>
    a.date === b.date ? (windowMinutes(a.window)?.[0] ?? 0) - (windowMinutes(b.window)?.[0] ?? 0) : a.date < b.date ? -1 : 1,
  over: (slug, today) => (dayOfName(slug) ?? today) < today,
  nameProblem: (slug, d, others) => {
    // its name is its day and window, and for a second booking of that window the editor's -1, -2, ...
    const own = visitName(d.date, d.window);
    const copy = (name: string) =>
      name === own ? 0 : name.startsWith(`${own}-`) && /^\d+$/.test(name.slice(own.length + 1)) ? Number(name.slice(own.length + 1)) : null;
    const mine = copy(slug);
    if (mine === null)
      return {
        field: dayOfName(slug) === d.date ? 'window' : 'date',
        problem: `the file ${slug}.md is the booking of another day or window than ${d.date}, ${d.window}: to move a visit, book the new window and delete this one`,
      };
    // the booking saved first keeps the window
    const first = others.find((o) => (copy(o) ?? Infinity) < mine);
    return first
      ? { field: 'window', problem: `${d.window} on ${d.date} is booked already (content/${FOLDER}/${first}.md): delete this one` }
      : null;
  },
});
