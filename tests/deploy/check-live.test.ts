// `npm run check:live` (generator/check-live.ts) against each host's own engine on loopback (nginx, Cloudflare Pages'
// wrangler, Netlify's CLI: tests/deploy/engines.ts), as a company's live site: the content with its real settings
// (tests/support/live-settings.ts), quote requests going to a form service (a real receiver on loopback) on nginx and
// Cloudflare Pages, and to Netlify Forms on Netlify. Each engine serves the good build, where the check finds no fault,
// and beside it a copy with four faults planted, each of which it must name: a page missing, a redirect gone (its rule
// and its stub page), a security header dropped, a canonical address naming another origin. The command line runs once,
// on nginx's faulty copy, for its exit code and printed faults.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForPath, routeTable, type BuildResult } from '../../generator/build-site.ts';
import { checkLive } from '../../generator/check-live.ts';
import { securityHeaders } from '../../generator/host-files.ts';
import { nginxConf } from '../../generator/nginx.ts';
import type { Redirect, Site } from '../../templates/model/types.ts';
import { Fixture, runTsx } from '../support/fixture.ts';
import { LIVE, withLiveSettings } from '../support/live-settings.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { nginxBinary, startNetlify, startNginx, startPages, type Started } from './engines.ts';

/** The faults planted in a copy of a build, as check:live must name them. */
interface Planted {
  page: string; // its file deleted
  redirect: Redirect; // its stub page deleted, and its rule (_redirects, the nginx block)
  header: string; // gone from every response (`_headers`' /*, the nginx block)
  canonical: string; // a page whose canonical address names another origin
  elsewhere: string; // that address
}

/** Picks the four faults for a build: a page in a folder, a plain redirect, a security header, a top-level page. */
function faultsFor(site: Site): Planted {
  const routes = routeTable(site).map((r) => r.path);
  const page = routes.find((p) => p.split('/').length > 2)!;
  const canonical = routes.find((p) => p !== '/' && p.split('/').length === 2)!;
  return {
    page,
    redirect: site.redirects.find((r) => !r.to.includes('#') && !r.message)!,
    // not X-Content-Type-Options, which Cloudflare Pages sends by itself: no host adds this one
    header: securityHeaders(site).find(([name]) => name === 'Permissions-Policy')![0],
    canonical,
    elsewhere: `https://elsewhere-${LIVE.host}${canonical}`,
  };
}

/** Plants the faults in `dist` (a copy of a build) and its `_redirects` and `_headers`. */
function plant(dist: string, site: Site, f: Planted): void {
  rmSync(path.join(dist, fileForPath(f.page)));
  rmSync(path.join(dist, fileForPath(f.redirect.from)));
  const edit = (file: string, change: (text: string) => string) => {
    const before = readFileSync(path.join(dist, file), 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`planting a fault changed nothing in ${file}`);
    writeFileSync(path.join(dist, file), after);
  };
  edit('_redirects', (t) => t.replace(`${f.redirect.from} ${f.redirect.to} 301\n`, ''));
  edit('_headers', (t) => t.replace(new RegExp(`^ {2}${f.header}: .*\\n`, 'gm'), ''));
  const own = `${site.business.origin}${f.canonical}`;
  edit(fileForPath(f.canonical), (t) =>
    t.replace(`<link rel="canonical" href="${own}"/>`, `<link rel="canonical" href="${f.elsewhere}"/>`),
  );
}

/** The nginx block of the same faults: without the redirect, without the header's lines. */
function faultyConf(site: Site, f: Planted, root: string, port: number): string {
  const redirects = site.redirects.filter((r) => r !== f.redirect);
  const conf = nginxConf({ ...site, redirects }, { root, port, address: '127.0.0.1', serverName: LIVE.host });
  return conf
    .split('\n')
    .filter((l) => !l.trim().startsWith(`add_header ${f.header} `))
    .join('\n');
}

/** Each planted fault, as the report must name it; and whether a fault is one of them. */
function expectedFaults(f: Planted) {
  const named = [
    { what: 'a page missing', at: f.page, says: /missing \(404\)/ },
    { what: 'a redirect gone', at: f.redirect.from, says: /redirect gone: answers 404/ },
    { what: 'a header dropped', at: '/', says: new RegExp(`no ${f.header} header`) }, // on every page: the home page's
    { what: 'a canonical elsewhere', at: f.canonical, says: new RegExp(`canonical address is ${f.elsewhere}`) },
  ];
  // any fault of the path planted at, but the header's, gone from every page: named on any
  const planted = (fault: string) => named.some((n) => (n.at === '/' ? n.says.test(fault) : fault.startsWith(`${n.at}: `)));
  return { named, planted };
}

let service: Receiver;
const builds: Partial<Record<'endpoint' | 'netlify', { fx: Fixture; result: BuildResult }>> = {};
const temps: string[] = [];

/** A copy of a build in a temp folder of its own (tmp/dist), faulty or not, for one engine. */
function copyOf(kind: 'endpoint' | 'netlify', faults?: Planted): string {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `check-live-${kind}-`));
  temps.push(tmp);
  cpSync(builds[kind]!.fx.out, path.join(tmp, 'dist'), { recursive: true });
  if (faults) plant(path.join(tmp, 'dist'), builds[kind]!.result.site, faults);
  return tmp;
}

beforeAll(async () => {
  service = await startReceiver();
  for (const kind of ['endpoint', 'netlify'] as const) {
    const fx = new Fixture();
    withLiveSettings(fx, kind === 'netlify' ? 'netlify' : { endpoint: `${service.url}/f/quotes` });
    builds[kind] = { fx, result: await fx.build() };
  }
}, 180_000);
afterAll(async () => {
  await service?.close();
  for (const b of Object.values(builds)) b.fx.remove();
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** One host serving the good copy and, in a second process, the faulty one: check:live finds nothing on the first,
 *  and each planted fault on the second and no other. */
function onEngine(
  host: string,
  kind: 'endpoint' | 'netlify',
  start: (tmp: string, faults?: Planted) => Promise<Started>,
  { skip = false, cli = false } = {},
) {
  describe.skipIf(skip)(`check:live on ${host}`, () => {
    const engines: Started[] = [];
    let faults: Planted;
    beforeAll(async () => {
      faults = faultsFor(builds[kind]!.result.site);
      // one after the other: two netlify dev starting at once (beside netlify.test.ts's) took 60 s of a 2-core machine
      engines.push(await start(copyOf(kind)));
      engines.push(await start(copyOf(kind, faults), faults));
    }, 600_000);
    afterAll(() => Promise.all(engines.map((e) => e.stop())));
    const via = (i: number) => `http://127.0.0.1:${engines[i].port}`;

    it('finds no fault on the good build: pages, headers, canonical addresses, redirects, www., 404, /admin, the forms', async () => {
      const report = await checkLive(builds[kind]!.result.site, LIVE.origin, { via: via(0) });
      console.log(
        `[check-live ${host}] good build: ${report.requests} requests; ${report.notes.length} notes`,
        ...report.notes.map((n) => `\n  ${n}`),
      );
      expect(report.faults).toEqual([]);
      expect(report.requests).toBeGreaterThan(routeTable(builds[kind]!.result.site).length + builds[kind]!.result.site.redirects.length);
    });

    it('names each planted fault: a page missing, a redirect gone, a header dropped, a canonical naming another origin', async () => {
      const report = await checkLive(builds[kind]!.result.site, LIVE.origin, { via: via(1) });
      const { named, planted } = expectedFaults(faults);
      for (const n of named)
        expect(
          report.faults.some((f) => f.startsWith(`${n.at}: `) && n.says.test(f)),
          `${host}: ${n.what} (${n.at}) among ${report.faults.join('\n')}`,
        ).toBe(true);
      const unplanted = report.faults.filter((f) => !planted(f));
      expect(unplanted, `${host}: faults nobody planted`).toEqual([]);
    });

    it.runIf(cli)(
      'the command line exits 1 on the faulty copy, printing each fault it found',
      async () => {
        const { fx } = builds[kind]!;
        const run = await runTsx(['generator/check-live.ts', LIVE.origin, '--via', via(1), '--content', fx.content, '--static', fx.static]);
        expect(run.status).toBe(1);
        const printed = run.stdout.split('\n').filter((l) => l.startsWith('  ✗ '));
        for (const n of expectedFaults(faults).named)
          expect(
            printed.some((l) => n.says.test(l)),
            n.what,
          ).toBe(true);
        expect(run.stdout).toMatch(new RegExp(`${printed.length} faults in \\d+ requests\\.`));
      },
      120_000,
    );
  });
}

const nginx = nginxBinary();
onEngine(
  'nginx',
  'endpoint',
  (tmp, faults) => {
    const { site } = builds.endpoint!.result;
    const out = path.join(tmp, 'dist');
    return startNginx(nginx!, tmp, (p) =>
      faults ? faultyConf(site, faults, out, p) : nginxConf(site, { root: out, port: p, address: '127.0.0.1', serverName: LIVE.host }),
    );
  },
  { skip: !nginx, cli: true }, // the command line once, on nginx's faulty copy
);
onEngine('Cloudflare Pages (wrangler pages dev)', 'endpoint', (tmp) => startPages(tmp));
onEngine('Netlify (netlify dev)', 'netlify', (tmp) => startNetlify(tmp));
