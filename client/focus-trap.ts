// Tab and Shift+Tab go round a modal dialog's controls. showModal() makes the rest of the page inert, but no engine
// keeps focus in the dialog by itself: past its last control, Chromium and Firefox move focus out of the page (to the
// browser's own controls) and WebKit onto the dialog element (tests/engines/controls.test.ts, "focus kept inside").

/** Keeps Tab inside `dialog`, from its last control to its first and back. */
export function trapFocus(dialog: HTMLDialogElement) {
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
