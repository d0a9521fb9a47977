// The two quote forms, wired: each sends through the delivery module (delivery.ts), simulated (forms.delivery:
// simulate, the default: nothing leaves the browser, spec section 7) or for real (netlify or endpoint: the form carries
// data-delivery), which loads when a visitor first touches a form and runs its photo and visit fields, in every mode.
import type { Hooks } from './delivery.ts';
import { withDelivery } from './load-delivery.ts';
import { notSent } from './not-sent.ts';
import { storedDraft } from './stored-draft.ts';
import { toast } from './toaster.tsx';
import { say } from './words.ts';

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
