// Service-area cards fade in once as they scroll into view, 0.05 s apart.
// The head script adds .js before paint; without it, or with reduced motion, CSS leaves the cards visible.
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
