// What a first visit fetches before any interaction, brotli: at most 50 KB a route, 80 KB with a hero photo.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../support/facts.ts';
import { html, siteDir } from '../support/site.ts';
import { BUDGET, eagerAssets, firstVisitBytes, PHOTO_BUDGET } from '../support/weight.ts';

const isCss = (a: string) => a.endsWith('.css');

describe('first-visit bytes per route', () => {
  it('stay within 50 KB brotli on every route', () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const p of ROUTES) {
      // the stylesheet is in the page (first-paint.test.ts), the app module and the estimate file's stylesheet counted here
      const { bytes, assets } = firstVisitBytes(siteDir(), p);
      expect(assets, p).toContainEqual(expect.stringMatching(/^\/assets\/app-\w+\.js$/));
      const estimate = html(p).includes(' data-estimate-ui=') ? [expect.stringMatching(/^\/assets\/estimate-\w+\.css$/)] : [];
      expect(assets.filter(isCss), p).toEqual(estimate);
      rows.push(`${p.padEnd(45)} ${(bytes / 1024).toFixed(1)} KB`);
      const limit = assets.some((a) => a.startsWith('/assets/img/')) ? PHOTO_BUDGET : BUDGET; // 80 KB with a hero photo
      if (bytes > limit) over.push(`${p}: ${bytes} B`);
    }
    console.log(rows.join('\n'));
    expect(over).toEqual([]);
  });
  it("counts stylesheets and eager images, an eager <picture> at the file Lighthouse's phone (412 px, DPR 1.75) picks, and a lazy one not at all", () => {
    expect(eagerAssets('<img src="/a.png"><img loading="lazy" src="/b.png"><link rel="stylesheet" href="/c.css">')).toEqual([
      '/c.css',
      '/a.png',
    ]);
    const picture = (loading: string) =>
      '<picture><source type="image/avif" srcset="/p-400.avif 400w, /p-800.avif 800w, /p-1600.avif 1600w" sizes="(min-width: 60em) 34rem, calc(100vw - 2rem)">' +
      `<img src="/p-800.jpg" srcset="/p-400.jpg 400w, /p-800.jpg 800w" sizes="100vw" width="4" height="3" alt="" ${loading}></picture>`;
    expect(eagerAssets(picture('fetchpriority="high"'))).toEqual(['/p-800.avif']); // (412 - 32) x 1.75 = 665 px: the 800w file
    expect(eagerAssets(picture('loading="lazy"'))).toEqual([]);
  });
});
