// A quote request not sent: the toast that says so, below the form, with the phone number; offline, the request goes
// once the browser is back online. Here, in the first-visit module, since what did not arrive may be the delivery
// module itself; that module says it through this too (load-delivery.ts).
import { toast, type ToastOptions } from './toaster.tsx';

const waiting = new WeakSet<HTMLFormElement>();

/** Says the form's request was not sent (a toast that stays until closed, and offers the phone); offline, sends it
 * again once the browser is back online: once, however often the visitor pressed send meanwhile, and through the
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
