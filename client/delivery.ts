// Sending a quote request, simulated (site.yaml forms.delivery: simulate: logged, nothing leaves the browser) or for
// real (netlify or endpoint), and the fields only a script can run: the photos and the estimate visit. A module of its
// own, loaded when a visitor first touches a form, so a first visit stays within the JavaScript budget. Nothing typed
// is lost: with real delivery what a visitor types is kept in localStorage until the request is sent, and a failure
// leaves the form as it was, photos included (a reload keeps the text; the note asks for the photos again).
// It imports nothing of the main module (that would split the main module in two); main passes in what it needs.
import { HONEYPOT, photoField as photoName, URGENT_FIELD, VISIT_FIELDS } from '../templates/model/constants.ts';
import type { ToastOptions } from './toaster.tsx';

export interface Hooks {
  toast(options: ToastOptions): void;
  /** The spec's success: its toast (with what `visit` adds about a visit chosen), then the form clears or the dialog closes. */
  sent(data: Record<string, string>, visit?: Partial<ToastOptions>): void;
  /** The spec's 1 s: "Sending..." shows at least this long, so a fast answer does not flicker. */
  delay: number;
  /** Where the visit came from (the head script's record): sent with the request. */
  lead: Record<string, string>;
}

interface Draft {
  v: Record<string, string>; // the visitor's values
  id?: string; // the request id of the last attempt with exactly these values, so a retry reuses it
  at: number; // when it was saved; drafts older than DRAFT_DAYS are dropped
  p?: number; // how many photos it had: they are not kept, so a draft brought back asks for them again
}

/** A photo as it is sent: made small, re-encoded (which drops its metadata), with a thumbnail to show. */
interface Photo {
  file: Blob;
  name: string;
  width: number;
  height: number;
  thumb: string; // a data: URL: the public CSP allows data: images, not blob:
}
interface Photos {
  list: Photo[];
  ready: Promise<unknown>; // the photos still being made small
}

const MAX_SIDE = 2048; // px, the longest side of a photo sent
const MAX_BYTES = 1e6; // a photo above this is encoded again at a lower quality
const QUALITIES = [0.85, 0.7, 0.5];
const THUMB = 160; // px, the longest side of a thumbnail (shown at half that)

const DRAFT_DAYS = 30;
/** What a visitor fills in, and the dialog's page title: the request's own fields, in the spec's order; then the
 * estimate visit's choices and, in storm mode, the urgent mark (templates/parts/forms.tsx VisitFields). */
const FIELDS = ['name', 'phone', 'serviceArea', 'service', 'message', 'source_page', ...VISIT_FIELDS, URGENT_FIELD];

/**
 * What this module says: the page's words (the toast region's, which the main module says too) and the words file's,
 * which only this module says (templates/parts/Layout.tsx formWords), fetched as it loads. Offline before the file
 * came, a note or a toast says what the page's words can.
 */
const region = document.getElementById('toasts')?.dataset;
const words: Promise<Record<string, string>> = (region?.wordsFile ? fetch(region.wordsFile).then((r) => r.json()) : Promise.resolve({}))
  .catch(() => ({}))
  .then((file: Record<string, string>) => ({ ...JSON.parse(region?.words || '{}'), ...file }));
let said: Record<string, string> = {};
void words.then((w) => (said = w));
/** A message of the words, filled in: toaster.tsx say(), kept here so nothing of main is imported. */
function say(key: string, values: Record<string, string> = {}): string {
  return (said[key] ?? '').replace(/\{(\w+)\}/g, (m, n: string) => values[n] ?? m);
}

const busy = new WeakSet<HTMLFormElement>();
const waiting = new WeakSet<HTMLFormElement>();
const tracked = new WeakSet<HTMLFormElement>();
const photoState = new WeakMap<HTMLFormElement, Photos>();

// form.name would be the input called "name": the form's own attributes are read with getAttribute.
const attr = (form: HTMLFormElement, name: string) => form.getAttribute(name) ?? '';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newId = () =>
  crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function read(form: HTMLFormElement): Draft | null {
  try {
    const d = JSON.parse(localStorage.getItem(form.dataset.draftKey!) || 'null') as Draft | null;
    if (d && Date.now() - d.at < DRAFT_DAYS * 864e5) return d;
    localStorage.removeItem(form.dataset.draftKey!);
  } catch {
    // storage blocked or the entry unreadable: there is no draft
  }
  return null;
}

function write(form: HTMLFormElement, d: Draft | null) {
  try {
    if (d) localStorage.setItem(form.dataset.draftKey!, JSON.stringify(d));
    else localStorage.removeItem(form.dataset.draftKey!);
  } catch {
    // storage full or blocked (some private modes): the form itself still holds the values
  }
}

function values(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const v: Record<string, string> = {};
  for (const f of FIELDS) {
    const x = data.get(f);
    if (typeof x === 'string') v[f] = x;
  }
  return v;
}

/** The status line inside the form: an unsent request brought back, or a wait for the network. */
function note(form: HTMLFormElement, text: string) {
  const p = form.querySelector<HTMLElement>('.form-status');
  if (!p) return;
  p.textContent = text;
  p.hidden = !text;
}

const buttonLabel = (form: HTMLFormElement) => form.querySelector('button[type="submit"]')!.textContent!.trim();

const photoField = (form: HTMLFormElement) => form.querySelector<HTMLElement>('[data-photos]');
const photoCount = (form: HTMLFormElement) => photoState.get(form)?.list.length ?? 0;

/** Keeps the typed values as a draft, with the number of photos; an emptied form keeps nothing. Real delivery only. */
function save(form: HTMLFormElement) {
  if (!tracked.has(form) || !form.dataset.delivery) return;
  const v = values(form);
  const any = FIELDS.some((f) => f !== 'source_page' && v[f]);
  write(form, any ? { v, at: Date.now(), p: photoCount(form) } : null);
}

/** Runs the form's photo and visit fields and, with real delivery, keeps every change as a draft until it is sent. */
export function track(form: HTMLFormElement) {
  if (tracked.has(form)) return;
  tracked.add(form);
  if (form.dataset.delivery) form.addEventListener('input', () => save(form));
  photos(form);
  visits(form);
}

/** Fills the form again from a request that was not sent, with a note saying so (and that photos need choosing again). */
export async function restore(form: HTMLFormElement) {
  track(form);
  await words;
  const d = read(form);
  const again = d?.p && !photoCount(form) ? ` ${say('again')}` : '';
  note(form, d ? say('draftNote', { button: buttonLabel(form) }) + again : '');
  if (!d) return;
  for (const [k, v] of Object.entries(d.v)) {
    if (k === 'source_page') continue; // the dialog records the page it is opened on now
    const el = form.elements.namedItem(k) as HTMLInputElement | null;
    if (el && 'value' in el) el.value = v;
  }
}

/**
 * Sends the form's request: simulated, it waits the spec's delay and logs what a real request would carry (the fields,
 * where the visit came from, the page, the photos' sizes); for real, on failure it keeps everything and offers to try
 * again, and offline it sends once back online.
 */
export async function submit(form: HTMLFormElement, hooks: Hooks): Promise<void> {
  await words; // (no wait once it has arrived; from here to `busy` nothing waits, so a second press finds it busy)
  if (busy.has(form)) return;
  track(form);
  dropPassed(form); // a window chosen on a page left open that has passed since is not sent
  const real = !!form.dataset.delivery;
  const v = values(form);
  const bot = !!(form.elements.namedItem(HONEYPOT) as HTMLInputElement | null)?.value;
  let id = '';
  if (real && !bot) {
    const last = read(form);
    id = last?.id && JSON.stringify(last.v) === JSON.stringify(v) ? last.id : newId();
    write(form, { v, id, at: Date.now(), p: photoCount(form) });
    if (!navigator.onLine) return offline(form, hooks);
  }
  busy.add(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = say('sending');
  form.setAttribute('aria-busy', 'true');
  const payload = { ...v, form: attr(form, 'name'), page: location.pathname, ...hooks.lead, requestId: id };
  // A filled honeypot is acknowledged like any request, and nothing is sent.
  const ready = photoState.get(form)?.ready.catch(() => {}); // photos still being made small go with the request
  const [ok] = await Promise.all([bot || Promise.resolve(ready).then(() => (real ? send(form, payload) : true)), wait(hooks.delay)]);
  button.disabled = false;
  button.textContent = label;
  form.removeAttribute('aria-busy');
  busy.delete(form);
  if (ok) {
    if (!real) console.log('Quote request', simulated(form, hooks.lead)); // the spec's simulation logs it
    write(form, null);
    note(form, '');
    return hooks.sent(v, visitToast(form));
  }
  if (!navigator.onLine) return offline(form, hooks);
  const phone = form.dataset.phone!;
  note(form, say('notSentNote', { button: buttonLabel(form) }));
  hooks.toast({
    variant: 'destructive',
    title: say('notSent'),
    description: say('notSentText'),
    link: { label: phone, href: `tel:${form.dataset.phoneE164}` },
    duration: Infinity,
    action: { label: say('tryAgain'), onClick: () => form.requestSubmit() }, // through the browser's own checks again
  });
}

/** No network: says so, and sends once the browser is back online (once, however often the visitor pressed send). */
function offline(form: HTMLFormElement, hooks: Hooks) {
  note(form, say('offlineNote'));
  hooks.toast({
    variant: 'destructive',
    title: say('offline'),
    description: say('offlineText'),
    link: { label: form.dataset.phone!, href: `tel:${form.dataset.phoneE164}` },
    duration: Infinity,
  });
  if (waiting.has(form)) return;
  waiting.add(form);
  addEventListener(
    'online',
    () => {
      waiting.delete(form);
      void submit(form, hooks);
    },
    { once: true },
  );
}

/**
 * One attempt, as multipart/form-data (each photo a file field of its own, photo1, photo2, ...). Fails on no network,
 * no answer in time (data-send-timeout, plus a second per 125 KB of photos: 1 Mbit/s), a non-2xx answer, or an answer
 * other than the service promises: Netlify answers with a page (HTML), a form service with JSON that reports no error.
 */
async function send(form: HTMLFormElement, payload: Record<string, string>): Promise<boolean> {
  const netlify = form.dataset.delivery === 'netlify';
  const body = new FormData();
  if (netlify) body.append('form-name', attr(form, 'name'));
  for (const [k, v] of Object.entries(payload)) body.append(k, v);
  let bytes = 0;
  photoState.get(form)?.list.forEach((p, i) => {
    body.append(photoName(i + 1), p.file, p.name);
    bytes += p.file.size;
  });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Number(form.dataset.sendTimeout) + bytes / 125);
  try {
    // no Content-Type: the browser writes multipart/form-data with its boundary
    const res = await fetch(netlify ? '/' : attr(form, 'action'), {
      method: 'POST',
      signal: abort.signal,
      headers: netlify ? {} : { Accept: 'application/json' },
      body,
    });
    if (!res.ok) return false;
    if (netlify) return (res.headers.get('content-type') ?? '').includes('text/html');
    const answer = await res.json();
    return !!answer && typeof answer === 'object' && answer.ok !== false && answer.success !== false && !answer.error && !answer.errors;
  } catch {
    return false; // no network, timed out, connection closed, or not JSON
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The photo field, in every delivery mode: each image chosen is decoded upright (EXIF orientation applied), drawn at
 * most MAX_SIDE px on its longest side and encoded again as JPEG, which leaves its metadata (GPS position included)
 * behind; it shows as a thumbnail with a remove button. A file that cannot be read is named in the field's status line
 * and left out; the rest of the request still goes. Its words are the words file's (site.yaml forms.photos).
 */
function photos(form: HTMLFormElement) {
  const field = photoField(form);
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
        remove.textContent = say('remove');
        remove.setAttribute('aria-label', `${say('remove')} ${p.name}`);
        remove.addEventListener('click', () => {
          const i = st.list.indexOf(p);
          st.list.splice(i, 1);
          status.textContent = '';
          show();
          save(form);
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
      await words;
      const notes: string[] = [];
      for (const f of files) {
        if (st.list.length >= Number(field.dataset.photos)) notes.push(say('tooMany', { name: f.name }));
        else
          try {
            st.list.push(await shrink(f));
          } catch {
            notes.push(say('unreadable', { name: f.name }));
          }
      }
      status.textContent = notes.join(' ');
      show();
      save(form);
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

/** What the simulated mode logs: every text field, where the visit came from, the page, and each photo's name, size
 * in pixels and bytes. */
function simulated(form: HTMLFormElement, lead: Record<string, string>) {
  const data: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => typeof v == 'string' && (data[k] = v));
  const photos = photoState.get(form)?.list.map(({ name, width, height, file }) => ({ name, width, height, bytes: file.size }));
  return { ...data, ...lead, page: location.pathname, photos };
}

/** The estimate visit's choices (templates/parts/forms.tsx VisitFields): each window an option whose data-until is the
 * last moment it may be chosen, by the build's instants, so the visitor's own clock zone plays no part. */
const choices = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLSelectElement>('.visits select')];

/** Takes out the windows whose time has passed, so a page left open offers what the office still can. */
function dropPassed(form: HTMLFormElement) {
  for (const select of choices(form)) for (const o of [...select.options]) if (Number(o.dataset.until) <= Date.now()) o.remove();
}

/** The visit field: its passed windows go now and whenever a visitor comes back to the form. */
function visits(form: HTMLFormElement) {
  if (!choices(form).length) return;
  dropPassed(form);
  form.addEventListener('focusin', () => dropPassed(form));
}

/** What the toast after a send adds when the request chose windows: that the visit is requested and when the office
 * confirms it, and the windows for the visitor's calendar, marked tentative, made here (no request). */
function visitToast(form: HTMLFormElement): Partial<ToastOptions> | undefined {
  const chosen = choices(form)
    .map((s) => s.selectedOptions[0])
    .filter((o) => o?.dataset.until);
  if (!chosen.length) return undefined;
  const text = say('requested', { visit: chosen.map((o) => o.text).join('; ') });
  const ics = calendar(chosen, say('calendarTitle'), text);
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  return { note: text, link: { label: say('calendar'), href, download: 'estimate-visit.ics' } };
}

/** An iCalendar file (RFC 5545) with each window chosen as a tentative event, in UTC from the option's ISO interval. */
function calendar(chosen: HTMLOptionElement[], title: string, text: string): string {
  const utc = (t: number) => new Date(t).toISOString().replace(/-|:|\.\d+/g, '');
  const esc = (s: string) => s.replace(/[\\;,]/g, '\\$&').replace(/\n/g, '\\n');
  const id = newId();
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${location.hostname}//estimate visit//EN`, 'METHOD:PUBLISH'];
  chosen.forEach((o, i) => {
    const [start, end] = /\((\S+)\/(\S+)\)$/.exec(o.value)!.slice(1).map(Date.parse);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${id}-${i + 1}@${location.hostname}`,
      `DTSTAMP:${utc(Date.now())}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(end)}`,
      'STATUS:TENTATIVE',
      `SUMMARY:${esc(title)}`,
      `DESCRIPTION:${esc(text)}`,
      'END:VEVENT',
    );
  });
  lines.push('END:VCALENDAR');
  // lines of at most 75 octets (UTF-8), a longer one folded onto lines that start with a space
  const fold = (line: string) => {
    let out = '';
    let n = 0;
    for (const c of line) {
      const bytes = new TextEncoder().encode(c).length;
      if (n + bytes > 75) [out, n] = [`${out}\r\n `, 1];
      [out, n] = [out + c, n + bytes];
    }
    return out;
  };
  return lines.map(fold).join('\r\n') + '\r\n';
}

const canvas = (width: number, height: number) => Object.assign(document.createElement('canvas'), { width, height });

/** Decodes an image upright, draws it at most MAX_SIDE px on its longest side and encodes it as a JPEG under MAX_BYTES. */
async function shrink(file: File): Promise<Photo> {
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
