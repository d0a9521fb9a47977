// npm run audit: builds, serves dist/ on localhost with its headers, compressed as the hosts send pages (brotli, as
// Netlify and Cloudflare Pages do; `--gzip`: gzip level 6, as the nginx block does), and runs Lighthouse (mobile,
// simulated throttling) on every route with the system Chromium. Prints a table; exits 1 when a page is below the bar
// (docs/contributing.md#the-audit), and lists the pages larger than TCP's first window
// (docs/decisions/first-paint.md). With --photos it audits a copy of the site with hero photos
// (tests/support/photos.ts): the real content has none yet.
//   npm run audit [-- --routes /,/about] [-- --runs 3] [-- --photos] [-- --gzip]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { build, routeTable } from '../../generator/build-site.ts';
import { chromePath, ensureBrowser } from '../support/chromium.ts';
import { newestPost, photoFixture, PLACED } from '../support/photos.ts';
import { serve } from '../support/server.ts';
import { median } from '../bench/paired.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { routes: { type: 'string' }, runs: { type: 'string', default: '1' }, photos: { type: 'boolean' }, gzip: { type: 'boolean' } },
});

ensureBrowser('full');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'audit-'));
const out = path.join(tmp, 'dist');
const photos = values.photos ? await photoFixture() : null;
const content = photos?.content ?? path.join(root, 'content');
const built = await build({ content, static: path.join(root, 'static'), out, quiet: true });
const photoRoutes = photos && [`/${PLACED.service.slug}`, `/${newestPost(photos).replace(/\.md$/, '')}`, '/blog'];
const routes = values.routes?.split(',') ?? photoRoutes ?? routeTable(built.site).map((r) => r.path);
/** The latest a page may paint its largest and first content, in ms of Lighthouse's simulated mobile load. */
const PAINT_BUDGET = photos ? 1200 : 800;
/** Lighthouse's model (Lantern): 10 segments of 1,460 bytes arrive in the first round trip after the connection,
 * twice as many in each next one, and 150 ms a round trip. A document larger than the first window (headers
 * included) arrives one round trip (150 ms) later, and Lantern parses it only then. */
const FIRST_WINDOW = 10 * 1460;
const server = await serve(out, { withHeaders: true, gzip: true, brotli: !values.gzip });
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

/** What one Lighthouse run found on the page at url. */
function figures(lhr: RunnerResult['lhr'], url: string) {
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const value = (k: string) => lhr.audits[k].numericValue ?? NaN;
  const items = <T>(k: string) => (lhr.audits[k].details as { items?: T[] } | undefined)?.items ?? [];
  const same = (a: string) => a.replace(/\/$/, '') === url.replace(/\/$/, '');
  const requests = items<{ url: string; transferSize?: number; resourceType?: string }>('network-requests');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    blocking: items('render-blocking-resources').length, // render-blocking requests
    bytes: value('total-byte-weight'), // bytes transferred
    document: requests.find((r) => r.resourceType === 'Document' && same(r.url))?.transferSize ?? NaN, // its own response, headers included
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
  };
}
type Figures = ReturnType<typeof figures>;

const rows: (Figures & { route: string })[] = [];
try {
  for (const route of routes) {
    const samples: Figures[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const options = { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', throttlingMethod: 'simulate' } as const;
      samples.push(figures((await lighthouse(server.url + route, options))!.lhr, server.url + route));
    }
    const keys = Object.keys(samples[0]) as (keyof Figures)[];
    const r = { route, ...(Object.fromEntries(keys.map((k) => [k, median(samples.map((s) => s[k]))])) as Figures) };
    rows.push(r);
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
    Math.min(r.accessibility, r['best-practices'], r.seo) < 100 ||
    Math.max(r.lcp, r.fcp) > PAINT_BUDGET ||
    !(r.document > 0) ||
    r.blocking > 0,
);
const secondTrip = rows.filter((r) => r.document > FIRST_WINDOW);
console.log(
  `\n${rows.length} routes audited (${values.gzip ? 'gzip' : 'brotli'}), ${failing.length} below the bar (performance 95, others 100; LCP and FCP at most ${PAINT_BUDGET} ms; no render-blocking request)${failing.length ? ': ' + failing.map((r) => r.route).join(', ') : ''}`,
);
console.log(
  `${secondTrip.length} of ${rows.length} pages do not fit the first window (${FIRST_WINDOW} bytes with the headers): ${secondTrip.map((r) => `${r.route} ${r.document}`).join(', ') || 'none'}`,
);
process.exitCode = failing.length ? 1 : 0;
