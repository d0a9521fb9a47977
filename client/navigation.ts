// Mobile menu, Services dropdown and FAQ accordion.

const root = document.documentElement;

/** An <a> that acts as a button once JavaScript runs: role, Space key and expanded state. */
export function asButton(el: HTMLElement) {
  el.setAttribute('role', 'button');
  el.addEventListener('keydown', (e) => {
    if (e.key === ' ') {
      e.preventDefault();
      el.click();
    }
  });
}

export function initMenu() {
  const toggle = document.querySelector<HTMLElement>('.menu-toggle');
  const menu = document.getElementById('mobile-menu');
  if (!toggle || !menu) return;
  const outside = () => document.querySelectorAll<HTMLElement>('body > :not(#mobile-menu):not(#toasts)');
  asButton(toggle);
  toggle.setAttribute('aria-expanded', 'false');
  menu.setAttribute('role', 'dialog');
  menu.setAttribute('aria-modal', 'true');
  menu.setAttribute('aria-label', menu.dataset.label ?? '');

  const setOpen = (open: boolean, restoreFocus = true) => {
    menu.classList.toggle('is-open', open);
    root.classList.toggle('scroll-lock', open);
    toggle.setAttribute('aria-expanded', String(open));
    outside().forEach((el) => (el.inert = open));
    if (open) menu.querySelector<HTMLElement>('.mobile-menu__close')?.focus();
    else if (restoreFocus) toggle.focus();
  };
  toggle.addEventListener('click', (e) => {
    e.preventDefault();
    setOpen(true);
  });
  menu.addEventListener('click', (e) => {
    const a = (e.target as Element).closest('a');
    if (!a) return;
    if (a.hasAttribute('data-menu-close')) {
      e.preventDefault();
      setOpen(false);
    } else setOpen(false, false); // a real link: let it navigate
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.classList.contains('is-open')) setOpen(false);
  });
  for (const a of menu.querySelectorAll('[data-menu-close]')) asButton(a as HTMLElement);
}

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
