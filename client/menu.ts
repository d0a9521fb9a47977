// The mobile menu: a slide-in dialog over the page, which it makes inert and keeps from scrolling while open.
import { asButton } from './as-button.ts';

const root = document.documentElement;

/** Opens the menu from its toggle; closes it by its close links, a link followed, the backdrop or Escape. */
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
