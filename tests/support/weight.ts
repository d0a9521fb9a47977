// What a first visit to a page fetches before any interaction, brotli-compressed: the budget's measure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileForPath } from '../../build.ts';

/** Every route's first visit stays within this. */
export const BUDGET = 50 * 1024;
export const br = (buf: Buffer | string) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Same-origin subresources the browser fetches at load: stylesheets, scripts, eager images, preloaded fonts. */
export function eagerAssets(page: string): string[] {
  const urls = [
    ...[...page.matchAll(/<link [^>]*rel="(?:stylesheet|preload|modulepreload)"[^>]*>/g)].map((m) => m[0].match(/href="([^"]+)"/)?.[1]),
    ...[...page.matchAll(/<script [^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...page.matchAll(/<img [^>]*>/g)].filter((m) => !m[0].includes('loading="lazy"')).map((m) => m[0].match(/src="([^"]+)"/)?.[1]),
  ];
  return urls.filter((u): u is string => !!u && u.startsWith('/'));
}

const assetBytes = new Map<string, number>(); // hashed assets: the same file on every page

/** Brotli bytes of a built page and its eager assets. */
export function firstVisitBytes(dir: string, urlPath: string): { bytes: number; assets: string[] } {
  const page = readFileSync(path.join(dir, fileForPath(urlPath)), 'utf8');
  const assets = eagerAssets(page);
  const bytes = (a: string) => {
    const file = path.join(dir, a);
    let n = assetBytes.get(file);
    if (n === undefined) assetBytes.set(file, (n = br(readFileSync(file))));
    return n;
  };
  return { bytes: br(page) + assets.reduce((n, a) => n + bytes(a), 0), assets };
}
