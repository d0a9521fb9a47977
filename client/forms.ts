// The two quote forms. ./delivery.ts sends a request, simulated (forms.delivery: simulate, the default: nothing leaves
// the browser, spec section 7) or for real (netlify or endpoint: the form carries data-delivery); it is a module of its
// own, loaded when a visitor first touches a form, as are the photo and visit fields it runs, in every mode.
import { dismiss, initToaster, say, toast, type ToastOptions } from './toaster.tsx';
import { asButton } from './navigation.ts';

const root = document.documentElement;
type Delivery = typeof import('./delivery.ts');
let delivery: Promise<Delivery> | null = null;
const waiting = new WeakSet<HTMLFormElement>();

/** Where the visit came from, as the head script keeps it for the tab (client/lead.ts). */
function lead(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.lead);
  } catch {
    return {}; // none kept, or storage blocked
  }
}

/** Runs `use` with the delivery module, loaded once; a failed load (offline) is tried again next time. */
function withDelivery(use: (d: Delivery) => void, failed = () => {}) {
  (delivery ??= import('./delivery.ts')).then(use, () => {
    delivery = null;
    failed();
  });
}

/** Sends on submit; the fields the module runs from the form's first use; with real delivery, also brings back a
 * request that was not sent. `sent` gets the request's values and what the toast adds about a visit chosen. */
function handleSubmit(form: HTMLFormElement, delay: number, sent: (data: Record<string, string>, visit?: Partial<ToastOptions>) => void) {
  const about = (options: ToastOptions) => toast({ ...options, after: form }); // its toasts show below it
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    withDelivery(
      (d) => void d.submit(form, { toast: about, sent, delay, lead: lead() }),
      () => {
        about({
          variant: 'destructive',
          title: say('notSent'),
          description: say('notLoadedText'),
          link: { label: form.dataset.phone!, href: `tel:${form.dataset.phoneE164}` },
          duration: Infinity,
        });
        // offline before the sending code arrived: send once the connection is back, as delivery.ts does
        if (!navigator.onLine && !waiting.has(form)) {
          waiting.add(form);
          addEventListener('online', () => (waiting.delete(form), form.requestSubmit()), { once: true });
        }
      },
    );
  });
  // change: a photo chosen without focusing the form first
  const use = () => withDelivery((d) => d.track(form));
  const picker = form.querySelector<HTMLInputElement>('[data-photos] input');
  if (picker) picker.multiple = true; // its dialog opens at the first tap, maybe before the photo code arrives
  form.addEventListener('focusin', use, { once: true });
  form.addEventListener('change', use);
  if (!form.dataset.delivery) return;
  let draft = null;
  try {
    draft = localStorage.getItem(form.dataset.draftKey!);
  } catch {
    // storage blocked: nothing was kept
  }
  // the dialog brings its draft back when it opens
  if (draft && form.id === 'contact-form') withDelivery((d) => d.restore(form));
}

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
}

/**
 * The estimate file (site.assets.dialog), which a page with estimate buttons names: its stylesheet linked after the
 * page's own, its toasts (unless the page has its own) and its dialog moved into the page. Resolves with the dialog
 * once the stylesheet has loaded, so it never shows unstyled; until it opens, a closed dialog and an empty toast region
 * take no room on the page.
 */
async function estimateFile(url: string): Promise<HTMLDialogElement> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url);
  const file = new DOMParser().parseFromString(await response.text(), 'text/html');
  const part = <T extends Element>(selector: string) => document.adoptNode(file.querySelector<T>(selector)!);
  const link = part<HTMLLinkElement>('link'); // its stylesheet, the file's one link
  const styled = new Promise((loaded, failed) => ((link.onload = loaded), (link.onerror = failed)));
  document.head.append(link);
  if (!document.getElementById('toasts')) {
    document.body.append(part('#toasts'));
    initToaster();
  }
  const dialog = part<HTMLDialogElement>('dialog');
  document.body.append(dialog);
  await styled;
  return dialog;
}

/** The estimate buttons open the dialog, fetched with the page's enhancements; pressed before it has arrived, a button
 * is busy (aria-busy, styles/buttons.css) until it does; should it not arrive (offline), a button does what it does
 * without JavaScript: it leads to the contact form. */
export function initEstimateDialog() {
  const url = document.body.dataset.estimateUi;
  const openers = document.querySelectorAll<HTMLElement>('[data-estimate]');
  if (!url || !openers.length) return;
  const ready = estimateFile(url).then(setUpDialog);
  ready.catch(() => {}); // handled when a button is pressed
  for (const el of openers) {
    asButton(el);
    el.setAttribute('aria-haspopup', 'dialog');
    el.addEventListener('click', (e) => {
      e.preventDefault();
      if (el.hasAttribute('aria-busy')) return; // pressed again while the file is on its way
      el.setAttribute('aria-busy', 'true'); // gone before the next paint when the file is already here
      ready
        .then(
          (open) => open(el.dataset.estimate!, el.dataset.estimateDescription ?? '', el),
          () => location.assign(el.getAttribute('href')!),
        )
        .finally(() => el.removeAttribute('aria-busy'));
    });
  }
}

/** Wires the dialog in; returns how a button opens it. */
function setUpDialog(dialog: HTMLDialogElement) {
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
  // Keep Tab inside the dialog rather than letting it reach the browser's own controls.
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const items = [
      ...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea'),
    ];
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });
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
