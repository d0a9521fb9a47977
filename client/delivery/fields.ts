// The fields only a script can run, in every delivery mode: the photos and the estimate visit.
//
// The photo field: each image chosen is made small and shows as a thumbnail with a remove button. A file that cannot be
// read is named in the field's status line and left out; the rest of the request still goes. Its words are the words
// file's (site.yaml forms.photos).
//
// The estimate visit's field (templates/parts/forms.tsx VisitFields): windows whose time has passed go, and the toast
// after a send says which were requested, with a calendar file of them, made in the browser (no request).
import { icsFile, icsText, icsTime } from '../../templates/model/calendar.ts';
import type { ToastOptions } from '../first-visit/toaster.tsx';
import { app, wordsReady } from './handover.ts';

interface Photos {
  list: Photo[];
  ready: Promise<unknown>; // the photos still being made small
}
const photoState = new WeakMap<HTMLFormElement, Photos>();

/** The form's photos as they are sent; undefined for a form without a photo field. */
export const photosOf = (form: HTMLFormElement): Photo[] | undefined => photoState.get(form)?.list;
/** How many photos the form has. */
export const photoCount = (form: HTMLFormElement) => photosOf(form)?.length ?? 0;
/** Settles once the photos chosen so far are made small (never rejects). */
export const photosReady = (form: HTMLFormElement) => Promise.resolve(photoState.get(form)?.ready).catch(() => {});

/** Runs the form's photo field, if it has one; `changed` is told when a photo comes or goes. */
export function runPhotos(form: HTMLFormElement, changed: () => void) {
  const field = form.querySelector<HTMLElement>('[data-photos]');
  if (!field || photoState.has(form)) return;
  const input = field.querySelector('input')!;
  const status = field.querySelector('.photos__status')!;
  const list = document.createElement('ul');
  list.className = 'photos__list';
  input.after(list);
  field.classList.add('is-enhanced');
  const st: Photos = { list: [], ready: Promise.resolve() };
  photoState.set(form, st);

  const show = () =>
    list.replaceChildren(
      ...st.list.map((p) => {
        const item = document.createElement('li');
        const img = Object.assign(document.createElement('img'), { src: p.thumb, alt: p.name });
        const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'photos__remove' });
        remove.textContent = app.say('remove');
        remove.setAttribute('aria-label', `${app.say('remove')} ${p.name}`);
        remove.addEventListener('click', () => {
          const i = st.list.indexOf(p);
          st.list.splice(i, 1);
          status.textContent = '';
          show();
          changed();
          // focus stays in the list: on the next photo's button, or back on the picker
          (list.querySelectorAll('button')[i] ?? list.querySelectorAll('button')[i - 1] ?? input).focus();
        });
        item.append(img, remove);
        return item;
      }),
    );

  const add = () => {
    const files = [...(input.files ?? [])];
    input.value = ''; // the made-small copies are what is sent; the same photo can be chosen again
    if (!files.length) return;
    st.ready = st.ready.then(async () => {
      await wordsReady;
      const notes: string[] = [];
      for (const f of files) {
        if (st.list.length >= Number(field.dataset.photos)) notes.push(app.say('tooMany', { name: f.name }));
        else
          try {
            st.list.push(await shrink(f));
          } catch {
            notes.push(app.say('unreadable', { name: f.name }));
          }
      }
      status.textContent = notes.join(' ');
      show();
      changed();
    });
  };
  input.addEventListener('change', add);
  form.addEventListener('reset', () => {
    st.list = [];
    status.textContent = '';
    show();
  });
  add(); // photos chosen before this module arrived
}

// A photo made small in the browser before it is sent: what the photo field keeps of each image a visitor chooses.
/** A photo as it is sent: made small, re-encoded (which drops its metadata), with a thumbnail to show. */
export interface Photo {
  file: Blob;
  name: string;
  width: number;
  height: number;
  thumb: string; // a data: URL: the public CSP allows data: images, not blob:
}

const MAX_SIDE = 2048; // px, the longest side of a photo sent
const MAX_BYTES = 1e6; // a photo above this is encoded again at a lower quality
const QUALITIES = [0.85, 0.7, 0.5];
const THUMB = 160; // px, the longest side of a thumbnail (shown at half that)

const canvas = (width: number, height: number) => Object.assign(document.createElement('canvas'), { width, height });

/** Decodes an image upright (EXIF orientation applied), draws it at most MAX_SIDE px on its longest side and encodes
 * it as a JPEG under MAX_BYTES, which leaves its metadata (GPS position included) behind. Rejects a file it cannot
 * read. */
export async function shrink(file: File): Promise<Photo> {
  const img = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = (side: number) => Math.min(1, side / Math.max(img.width, img.height));
  const c = canvas(Math.round(img.width * scale(MAX_SIDE)), Math.round(img.height * scale(MAX_SIDE)));
  const g = c.getContext('2d')!;
  g.imageSmoothingQuality = 'high';
  g.fillStyle = '#fff'; // JPEG has no transparency: a transparent PNG goes on white, not black
  g.fillRect(0, 0, c.width, c.height);
  g.drawImage(img, 0, 0, c.width, c.height);
  const t = canvas(Math.round(img.width * scale(THUMB)), Math.round(img.height * scale(THUMB)));
  t.getContext('2d')!.drawImage(img, 0, 0, t.width, t.height);
  img.close();
  let file2: Blob | null = null;
  for (const q of QUALITIES) {
    file2 = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/jpeg', q));
    if (!file2 || file2.size < MAX_BYTES) break;
  }
  if (!file2) throw new Error('not encoded');
  const name = `${file.name.replace(/\.[^.]*$/, '').slice(0, 80) || 'photo'}.jpg`;
  return { file: file2, name, width: c.width, height: c.height, thumb: t.toDataURL('image/jpeg', 0.8) };
}

/** Its choices: each window an option whose data-until is the
 * last moment it may be chosen, by the build's instants, so the visitor's own clock zone plays no part. */
const choices = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLSelectElement>('.visits select')];

/** Takes out the windows whose time has passed, so a page left open offers what the office still can. */
export function dropPassed(form: HTMLFormElement) {
  for (const select of choices(form)) for (const o of [...select.options]) if (Number(o.dataset.until) <= Date.now()) o.remove();
}

/** The visit field: its passed windows go now and whenever a visitor comes back to the form. */
export function runVisits(form: HTMLFormElement) {
  if (!choices(form).length) return;
  dropPassed(form);
  form.addEventListener('focusin', () => dropPassed(form));
}

/** What the toast after a send adds when the request chose windows: that the visit is requested and when the office
 * confirms it, and the windows for the visitor's calendar, marked tentative, made here (no request). */
export function visitToast(form: HTMLFormElement): Partial<ToastOptions> | undefined {
  const chosen = choices(form)
    .map((s) => s.selectedOptions[0])
    .filter((o) => o?.dataset.until);
  if (!chosen.length) return undefined;
  const text = app.say('requested', { visit: chosen.map((o) => o.text).join('; ') });
  const ics = calendar(chosen, app.say('calendarTitle'), text);
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  return { note: text, link: { label: app.say('calendar'), href, download: 'estimate-visit.ics' } };
}

/** The estimate visit for the visitor's calendar: an iCalendar file (RFC 5545) with each window chosen as a tentative event, in UTC from the option's ISO interval. */
export function calendar(chosen: HTMLOptionElement[], title: string, text: string): string {
  const id = newId();
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${location.hostname}//estimate visit//EN`, 'METHOD:PUBLISH'];
  chosen.forEach((o, i) => {
    const [start, end] = /\((\S+)\/(\S+)\)$/.exec(o.value)!.slice(1).map(Date.parse);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${id}-${i + 1}@${location.hostname}`,
      `DTSTAMP:${icsTime(Date.now())}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      'STATUS:TENTATIVE',
      `SUMMARY:${icsText(title)}`,
      `DESCRIPTION:${icsText(text)}`,
      'END:VEVENT',
    );
  });
  lines.push('END:VCALENDAR');
  return icsFile(lines);
}

/** A random id (a request's, a calendar file's): a UUID, or 32 hex digits where crypto.randomUUID is missing (it needs
 * a secure context). */
export const newId = () =>
  crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
