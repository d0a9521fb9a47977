// The header's Services dropdown, a <details>: closed by a click outside, by Escape (focus back on its summary) and when
// focus leaves it.

export function initDropdown() {
  for (const details of document.querySelectorAll<HTMLDetailsElement>('.dropdown__details')) {
    const close = (focus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    document.addEventListener('click', (e) => {
      if (!details.contains(e.target as Node)) close(false);
    });
    details.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close(true);
    });
    details.addEventListener('focusout', (e) => {
      const next = (e as FocusEvent).relatedTarget as Node | null;
      if (next && !details.contains(next)) close(false);
    });
  }
}
