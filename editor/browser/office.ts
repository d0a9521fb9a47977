// The office page's script (/admin/office/, built by editor/build/office.ts): reads the request from the address's
// fragment (templates/model/office-link.ts), which never leaves the phone, and shows it at a glance: who, where,
// what, the windows in order, the photos' note, where the visit came from; for each window still open, Book (the
// editor, filled in), Confirm (the office's messages and mail, written), the office's calendar file (made here) and
// a call. A link that is malformed, tampered with or outdated says so and offers nothing to book. Everything the link
// carries is set as text, never as markup; the page makes no request of its own.
import { decodeOffice, type OfficeRequest, type SentWindow } from '../../templates/model/office-link.ts';
import { bookingPath } from '../../templates/model/constants.ts';
import { fill } from '../../templates/model/words.ts';
import { OFFICE_VALUES_ID, type OfficeValues, confirmLinks, officeCalendar, windowState, windowText } from './office-actions.ts';

const values = JSON.parse(document.getElementById(OFFICE_VALUES_ID)!.textContent!) as OfficeValues;
const w = values.words;

/** An element with attributes and children; a string child is text, so nothing a link carries becomes markup. */
function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string | false | undefined)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c) e.append(c);
  return e;
}

/** A term and its lines, in the request's list. */
const fact = (term: string, ...lines: (Node | string)[]) => [
  el('dt', {}, term),
  el('dd', {}, ...lines.flatMap((l, i) => (i ? [el('br'), l] : [l]))),
];

/** The customer, where, what, the photos' note and the call. */
function request(r: OfficeRequest): HTMLElement[] {
  const sent = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: values.timeZone,
  }).format(r.sent);
  const tel = `tel:${r.phone.replace(/[^\d+]/g, '')}`;
  return [
    el('p', { class: 'office__sent' }, fill(w.sent, { when: sent })),
    el(
      'dl',
      { class: 'office__facts' },
      ...fact(w.who, r.name, el('a', { href: tel }, r.phone)),
      ...fact(w.where, r.address || el('span', { class: 'office__none' }, w.noAddress), r.area),
      ...fact(w.what, ...[r.service, r.urgent, r.message].filter(Boolean)),
    ),
    el('p', { class: 'office__photos' }, r.photos ? fill(w.photos, { count: r.photos }) : w.noPhotos),
    el('a', { class: 'btn btn-action office__call', href: tel }, fill(w.call, { name: r.name })),
  ];
}

/** One window the customer chose: its words, and what the office can do with it now; `bookable` false (a link made
 * before the windows changed): its words alone. */
function windowItem(r: OfficeRequest, x: SentWindow | string, bookable: boolean): HTMLElement {
  const words = typeof x === 'string' ? x : x.words;
  const item = el('li', { class: 'office__window' }, el('p', { class: 'office__when' }, words));
  if (typeof x === 'string' || !bookable) return item;
  const state = windowState(x, values.booked, Date.now());
  item.dataset.state = state;
  if (state !== 'open') item.append(el('p', { class: 'office__state' }, state === 'booked' ? w.booked : w.past));
  if (state === 'past') return item;
  if (state === 'open') item.append(el('a', { class: 'btn btn-action office__book', href: bookingPath(x.date, windowText(x)) }, w.book));
  const links = confirmLinks(r, x, values);
  const ics = officeCalendar(r, x, values, location.hostname, Date.now());
  item.append(
    el(
      'div',
      { class: 'office__actions' },
      el('a', { class: 'btn btn-outline', href: links.sms }, w.confirmText),
      el('a', { class: 'btn btn-outline', href: links.mailto }, w.confirmMail),
      el(
        'a',
        {
          class: 'btn btn-outline',
          href: URL.createObjectURL(new Blob([ics], { type: 'text/calendar' })),
          download: `estimate-visit-${x.date}.ics`,
        },
        w.calendar,
      ),
    ),
  );
  return item;
}

/** Where the visit came from, the page and the form, as the notification names them. */
function source(r: OfficeRequest): HTMLElement[] {
  const rows = Object.entries({ form: r.form, page: r.page, ...r.source }).filter(([, v]) => v);
  return rows.length ? [el('h2', {}, w.source), el('dl', { class: 'office__source' }, ...rows.flatMap(([k, v]) => fact(k, v)))] : [];
}

/** Shows the request the address's fragment carries, or why it cannot be booked from. */
function show() {
  const main = document.getElementById('office')!;
  const status = document.getElementById('office-status')!;
  main.replaceChildren(main.querySelector('h1')!, status);
  Object.assign(status, { hidden: false, className: 'office__note' });
  status.removeAttribute('role');
  if (!location.hash) return void (status.textContent = w.empty);
  const decoded = decodeOffice(location.hash, values.weekdays);
  let r: OfficeRequest;
  let windows: (SentWindow | string)[];
  if ('problem' in decoded) {
    status.textContent = decoded.problem === 'outdated' ? fill(w.outdated, { window: decoded.window }) : w[decoded.problem];
    status.className = 'office__note office__refusal';
    status.setAttribute('role', 'alert');
    // an outdated link's request is shown, to call the customer from; none of its windows can be booked
    if (decoded.problem !== 'outdated') return;
    [r, windows] = [decoded.request, decoded.request.windows];
  } else {
    status.hidden = true;
    [r, windows] = [decoded.request, decoded.windows];
  }
  const bookable = !('problem' in decoded);
  main.append(
    ...request(r),
    el('h2', {}, w.windows),
    ...(bookable && windows.length ? [el('p', { class: 'office__hint' }, w.bookNote)] : []),
    windows.length
      ? el('ol', { class: 'office__windows' }, ...windows.map((x) => windowItem(r, x, bookable)))
      : el('p', { class: 'office__none' }, w.noWindow),
    ...source(r),
  );
}

show();
window.addEventListener('hashchange', show);
document.documentElement.dataset.app = 'ready'; // as the site's own pages say it (tests wait for it)
