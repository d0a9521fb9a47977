// A photo as markup: <picture> with AVIF and WebP sources and a JPEG (or PNG) fallback, srcset and sizes for where
// it sits, and the real width and height so nothing shifts as it loads. One function for Markdown bodies and the
// React templates alike, so every photo on the site is written the same way.
import { escapeHtml } from './escape.ts';
import type { ImageCandidate, Photo } from './model/rendered.ts';

/** Where a photo sits, as `sizes`: what the browser needs to pick a file before the CSS is known. */
export const SIZES = {
  // .prose: at most 68ch of the body text, inside the page's padding
  body: '(min-width: 48rem) 40rem, calc(100vw - 2rem)',
  // the hero's photo column beside the heading from 60em, full width below (styles/photos.css .page-hero--media)
  hero: '(min-width: 60em) 34rem, calc(100vw - 2rem)',
  // a post's card on /blog: a thumbnail column from 36em, full width above the text below
  card: '(min-width: 36em) 14rem, calc(100vw - 4rem)',
  // a job's only photo: a card of the three-column grid from 64em, of two from 40em, full width below
  job: '(min-width: 64em) 21rem, (min-width: 40em) calc(50vw - 4rem), calc(100vw - 4rem)',
  // one of a job's two to four photos, side by side in the card
  jobPair: '(min-width: 64em) 10rem, (min-width: 40em) calc(25vw - 2.5rem), calc(50vw - 2.5rem)',
};

const srcset = (c: ImageCandidate[]) => c.map((x) => `${x.path} ${x.w}w`).join(', ');

/**
 * `eager` for the photo a page opens with (fetched first, never lazy); every other photo loads lazily as it nears
 * the screen. A caption makes the picture a figure.
 */
export function pictureHtml(photo: Photo, sizes: string, eager = false): string {
  const { image, alt, caption } = photo;
  const fallback = image.fallback.srcset;
  const sizesAttr = escapeHtml(sizes);
  const sources = image.sources.map((s) => `<source type="${s.type}" srcset="${escapeHtml(srcset(s.srcset))}" sizes="${sizesAttr}">`);
  const loading = eager ? 'fetchpriority="high"' : 'loading="lazy" decoding="async"';
  const img =
    `<img src="${escapeHtml(fallback[Math.min(1, fallback.length - 1)].path)}" srcset="${escapeHtml(srcset(fallback))}" ` +
    `sizes="${sizesAttr}" width="${image.width}" height="${image.height}" alt="${escapeHtml(alt)}" ${loading}>`;
  const picture = `<picture>${sources.join('')}${img}</picture>`;
  return caption ? `<figure class="figure">${picture}<figcaption>${escapeHtml(caption)}</figcaption></figure>` : picture;
}
