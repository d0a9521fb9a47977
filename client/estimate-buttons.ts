// The estimate buttons: each opens the estimate dialog with its page's service (and without JavaScript, leads to the
// contact form).
import { asButton } from './as-button.ts';
import { estimateFile } from './estimate-file.ts';
import { setUpDialog } from './estimate-dialog.ts';

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
