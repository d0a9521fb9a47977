// The two quote forms, wired: each sends through the delivery module (../delivery/), simulated (forms.delivery:
// simulate, the default: nothing leaves the browser) or for real (netlify or endpoint: the form carries data-delivery),
// which loads when a visitor first touches a form and runs its photo and visit fields, in every mode.
import type { Hooks } from '../delivery/delivery.ts';
import { learn, say, toast, type ToastOptions } from './toaster.tsx';

/** The delivery module, loaded once, when a visitor first touches a quote form; handed, as it arrives, what it uses of
 * this module (../delivery/handover.ts). */
type Delivery = typeof import('../delivery/delivery.ts');
let delivery: Promise<Delivery> | null = null;

/** Runs `use` with the delivery module, loaded once; a failed load (offline) is tried again next time. */
export function withDelivery(use: (d: Delivery) => void, notLoaded = () => {}) {
  (delivery ??= import('../delivery/delivery.ts').then((d) => (d.connect({ say, learn, notSent, storedDraft }), d))).then(use, () => {
    delivery = null;
    notLoaded();
  });
}

const waiting = new WeakSet<HTMLFormElement>();

/** Says the form's request was not sent (a toast below the form that stays until closed, and offers the phone);
 * here, since what did not arrive may be the delivery module itself. Offline, sends it again once the browser is back online: once, however often the visitor pressed send meanwhile, and through the
 * browser's own checks, as a press does. */
export function notSent(form: HTMLFormElement, words: Pick<ToastOptions, 'title' | 'description' | 'action'>) {
  toast({
    ...words,
    variant: 'destructive',
    link: { label: form.dataset.phone!, href: `tel:${form.dataset.phoneE164}` },
    duration: Infinity,
    after: form,
  });
  if (navigator.onLine || waiting.has(form)) return;
  waiting.add(form);
  addEventListener('online', () => (waiting.delete(form), form.requestSubmit()), { once: true });
}

/** A quote request's draft as kept in localStorage (with real delivery only: the form names its key), or null: none
 * kept, or storage blocked. Read here, as the contact form loads the delivery module at once when it has one. */
export function storedDraft(form: HTMLFormElement): string | null {
  const key = form.dataset.draftKey;
  try {
    return key ? localStorage.getItem(key) : null;
  } catch {
    return null; // storage blocked (some private modes)
  }
}

/** Sends on submit, and loads the fields the delivery module runs at the form's first use. `sent` gets the request's
 * values and what the toast adds about a visit chosen. */
export function handleSubmit(form: HTMLFormElement, delay: number, sent: Hooks['sent']) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    withDelivery(
      (d) => void d.submit(form, { sent, delay }),
      // (offline before the sending code arrived: sent once the connection is back)
      () => notSent(form, { title: say('notSent'), description: say('notLoadedText') }),
    );
  });
  // change: a photo chosen without focusing the form first
  const use = () => withDelivery((d) => d.track(form));
  const picker = form.querySelector<HTMLInputElement>('[data-photos] input');
  if (picker) picker.multiple = true; // its dialog opens at the first tap, maybe before the photo code arrives
  form.addEventListener('focusin', use, { once: true });
  form.addEventListener('change', use);
}

/** The contact form: sent, a toast below it and the form cleared; a request it kept unsent comes back at once (the
 * dialog brings its own back as it opens). */
export function initContactForm() {
  const form = document.querySelector<HTMLFormElement>('#contact-form');
  if (!form) return;
  handleSubmit(form, Number(form.dataset.submitDelay), (_, visit) => {
    toast({
      title: say('sent'),
      description: say('sentText'),
      duration: Number(form.dataset.toastDuration),
      after: form,
      ...visit,
    });
    form.reset();
  });
  if (storedDraft(form)) withDelivery((d) => d.restore(form));
}
