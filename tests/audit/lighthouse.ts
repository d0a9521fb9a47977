// npm run audit: builds, serves dist/ on localhost with its headers, compressed as the hosts send pages (brotli, as
// Netlify and Cloudflare Pages do; `--gzip`: gzip level 6, as the nginx block does), and runs Lighthouse (mobile,
// simulated throttling) on every route with the system Chromium. Prints a table; exits 1 when a score drops below
// 100 (performance below 95), when any request blocks rendering, or when the largest or first contentful paint comes
// later than 800 ms (1,200 ms with --photos, where the hero photo is the largest paint), whatever the page's size: a
// page whose response is larger than TCP's first window paints a round trip later in Lighthouse's model, which reads a
// document only once all of it has arrived, and fails (docs/decisions/audit-first-window.md). It lists those pages.
// With --photos it audits a copy of the site whose tree removal page and newest post have a hero photo, and /blog
// with its card (tests/support/photos.ts): the real content has no photos yet.
//   npm run audit [-- --routes /,/about] [-- --runs 3] [-- --photos] [-- --gzip]
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

ensureBrowser('full');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'audit-'));
const out = path.join(tmp, 'dist');
const photos = process.argv.includes('--photos') ? await photoFixture() : null;
const content = photos?.content ?? path.join(root, 'content');
const built = await build({ content, static: path.join(root, 'static'), out, quiet: true });
const photoRoutes = photos && [`/${PLACED.service.slug}`, `/${newestPost(photos).replace(/\.md$/, '')}`, '/blog'];
const routes = arg('routes')?.split(',') ?? photoRoutes ?? routeTable(built.site).map((r) => r.path);
const runs = Number(arg('runs') ?? 1);
/** The latest a page may paint its largest and first content, in ms of Lighthouse's simulated mobile load. */
const PAINT_BUDGET = photos ? 1200 : 800;
/** Lighthouse's model (Lantern): 10 segments of 1,460 bytes arrive in the first round trip after the connection,
 * twice as many in each next one, and 150 ms a round trip. A document larger than the first window (headers
 * included) arrives one round trip (150 ms) later, and Lantern parses it only then. */
const FIRST_WINDOW = 10 * 1460;
const gzip = process.argv.includes('--gzip');
const server = await serve(out, { withHeaders: true, gzip: true, brotli: !gzip });
const chrome = await chromeLauncher.launch({
  chromePath: chromePath('full'),
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
  fcp: number;
  blocking: number; // render-blocking requests
  bytes: number; // bytes transferred
  document: number; // bytes of the page's own response, headers included
  cls: number;
  tbt: number;
}
const rows: Row[] = [];
function documentBytes(details: unknown, url: string): number {
  const items = (details as { items?: { url: string; transferSize?: number; resourceType?: string }[] }).items ?? [];
  return items.find((i) => i.resourceType === 'Document' && i.url.replace(/\/$/, '') === url.replace(/\/$/, ''))?.transferSize ?? NaN;
}
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
        fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
        blocking: (lhr.audits['render-blocking-resources'].details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
        bytes: lhr.audits['total-byte-weight'].numericValue ?? NaN,
        document: documentBytes(lhr.audits['network-requests'].details, server.url + route),
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
      fcp: pick('fcp'),
      blocking: pick('blocking'),
      bytes: pick('bytes'),
      document: pick('document'),
      cls: pick('cls'),
      tbt: pick('tbt'),
    });
    const r = rows[rows.length - 1];
    console.log(
      `${route.padEnd(44)} perf ${r.performance} a11y ${r.accessibility} bp ${r['best-practices']} seo ${r.seo}  FCP ${Math.round(r.fcp)} ms  LCP ${Math.round(r.lcp)} ms  blocking ${r.blocking}  ${(r.bytes / 1024).toFixed(1)} KB (page ${(r.document / 1024).toFixed(1)})  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbt)} ms`,
    );
  }
} finally {
  await chrome.kill();
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
  photos?.remove();
}
const failing = rows.filter(
  (r) =>
    r.performance < 95 ||
    r.accessibility < 100 ||
    r['best-practices'] < 100 ||
    r.seo < 100 ||
    r.lcp > PAINT_BUDGET ||
    r.fcp > PAINT_BUDGET ||
    !(r.document > 0) ||
    r.blocking > 0,
);
const secondTrip = rows.filter((r) => r.document > FIRST_WINDOW);
console.log(
  `\n${rows.length} routes audited (${gzip ? 'gzip' : 'brotli'}), ${failing.length} below the bar (performance 95, others 100; LCP and FCP at most ${PAINT_BUDGET} ms; no render-blocking request)${failing.length ? ': ' + failing.map((r) => r.route).join(', ') : ''}`,
);
console.log(
  `${secondTrip.length} of ${rows.length} pages do not fit the first window (${FIRST_WINDOW} bytes with the headers): ${secondTrip.map((r) => `${r.route} ${r.document}`).join(', ') || 'none'}`,
);
process.exitCode = failing.length ? 1 : 0;
