// What a first visit fetches before any interaction, brotli-compressed: at most 50 KB on every route.
// tests/build/pagination.test.ts holds every page of a 1,000-post blog to the same budget.
import { describe, expect, it } from 'vitest';
import { routePaths, siteDir } from '../support/site.ts';
import { BUDGET, eagerAssets, firstVisitBytes } from '../support/weight.ts';

describe('first-visit bytes per route', () => {
  it('stay within 50 KB brotli on every route', async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const p of await routePaths()) {
      const { bytes, assets } = firstVisitBytes(siteDir(), p);
      expect(
        assets.some((a) => a.endsWith('.css')),
        p,
      ).toBe(true);
      expect(
        assets.some((a) => a.endsWith('.js')),
        p,
      ).toBe(true);
      rows.push(`${p.padEnd(45)} ${(bytes / 1024).toFixed(1)} KB`);
      if (bytes > BUDGET) over.push(`${p}: ${bytes} B`);
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
