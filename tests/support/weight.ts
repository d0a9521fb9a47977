// What a first visit to a page fetches before any interaction, brotli-compressed: the budget's measure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileForPath } from '../../generator/build-site.ts';
import { $, $$, attr, parseHtml, text, type Element } from './html.ts';
import { estimateUrls } from './site.ts';

/** Every route's first visit stays within this. */
export const BUDGET = 50 * 1024;
/** ... or this, with a hero photo. */
export const PHOTO_BUDGET = 80 * 1024;
/** The phone Lighthouse emulates (Moto G Power): 412 CSS pixels wide at a device pixel ratio of 1.75. */
export const PHONE = { width: 412, dpr: 1.75 };

/** A CSS length in a `sizes` value, in CSS pixels at a viewport `vw` wide (px, rem, em, vw, and calc(a - b) of those). */
function cssLength(s: string, vw: number): number {
  s = s.trim();
  const calc = s.match(/^calc\((.+)\s([-+])\s(.+)\)$/);
  if (calc) return cssLength(calc[1], vw) + (calc[2] === '-' ? -1 : 1) * cssLength(calc[3], vw);
  const m = s.match(/^([\d.]+)(px|rem|em|vw)$/);
  if (!m) throw new Error(`cannot evaluate the length "${s}"`);
  const n = Number(m[1]);
  return m[2] === 'px' ? n : m[2] === 'vw' ? (n * vw) / 100 : n * 16;
}

/** The width a `sizes` attribute gives an image at a viewport `vw` CSS pixels wide. */
export function sizesAt(sizes: string, vw: number): number {
  for (const part of sizes.split(/,(?![^(]*\))/)) {
    const m = part.trim().match(/^\(min-width:\s*([^)]+)\)\s+(.+)$/);
    if (!m) return cssLength(part, vw);
    if (vw >= cssLength(m[1], vw)) return cssLength(m[2], vw);
  }
  return vw;
}

/** The file a browser picks from a srcset for an image shown `cssWidth` pixels wide at `dpr`: the smallest that is wide enough. */
export function pick(srcset: string, cssWidth: number, dpr: number): string {
  const candidates = srcset
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .map(([url, w]) => ({ url, w: Number(w.replace('w', '')) }))
    .sort((a, b) => a.w - b.w);
  return (candidates.find((c) => c.w >= cssWidth * dpr) ?? candidates[candidates.length - 1]).url;
}

/** For each <picture> of a page: the file the phone picks from its first source (AVIF, which Chromium shows), and whether it is eager. */
export function phonePicks(page: string): { url: string; eager: boolean }[] {
  return $$('picture', parseHtml(page)).map((picture) => {
    const source = $('source', picture)!;
    const lazy = attr($('img', picture)!, 'loading') === 'lazy';
    return { url: pick(attr(source, 'srcset')!, sizesAt(attr(source, 'sizes')!, PHONE.width), PHONE.dpr), eager: !lazy };
  });
}
export const br = (buf: Buffer | string) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Same-origin subresources the browser fetches at load: stylesheets, scripts (the app module too), eager images, preloaded fonts. */
export function eagerAssets(page: string): string[] {
  const doc = parseHtml(page);
  const urls = [
    ...$$('link[rel="stylesheet"], link[rel="preload"], link[rel="modulepreload"]', doc).map((l) => attr(l, 'href')),
    ...$$('script[src]', doc).map((s) => attr(s, 'src')),
    // the app module, which the head script (its text, JavaScript) starts once the first paint is on screen
    ...$$('script:not([src])', doc).flatMap((s) => [...text(s).matchAll(/"(\/assets\/app-\w+\.js)"/g)].map((m) => m[1])),
    // an eager photo counts at the file the phone picks from its <picture>; a plain <img> at its src
    ...phonePicks(page)
      .filter((p) => p.eager)
      .map((p) => p.url),
    ...$$('img', doc)
      .filter((img) => (img.parent as Element | null)?.name !== 'picture' && attr(img, 'loading') !== 'lazy')
      .map((img) => attr(img, 'src')),
  ];
  return urls.filter((u): u is string => !!u && u.startsWith('/'));
}

const assetBytes = new Map<string, number>(); // hashed assets: the same file on every page

/** Brotli bytes of a built page and its eager assets, and of the estimate file and its stylesheet, which the app module
 * fetches once it starts on a page with estimate buttons. */
export function firstVisitBytes(dir: string, urlPath: string): { bytes: number; assets: string[] } {
  const page = readFileSync(path.join(dir, fileForPath(urlPath)), 'utf8');
  const assets = eagerAssets(page);
  const estimate = estimateUrls(page, dir);
  if (estimate) assets.push(estimate.file, estimate.stylesheet);
  const bytes = (a: string) => {
    const file = path.join(dir, a);
    let n = assetBytes.get(file);
    if (n === undefined) assetBytes.set(file, (n = br(readFileSync(file))));
    return n;
  };
  return { bytes: br(page) + assets.reduce((n, a) => n + bytes(a), 0), assets };
}
