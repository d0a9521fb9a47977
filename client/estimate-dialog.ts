// The estimate dialog, a modal <dialog>: opened fresh by an estimate button with its page's service, closed by its
// close button, Escape or a press on the backdrop, and after a send, with its confirmation beside the button.
import { dismiss, toast, type ToastOptions } from './toaster.tsx';
import { say } from './words.ts';
import { handleSubmit } from './forms.ts';
import { withDelivery } from './load-delivery.ts';
import { trapFocus } from './focus-trap.ts';

const root = document.documentElement;

/** Wires the dialog in; returns how a button opens it. */
export function setUpDialog(dialog: HTMLDialogElement) {
  const form = dialog.querySelector<HTMLFormElement>('form')!;
  const titleEl = dialog.querySelector('#estimate-service-title')!;
  const descEl = dialog.querySelector('#estimate-service-description')!;
  const service = form.elements.namedItem('service') as HTMLSelectElement;
  const preselect: Record<string, string> = JSON.parse(dialog.dataset.preselect || '{}');
  let opener: HTMLElement | null = null;
  let sent: ToastOptions | null = null; // the confirmation of a send, shown once the dialog has closed
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;

  const open = (title: string, description: string, from: HTMLElement) => {
    opener = from;
    form.reset();
    titleEl.textContent = title;
    descEl.textContent = description;
    const options = [...service.options].map((o) => o.value);
    service.value = options.includes(title) ? title : (preselect[title] ?? '');
    field('source_page')!.value = document.body.dataset.pageTitle || 'Unknown Service Page';
    const page = field('page'); // with real delivery: the page the request is sent from
    if (page) page.value = location.pathname;
    if (form.dataset.delivery) withDelivery((d) => d.restore(form));
    dialog.showModal();
    root.classList.add('scroll-lock');
    field('name')!.focus();
  };

  dialog.addEventListener('close', () => {
    dismiss(); // its toast goes with it
    root.classList.remove('scroll-lock');
    opener?.focus();
    if (sent) toast(sent);
    sent = null;
  });
  dialog.querySelector('[data-dialog-close]')!.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the <dialog> itself, but so do clicks on its padding and drags out of a field:
  // close only when the press both starts and ends outside the dialog's box.
  const outside = (e: MouseEvent) => {
    const r = dialog.getBoundingClientRect();
    return e.target === dialog && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom);
  };
  let pressedOutside = false;
  dialog.addEventListener('pointerdown', (e) => {
    pressedOutside = outside(e);
  });
  dialog.addEventListener('click', (e) => {
    if (pressedOutside && outside(e)) dialog.close();
    pressedOutside = false;
  });
  trapFocus(dialog);
  // Sent: the dialog closes, and its confirmation shows in the page's flow right after the row of the button that opened
  // it, where focus returns: over nothing (a toast floating on the page would cover the hero's Call button on a phone).
  handleSubmit(form, Number(dialog.dataset.submitDelay), (data, visit) => {
    form.reset(); // sent: nothing left to send twice
    const confirmation = {
      title: say('dialogSent'),
      description: say('dialogSentText', { area: data.serviceArea }),
      duration: Number(dialog.dataset.toastDuration),
      after: opener!.parentElement!,
      ...visit,
    };
    if (!dialog.open) return toast(confirmation); // sent once back online, the dialog closed by then
    sent = confirmation;
    dialog.close();
  });
  return open;
}
