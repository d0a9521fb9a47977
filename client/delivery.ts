// Real delivery of a quote request (site.yaml forms.delivery: netlify or endpoint). A module of its own, loaded when
// a visitor first touches a form, so a first visit stays within the JavaScript budget. Nothing typed is lost: what a
// visitor types is kept in localStorage until the request is sent, and a failure leaves the form as it was.
// It imports nothing of the main module (that would split the main module in two); main passes in what it needs.
import type { ToastOptions } from './toaster.tsx';

export interface Hooks {
  toast(options: ToastOptions): void;
  /** The spec's success: its toast, then the form clears or the dialog closes. */
  sent(data: Record<string, string>): void;
  /** The spec's 1 s: "Sending..." shows at least this long, so a fast answer does not flicker. */
  delay: number;
}

interface Draft {
  v: Record<string, string>; // the visitor's values
  id?: string; // the request id of the last attempt with exactly these values, so a retry reuses it
  at: number; // when it was saved; drafts older than DRAFT_DAYS are dropped
}

const DRAFT_DAYS = 30;
const HONEYPOT = '_gotcha'; // templates/parts/forms.tsx HONEYPOT
/** What a visitor fills in, and the dialog's page title: the request's own fields, in the spec's order. */
const FIELDS = ['name', 'phone', 'serviceArea', 'service', 'message', 'source_page'];

const busy = new WeakSet<HTMLFormElement>();
const waiting = new WeakSet<HTMLFormElement>();
const tracked = new WeakSet<HTMLFormElement>();

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

/** Keeps every change as a draft, until the request is sent. An emptied form keeps nothing. */
export function track(form: HTMLFormElement) {
  if (tracked.has(form)) return;
  tracked.add(form);
  form.addEventListener('input', () => {
    const v = values(form);
    const any = FIELDS.some((f) => f !== 'source_page' && v[f]);
    write(form, any ? { v, at: Date.now() } : null);
  });
}

/** Fills the form again from a request that was not sent, with a note saying so. */
export function restore(form: HTMLFormElement) {
  track(form);
  const d = read(form);
  note(form, d ? `This request has not been sent yet. Check the details and press ${buttonLabel(form)} to send it.` : '');
  if (!d) return;
  for (const [k, v] of Object.entries(d.v)) {
    if (k === 'source_page') continue; // the dialog records the page it is opened on now
    const el = form.elements.namedItem(k) as HTMLInputElement | null;
    if (el && 'value' in el) el.value = v;
  }
}

/** Sends the form's request; on failure keeps everything and offers to try again; offline, sends once back online. */
export async function submit(form: HTMLFormElement, hooks: Hooks): Promise<void> {
  if (busy.has(form)) return;
  track(form);
  const v = values(form);
  const bot = !!(form.elements.namedItem(HONEYPOT) as HTMLInputElement | null)?.value;
  let id = '';
  if (!bot) {
    const last = read(form);
    id = last?.id && JSON.stringify(last.v) === JSON.stringify(v) ? last.id : newId();
    write(form, { v, id, at: Date.now() });
    if (!navigator.onLine) return offline(form, hooks);
  }
  busy.add(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = 'Sending...';
  form.setAttribute('aria-busy', 'true');
  // A filled honeypot is acknowledged like any request, and nothing is sent.
  const [ok] = await Promise.all([
    bot || send(form, { ...v, form: attr(form, 'name'), page: location.pathname, requestId: id }),
    wait(hooks.delay),
  ]);
  button.disabled = false;
  button.textContent = label;
  form.removeAttribute('aria-busy');
  busy.delete(form);
  if (ok) {
    write(form, null);
    note(form, '');
    return hooks.sent(v);
  }
  if (!navigator.onLine) return offline(form, hooks);
  const phone = form.dataset.phone!;
  note(form, `Not sent yet. Your details are saved on this device: press ${buttonLabel(form)} to try again, or call ${phone}.`);
  hooks.toast({
    variant: 'destructive',
    title: 'Your request was not sent',
    description: 'Nothing is lost: your details are still in the form. Try again, or call us at',
    link: { label: phone, href: `tel:${form.dataset.phoneE164}` },
    duration: Infinity,
    action: { label: 'Try again', onClick: () => form.requestSubmit() }, // through the browser's own checks again
  });
}

/** No network: says so, and sends once the browser is back online (once, however often the visitor pressed send). */
function offline(form: HTMLFormElement, hooks: Hooks) {
  note(form, "You're offline. Your request is saved on this device and will be sent when your connection is back.");
  hooks.toast({
    variant: 'destructive',
    title: "You're offline",
    description: 'We will send your request as soon as your connection is back. Or call us at',
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
 * One attempt. Fails on no network, no answer within data-send-timeout, a non-2xx answer, or an answer other than
 * the service promises: Netlify answers with a page (HTML), a form service with JSON that does not report an error.
 */
async function send(form: HTMLFormElement, payload: Record<string, string>): Promise<boolean> {
  const netlify = form.dataset.delivery === 'netlify';
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Number(form.dataset.sendTimeout));
  try {
    const res = await fetch(netlify ? '/' : attr(form, 'action'), {
      method: 'POST',
      signal: abort.signal,
      headers: netlify
        ? { 'Content-Type': 'application/x-www-form-urlencoded' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: netlify ? new URLSearchParams({ 'form-name': attr(form, 'name'), ...payload }) : JSON.stringify(payload),
    });
    if (!res.ok) return false;
    if (netlify) return (res.headers.get('content-type') ?? '').includes('text/html');
    const body = await res.json();
    return !!body && typeof body === 'object' && body.ok !== false && body.success !== false && !body.error && !body.errors;
  } catch {
    return false; // no network, timed out, connection closed, or not JSON
  } finally {
    clearTimeout(timer);
  }
}
