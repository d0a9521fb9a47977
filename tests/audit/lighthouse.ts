// npm run audit: builds, serves dist/ on localhost and runs Lighthouse (mobile, simulated throttling) on every
// route with the system Chromium. Prints a table; exits 1 when a score drops below 100 (performance below 95).
// With --photos it audits a copy of the site whose tree removal page and newest post have a hero photo, and /blog
// with its card (tests/support/photos.ts): the real content has no photos yet.
//   npm run audit [-- --routes /,/about] [-- --runs 3] [-- --photos]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, routeTable } from '../../generator/build-site.ts';
import { chromePath, ensureBrowser } from '../support/browser.ts';
import { newestPost, photoFixture, PLACED } from '../support/photos.ts';
import { serve } from '../support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

ensureBrowser();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'audit-'));
const out = path.join(tmp, 'dist');
const photos = process.argv.includes('--photos') ? await photoFixture() : null;
const content = photos?.content ?? path.join(root, 'content');
const built = await build({ content, static: path.join(root, 'static'), out, quiet: true });
const photoRoutes = photos && [`/${PLACED.service.slug}`, `/${newestPost(photos).replace(/\.md$/, '')}`, '/blog'];
const routes = arg('routes')?.split(',') ?? photoRoutes ?? routeTable(built.site).map((r) => r.path);
const runs = Number(arg('runs') ?? 1);
const server = await serve(out, { withHeaders: true });
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
}
const rows: Row[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const route of routes) {
    const samples: Row[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(server.url + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      const lhr = result!.lhr;
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      samples.push({
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      });
    }
    const pick = (k: keyof Omit<Row, 'route'>) => median(samples.map((s) => s[k] as number));
    rows.push({
      route,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      'best-practices': pick('best-practices'),
      seo: pick('seo'),
      lcp: pick('lcp'),
      cls: pick('cls'),
      tbt: pick('tbt'),
    });
    const r = rows[rows.length - 1];
    console.log(
      `${route.padEnd(44)} perf ${r.performance} a11y ${r.accessibility} bp ${r['best-practices']} seo ${r.seo}  LCP ${Math.round(r.lcp)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbt)} ms`,
    );
  }
} finally {
  await chrome.kill();
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
  photos?.remove();
}
const failing = rows.filter((r) => r.performance < 95 || r.accessibility < 100 || r['best-practices'] < 100 || r.seo < 100);
console.log(`\n${rows.length} routes audited, ${failing.length} below the bar (performance 95, others 100)`);
process.exitCode = failing.length ? 1 : 0;
