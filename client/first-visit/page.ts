// What every page does once the script runs, beside its forms and its estimate buttons: the mobile menu, the Services
// dropdown, the FAQ accordions, the service-area cards' fade-in and the maps.

const root = document.documentElement;

/** An <a> that acts as a button once JavaScript runs (the mobile menu's toggle and close links, the estimate buttons):
 * its role and the Space key. */
export function asButton(el: HTMLElement) {
  el.setAttribute('role', 'button');
  el.addEventListener('keydown', (e) => {
    if (e.key === ' ') {
      e.preventDefault();
      el.click();
    }
  });
}

/** The mobile menu, a slide-in dialog over the page, which it makes inert and keeps from scrolling while open: opened
 * from its toggle, closed by its close links, a link followed, the backdrop or Escape. */
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

/** The header's Services dropdown, a <details>: closed by a click outside, by Escape (focus back on its summary) and
 * when focus leaves it. */
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

/** The FAQ accordions, one answer open at a time: <details name> already does it; this covers browsers that predate it. */
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

/** Service-area cards fade in once as they scroll into view, 0.05 s apart. The head script adds .js before paint;
 * without it, or with reduced motion, CSS leaves the cards visible. */
export function initReveal() {
  const cards = [...document.querySelectorAll<HTMLElement>('.reveal')];
  if (!cards.length) return;
  if (!('IntersectionObserver' in window) || matchMedia('(prefers-reduced-motion: reduce)').matches) {
    cards.forEach((c) => c.classList.add('is-visible'));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const card = entry.target as HTMLElement;
        card.style.transitionDelay = `${cards.indexOf(card) * 0.05}s`;
        card.classList.add('is-visible');
        observer.unobserve(card);
      }
    },
    { threshold: 0.1 },
  );
  cards.forEach((c) => observer.observe(c));
}

/** A map's frame is made when the visitor presses "Show the map", never before: until then the page has sent nothing to
 * the map service. The frame takes the placeholder's place at the same size, and focus moves into it. */
export function initMaps() {
  document.addEventListener('click', (e) => {
    const button = (e.target as Element).closest?.('.map__show');
    const map = button?.closest<HTMLElement>('.map');
    if (!map) return;
    const frame = document.createElement('iframe');
    frame.className = 'map__frame';
    frame.title = map.dataset.mapTitle!;
    frame.src = map.dataset.mapSrc!;
    map.querySelector('.map__placeholder')!.replaceWith(frame);
    frame.focus();
  });
}
