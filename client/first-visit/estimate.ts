// The estimate buttons and their dialog: each button opens a modal <dialog> fetched with the page's enhancements (the
// estimate file), with its page's service; without JavaScript, a button leads to the contact form.
import { handleSubmit, withDelivery } from './forms.ts';
import { asButton } from './page.ts';
import { dismiss, initToaster, say, toast, type ToastOptions } from './toaster.tsx';

const root = document.documentElement;

/** The estimate buttons open the dialog, fetched with the page's enhancements; pressed before it has arrived, a button
 * is busy (aria-busy, styles/buttons.css) until it does; should it not arrive (offline), a button does what it does
 * without JavaScript: it leads to the contact form. */
export function initEstimateButtons() {
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

/**
 * Fetches the estimate file (site.assets.dialog, which a page with estimate buttons names in data-estimate-ui): its stylesheet linked after the page's own, its toasts (unless the page has its own) and
 * its dialog moved into the page. Resolves with the dialog once the stylesheet has loaded, so it never shows unstyled;
 * until it opens, a closed dialog and an empty toast region take no room on the page.
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

/** Wires the dialog in: opened fresh by an estimate button with its page's service, closed by its close button, Escape
 * or a press on the backdrop, and after a send, with its confirmation beside the button. Returns how a button opens it. */
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

/** Keeps Tab inside `dialog`, from its last control to its first and back. showModal() makes the rest of the page
 * inert, but no engine keeps focus in the dialog by itself: past its last control, Chromium and Firefox move focus out
 * of the page (to the browser's own controls) and WebKit onto the dialog element (tests/engines/controls.test.ts,
 * "focus kept inside"). */
function trapFocus(dialog: HTMLDialogElement) {
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
}
