// The delivery module: sending a quote request, simulated (site.yaml forms.delivery: simulate: logged, nothing leaves
// the browser) or for real (netlify or endpoint), and the fields only a script can run: the photos and the estimate
// visit. A module of its own, loaded when a visitor first touches a form (load-delivery.ts), so a first visit stays
// within the JavaScript budget. Nothing typed is lost: with real delivery the form's draft is kept until the request is
// sent (drafts.ts), and a failure leaves the form as it was, photos included.
import { HONEYPOT } from '../templates/model/constants.ts';
import { draftForSending, dropDraft, restoreDraft, saveDraft, values } from './drafts.ts';
import { buttonLabel, showStatus } from './form-status.ts';
import { app, wordsReady } from './handover.ts';
import { photoField, photosReady } from './photo-field.ts';
import { attr, keptLead, send, simulated } from './request.ts';
import type { ToastOptions } from './toaster.tsx';
import { dropPassed, visitField, visitToast } from './visit-field.ts';

export { connect } from './handover.ts';

/** What a form's wiring (forms.ts) passes with each send. */
export interface Hooks {
  /** The spec's success: its toast (with what `visit` adds about a visit chosen), then the form clears or the dialog closes. */
  sent(data: Record<string, string>, visit?: Partial<ToastOptions>): void;
  /** The spec's 1 s: "Sending..." shows at least this long, so a fast answer does not flicker. */
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
  photoField(form, () => saveDraft(form));
  visitField(form);
}

/** Fills the form again from a request that was not sent (drafts.ts). */
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
 * Sends the form's request: simulated, it waits the spec's delay and logs what a real request would carry (the fields,
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
  const payload = { ...v, form: attr(form, 'name'), page: location.pathname, ...lead, requestId: id };
  // A filled honeypot is acknowledged like any request, and nothing is sent; photos still being made small go with it.
  const [ok] = await Promise.all([bot || photosReady(form).then(() => (real ? send(form, payload) : true)), wait(hooks.delay)]);
  done();
  if (ok) {
    if (!real) console.log('Quote request', simulated(form, lead)); // the spec's simulation logs it
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

/** No network: says so; the request goes once the browser is back online (not-sent.ts). */
function offline(form: HTMLFormElement) {
  showStatus(form, app.say('offlineNote'));
  app.notSent(form, { title: app.say('offline'), description: app.say('offlineText') });
}
