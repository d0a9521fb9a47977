// The delivery module: sending a quote request, simulated (site.yaml forms.delivery: simulate: logged, nothing leaves
// the browser) or for real (netlify or endpoint), and the fields only a script can run: the photos and the estimate
// visit (fields.ts). A module of its own, loaded when a visitor first touches a form (../first-visit/forms.ts
// withDelivery), so a first visit stays within the JavaScript budget. Nothing typed is lost: with real delivery the
// form's draft is kept until the request is sent, and a failure leaves the form as it was, photos included. Every
// request, in every mode, carries the office link: the request in the fragment of an address of the office page.
import { HONEYPOT, photoField, URGENT_FIELD, VISIT_FIELDS } from '../../templates/model/constants.ts';
import { encodeOffice, OFFICE_FIELD } from '../../templates/model/office-link.ts';
import type { ToastOptions } from '../first-visit/toaster.tsx';
import { dropPassed, newId, photoCount, photosOf, photosReady, runPhotos, runVisits, visitToast } from './fields.ts';
import { app, wordsReady } from './handover.ts';

export { connect } from './handover.ts';

/** What a form's wiring (../first-visit/forms.ts) passes with each send. */
export interface Hooks {
  /** Sent: its toast (with what `visit` adds about a visit chosen), then the form clears or the dialog closes. */
  sent(data: Record<string, string>, visit?: Partial<ToastOptions>): void;
  /** "Sending..." shows at least this long (site.yaml timing.submitDelay), so a fast answer does not flicker. */
  delay: number;
}

const busy = new WeakSet<HTMLFormElement>();
const tracked = new WeakSet<HTMLFormElement>();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the form's photo and visit fields and, with real delivery, keeps every change as a draft until it is sent. */
export function track(form: HTMLFormElement) {
  if (tracked.has(form)) return;
  tracked.add(form);
  if (form.dataset.delivery) form.addEventListener('input', () => saveDraft(form));
  runPhotos(form, () => saveDraft(form));
  runVisits(form);
}

/** Fills the form again from a request that was not sent (its draft, below). */
export async function restore(form: HTMLFormElement) {
  track(form);
  await wordsReady;
  restoreDraft(form);
}

/** The "Sending..." state: the button disabled and saying so, the form busy; returns what ends it. */
function sending(form: HTMLFormElement): () => void {
  busy.add(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = app.say('sending');
  form.setAttribute('aria-busy', 'true');
  return () => {
    button.disabled = false;
    button.textContent = label;
    form.removeAttribute('aria-busy');
    busy.delete(form);
  };
}

/**
 * Sends the form's request: simulated, it waits the form's delay and logs what a real request would carry (the fields,
 * where the visit came from, the page, the photos' sizes); for real, on failure it keeps everything and offers to try
 * again, and offline it sends once back online.
 */
export async function submit(form: HTMLFormElement, hooks: Hooks): Promise<void> {
  await wordsReady; // (no wait once it has arrived; from here to `busy` nothing waits, so a second press finds it busy)
  if (busy.has(form)) return;
  track(form);
  dropPassed(form); // a window chosen on a page left open that has passed since is not sent
  const real = !!form.dataset.delivery;
  const v = values(form);
  const bot = !!(form.elements.namedItem(HONEYPOT) as HTMLInputElement | null)?.value;
  let id = '';
  if (real && !bot) {
    id = draftForSending(form, v);
    if (!navigator.onLine) return offline(form);
  }
  const done = sending(form);
  const lead = keptLead();
  const payload: Record<string, string> = { ...v, form: attr(form, 'name'), page: location.pathname, ...lead, requestId: id };
  // A filled honeypot is acknowledged like any request, and nothing is sent; photos still being made small go with it.
  const ready = () => photosReady(form).then(() => form.dataset.office && (payload[OFFICE_FIELD] = office(form, payload)));
  const [ok] = await Promise.all([bot || ready().then(() => (real ? send(form, payload) : true)), wait(hooks.delay)]);
  done();
  if (ok) {
    // the simulated mode's record of it, in the console
    if (!real)
      console.log('Quote request', { ...simulated(form, lead), ...(form.dataset.office && { [OFFICE_FIELD]: payload[OFFICE_FIELD] }) });
    dropDraft(form);
    showStatus(form, '');
    return hooks.sent(v, visitToast(form));
  }
  if (!navigator.onLine) return offline(form);
  showStatus(form, app.say('notSentNote', { button: buttonLabel(form) }));
  app.notSent(form, {
    title: app.say('notSent'),
    description: app.say('notSentText'),
    action: { label: app.say('tryAgain'), onClick: () => form.requestSubmit() }, // through the browser's own checks again
  });
}

/** No network: says so; the request goes once the browser is back online (../first-visit/forms.ts notSent). */
function offline(form: HTMLFormElement) {
  showStatus(form, app.say('offlineNote'));
  app.notSent(form, { title: app.say('offline'), description: app.say('offlineText') });
}

// A quote request leaving the browser: one attempt for real (netlify or endpoint), or, simulated, what it would carry.
/** The request's office link: the office page's address on this origin (the form's data-office), the request in its
 * fragment (templates/model/office-link.ts) with the windows as sent, the number of photos and when it was sent. */
function office(form: HTMLFormElement, p: Record<string, string>): string {
  const own = ['name', 'phone', 'serviceArea', 'address', 'service', 'message', 'form', 'page', 'requestId', URGENT_FIELD, ...VISIT_FIELDS];
  const [name, phone, area, address, service, message, which, page, requestId, urgent] = own.map((k) => p[k] ?? '');
  return `${location.origin}${form.dataset.office}#${encodeOffice({
    ...{ name, phone, area, address, service, message, urgent, form: which, page, requestId },
    windows: VISIT_FIELDS.map((f) => p[f]).filter(Boolean),
    photos: photoCount(form),
    source: Object.fromEntries(Object.entries(p).filter(([k]) => !own.includes(k))), // where the visit came from, the dialog's page
    sent: Date.now(),
  })}`;
}

/** Where the visit came from, as the head script keeps it for the tab (../inline/lead.ts): sent with the request. */
export function keptLead(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.lead);
  } catch {
    return {}; // none kept, or storage blocked
  }
}

// form.name would be the input called "name": the form's own attributes are read with getAttribute.
export const attr = (form: HTMLFormElement, name: string) => form.getAttribute(name) ?? '';

/**
 * One attempt, as multipart/form-data (each photo a file field of its own, photo1, photo2, ...). Fails on no network,
 * no answer in time (data-send-timeout, plus a second per 125 KB of photos: 1 Mbit/s), a non-2xx answer, or an answer
 * other than the service promises: Netlify answers with a page (HTML), a form service with JSON that reports no error.
 */
export async function send(form: HTMLFormElement, payload: Record<string, string>): Promise<boolean> {
  const netlify = form.dataset.delivery === 'netlify';
  const body = new FormData();
  if (netlify) body.append('form-name', attr(form, 'name'));
  for (const [k, v] of Object.entries(payload)) body.append(k, v);
  let bytes = 0;
  photosOf(form)?.forEach((p, i) => {
    body.append(photoField(i + 1), p.file, p.name);
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

/** What the simulated mode logs: every text field, where the visit came from, the page, and each photo's name, size
 * in pixels and bytes. */
export function simulated(form: HTMLFormElement, lead: Record<string, string>) {
  const data: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => typeof v == 'string' && (data[k] = v));
  const photos = photosOf(form)?.map(({ name, width, height, file }) => ({ name, width, height, bytes: file.size }));
  return { ...data, ...lead, page: location.pathname, photos };
}

// With real delivery, nothing typed is lost: a form's values are kept in localStorage (the key the form names) from the
// first change until the request is sent, and come back on a reload or the dialog's next opening. Photos are not kept:
// a draft remembers how many there were, and its note asks for them again.
interface Draft {
  v: Record<string, string>; // the visitor's values
  id?: string; // the request id of the last attempt with exactly these values, so a retry reuses it
  at: number; // when it was saved; drafts older than DRAFT_DAYS are dropped
  p?: number; // how many photos it had: they are not kept, so a draft brought back asks for them again
}

const DRAFT_DAYS = 30;
/** What a visitor fills in, and the dialog's page title: the request's own fields, in the form's order; then the
 * street address, the estimate visit's choices and, in storm mode, the urgent mark (templates/parts/forms.tsx VisitFields). */
const FIELDS = ['name', 'phone', 'serviceArea', 'service', 'message', 'source_page', 'address', ...VISIT_FIELDS, URGENT_FIELD];

/** The form's draft, unless it is older than DRAFT_DAYS (then it goes) or unreadable. */
function read(form: HTMLFormElement): Draft | null {
  let d: Draft | null = null;
  try {
    d = JSON.parse(app.storedDraft(form) || 'null') as Draft | null;
  } catch {
    return null; // an entry that is not JSON: there is no draft
  }
  if (d && Date.now() - d.at < DRAFT_DAYS * 864e5) return d;
  write(form, null);
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

/** The values a request sends of what the visitor filled in. */
export function values(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const v: Record<string, string> = {};
  for (const f of FIELDS) {
    const x = data.get(f);
    if (typeof x === 'string') v[f] = x;
  }
  return v;
}

/** Keeps the typed values as a draft, with the number of photos; an emptied form keeps nothing. Real delivery only. */
export function saveDraft(form: HTMLFormElement) {
  if (!form.dataset.delivery) return;
  const v = values(form);
  const any = FIELDS.some((f) => f !== 'source_page' && v[f]);
  write(form, any ? { v, at: Date.now(), p: photoCount(form) } : null);
}

/** Keeps `v` as the draft of an attempt to send it, and returns the attempt's request id: the last attempt's when the
 * values are the same, so the receiver can tell a retry from a new request. */
export function draftForSending(form: HTMLFormElement, v: Record<string, string>): string {
  const last = read(form);
  const id = last?.id && JSON.stringify(last.v) === JSON.stringify(v) ? last.id : newId();
  write(form, { v, id, at: Date.now(), p: photoCount(form) });
  return id;
}

/** The request is sent: its draft goes. */
export const dropDraft = (form: HTMLFormElement) => write(form, null);

/** Fills the form again from a request that was not sent, with a note saying so (and that photos need choosing again). */
export function restoreDraft(form: HTMLFormElement) {
  const d = read(form);
  const again = d?.p && !photoCount(form) ? ` ${app.say('again')}` : '';
  showStatus(form, d ? app.say('draftNote', { button: buttonLabel(form) }) + again : '');
  if (!d) return;
  for (const [k, v] of Object.entries(d.v)) {
    if (k === 'source_page') continue; // the dialog records the page it is opened on now
    const el = form.elements.namedItem(k) as HTMLInputElement | null;
    if (el && 'value' in el) el.value = v;
  }
}

// The status line inside a form with real delivery (templates/parts/forms.tsx): an unsent request brought back, a
// failure, or a wait for the network.
/** Shows `text` in the form's status line; an empty text hides it. */
export function showStatus(form: HTMLFormElement, text: string) {
  const p = form.querySelector<HTMLElement>('.form-status');
  if (!p) return;
  p.textContent = text;
  p.hidden = !text;
}

/** The send button's label, which the status line's words name. */
export const buttonLabel = (form: HTMLFormElement) => form.querySelector('button[type="submit"]')!.textContent!.trim();
