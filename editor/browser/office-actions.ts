// What the office page (office.ts) does with a request, as functions of data, no page needed: each chosen window's
// state by the company's clock and the booked visits, the address that books it in the editor, the confirmation
// to the customer as a text and an email, and the visit as an iCalendar file for the office's calendar.
import { icsFile, icsText, icsTime } from '../../templates/model/calendar.ts';
import type { OfficeRequest, SentWindow } from '../../templates/model/office-link.ts';
import { fill } from '../../templates/model/words.ts';
import type { SiteConfig } from '../../templates/model/schemas.ts';

/** What the office page's script knows of the build. */
export interface OfficeValues {
  words: NonNullable<SiteConfig['visits']>['office'];
  business: { name: string; phone: string; phoneE164: string };
  timeZone: string; // the company's, in which the page says when a request was sent
  weekdays: [number, number][][]; // each day's windows, Monday first, as minutes after midnight: what a link is checked against
  booked: { date: string; window: string }[]; // the visits already booked, each day and window as site.yaml writes them
}

/** The id of the page's element that holds its build values (a JSON data block, which runs nothing). */
export const OFFICE_VALUES_ID = 'office-values';

/** Minutes after midnight as the office writes a window: 480 is 8:00. */
const clock = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
/** A window as site.yaml writes it for its day: 8:00-12:00. */
export const windowText = (w: SentWindow) => `${clock(w.span[0])}-${clock(w.span[1])}`;
/** The day of a window in the office's words ("Wed 2 Dec"), from the words it was sent with. */
const dayText = (w: SentWindow) => w.words.replace(new RegExp(`,? ${windowText(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '');

/** Whether a window can still be booked: not booked already, and not started by `now` (an instant, so no zone). */
export function windowState(w: SentWindow, booked: OfficeValues['booked'], now: number): 'open' | 'booked' | 'past' {
  const same = (b: { date: string; window: string }) => b.date === w.date && b.window.replace(/^0/, '') === windowText(w);
  if (booked.some(same)) return 'booked';
  return w.start <= now ? 'past' : 'open';
}

/** The confirmation to the customer for one window, in site.yaml's words: the text's body, the email's subject and body. */
export function confirmation(r: OfficeRequest, w: SentWindow, v: Pick<OfficeValues, 'words' | 'business'>) {
  const body = fill(v.words.message, {
    name: r.name,
    day: dayText(w),
    window: windowText(w),
    address: r.address || r.area,
    phone: v.business.phone,
  });
  return { body, subject: fill(v.words.subject, { day: w.words }) };
}

/** The links that open the office phone's messages and mail with the confirmation written (the customer's number is the
 * text's recipient; the forms ask for no email address, so the mail has none). */
export function confirmLinks(r: OfficeRequest, w: SentWindow, v: Pick<OfficeValues, 'words' | 'business'>) {
  const { body, subject } = confirmation(r, w, v);
  const q = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([k, x]) => `${k}=${encodeURIComponent(x)}`)
      .join('&');
  return { sms: `sms:${r.phone.replace(/[^\d+]/g, '')}?${q({ body })}`, mailto: `mailto:?${q({ subject, body })}` };
}

/** The request as the office's calendar reads it: who, the phone, where, what and the message. */
export function requestText(r: OfficeRequest): string {
  return [`${r.name}, ${r.phone}`, [r.address, r.area].filter(Boolean).join(', '), r.service, r.message, r.urgent]
    .filter(Boolean)
    .join('\n');
}

/** The visit for the office's calendar: an iCalendar file (RFC 5545) of one confirmed event, its start and end the
 * window's instants (in UTC, so every calendar shows them on its own clock), with the customer's name, phone, street
 * address and the request. `stamp` is when it is made. */
export function officeCalendar(r: OfficeRequest, w: SentWindow, v: Pick<OfficeValues, 'words'>, host: string, stamp: number): string {
  return icsFile([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//office//EN`,
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${r.requestId || r.sent}-${w.date}-${w.span[0]}@${host}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(w.start)}`,
    `DTEND:${icsTime(w.end)}`,
    'STATUS:CONFIRMED',
    `SUMMARY:${icsText(fill(v.words.calendarTitle, { name: r.name }))}`,
    `LOCATION:${icsText([r.address, r.area].filter(Boolean).join(', '))}`,
    `DESCRIPTION:${icsText(requestText(r))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
