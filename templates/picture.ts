// A photo as markup: <picture> with AVIF and WebP sources and a JPEG (or PNG) fallback, srcset and sizes for where
// it sits, and the real width and height so nothing shifts as it loads. One function for Markdown bodies and the
// React templates alike, so every photo on the site is written the same way.
import { escapeHtml } from './escape.ts';
import type { ImageCandidate, Photo } from './model/rendered.ts';

export { SIZES, jobPlace } from './model/places.ts';

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
