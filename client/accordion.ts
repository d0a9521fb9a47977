// The FAQ accordions: one answer open at a time.

/** <details name> already opens one item at a time; this covers browsers that predate it. */
export function initAccordion() {
  document.addEventListener(
    'toggle',
    (e) => {
      const opened = e.target as HTMLDetailsElement;
      const name = opened.getAttribute?.('name');
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !name) return;
      for (const other of document.querySelectorAll<HTMLDetailsElement>(`details[name="${name}"]`)) {
        if (other !== opened) other.open = false;
      }
    },
    true,
  );
}
