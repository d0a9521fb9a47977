// The CSS a component needs, declared as it renders: each file of styles/ is named here, in the stylesheet's cascade
// order, and a component calls useStyle() with the files it needs. A page's one <style> holds the files its components
// declared while it rendered (collectStyles), in this order, so that rules keep their relative order
// (docs/decisions/first-paint.md). renderToStaticMarkup is synchronous: one collector for the render under way.

/** styles/{name}.css, in cascade order. The estimate file's parts (forms, dialog, toasts) come last: their stylesheet
 * is linked after a page's own <style>, which must not hold a file that comes after them. */
export const STYLES = [
  'tokens',
  'base',
  'layout',
  'alert',
  'storm',
  'header',
  'mobile-menu',
  'band',
  'split',
  'breadcrumb',
  'footer',
  'review-bar',
  'buttons',
  'cards',
  'service-cards',
  'chips',
  'link-list',
  'prose',
  'faq',
  'hero',
  'photos',
  'cta-band',
  'related',
  'map',
  'jobs',
  'home',
  'about',
  'service-areas',
  'blog',
  'post',
  'listing',
  'forms',
  'dialog',
  'toasts',
] as const;
export type StyleFile = (typeof STYLES)[number];

/** What every page carries, whatever it renders: the design tokens and the base rules. */
export const EVERY_PAGE: StyleFile[] = ['tokens', 'base'];

let collecting: Set<StyleFile> | undefined;

/** Declares the CSS files the component rendering now needs (nothing outside collectStyles). */
export function useStyle(...files: StyleFile[]): void {
  for (const f of files) collecting?.add(f);
}

/** Renders, and returns what was rendered with the files it declared (and EVERY_PAGE's), in cascade order. */
export function collectStyles<T>(render: () => T): { result: T; styles: StyleFile[] } {
  const outer = collecting;
  const mine = (collecting = new Set(EVERY_PAGE));
  try {
    const result = render();
    return { result, styles: STYLES.filter((s) => mine.has(s)) };
  } finally {
    collecting = outer;
  }
}
