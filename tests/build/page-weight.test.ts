// What a first visit fetches before any interaction, brotli-compressed: at most 50 KB on every route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { html, routePaths, siteDir } from '../support/site.ts';

const BUDGET = 50 * 1024;
const br = (buf: Buffer | string) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Same-origin subresources the browser fetches at load: stylesheets, scripts, eager images, preloaded fonts. */
function eagerAssets(page: string): string[] {
  const urls = [
    ...[...page.matchAll(/<link [^>]*rel="(?:stylesheet|preload|modulepreload)"[^>]*>/g)].map((m) => m[0].match(/href="([^"]+)"/)?.[1]),
    ...[...page.matchAll(/<script [^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...page.matchAll(/<img [^>]*>/g)].filter((m) => !m[0].includes('loading="lazy"')).map((m) => m[0].match(/src="([^"]+)"/)?.[1]),
  ];
  return urls.filter((u): u is string => !!u && u.startsWith('/'));
}

describe('first-visit bytes per route', () => {
  it('stay within 50 KB brotli on every route', async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const p of await routePaths()) {
      const page = html(p);
      const assets = eagerAssets(page);
      expect(
        assets.some((a) => a.endsWith('.css')),
        p,
      ).toBe(true);
      expect(
        assets.some((a) => a.endsWith('.js')),
        p,
      ).toBe(true);
      const total = br(page) + assets.reduce((n, a) => n + br(readFileSync(path.join(siteDir(), a))), 0);
      rows.push(`${p.padEnd(45)} ${(total / 1024).toFixed(1)} KB`);
      if (total > BUDGET) over.push(`${p}: ${total} B`);
    }
    console.log(rows.join('\n'));
    expect(over).toEqual([]);
  });
  it('counts eager images and ignores lazy ones', () => {
    expect(eagerAssets('<img src="/a.png"><img loading="lazy" src="/b.png"><link rel="stylesheet" href="/c.css">')).toEqual([
      '/c.css',
      '/a.png',
    ]);
  });
});
