// The numbered pager of a listing (the blog, recent work).
import type { PagerWords } from '../model/types.ts';
import { fill } from '../model/words.ts';
import { useStyle } from '../styles.ts';

/**
 * Which page numbers the pager shows: the first and last, the current one and its neighbours; `null` is a gap
 * (an ellipsis). A gap that would hide a single page shows that page instead.
 */
export function pagerItems(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of sorted) {
    const prev = items.length ? (items[items.length - 1] as number) : 0;
    if (n - prev === 2) items.push(prev + 1);
    else if (n - prev > 2) items.push(null);
    items.push(n);
  }
  return items;
}

/** A numbered pager of a listing (the blog, recent work): newer and older pages, every page reachable, the current one
 *  marked; `words` are the listing page's own (its content file's `pager:`). */
export function Pager({ page, pages, href, words: w }: { page: number; pages: number; href: (page: number) => string; words: PagerWords }) {
  if (pages < 2) return null;
  useStyle('listing');
  return (
    <nav className="pager" aria-label={w.label}>
      <ul>
        {page > 1 && (
          <li>
            <a className="pager__step" href={href(page - 1)} rel="prev">
              <span aria-hidden="true">←</span> {w.newer}
              <span className="visually-hidden"> {fill(w.stepLabel, { page: page - 1 })}</span>
            </a>
          </li>
        )}
        {pagerItems(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pager__page" aria-current="page">
                  <span className="visually-hidden">{`${w.page} `}</span>
                  {n}
                </span>
              ) : (
                <a className="pager__page" href={href(n)}>
                  <span className="visually-hidden">{`${w.page} `}</span>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <a className="pager__step" href={href(page + 1)} rel="next">
              {w.older}
              <span className="visually-hidden"> {fill(w.stepLabel, { page: page + 1 })}</span> <span aria-hidden="true">→</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
