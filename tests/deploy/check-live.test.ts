// `npm run check:live` (generator/check-live.ts) against each host's own engine on loopback, the same engines the
// hosts' table uses (started once for the layer: tests/deploy/hosts.ts), as a company's live site: the content with its
// real settings (tests/support/live-settings.ts), quote requests going to a form service (a real receiver on loopback)
// on nginx and Cloudflare Pages, and to Netlify Forms on Netlify. On each host the check finds no fault in the build.
// The faults are the check's own reading of what a host answers, the same code whatever the host: nginx stands for
// every host there, serving beside the build a copy with four faults planted, each of which the check must name (a page
// missing, a redirect gone, a security header dropped, a canonical address naming another origin); the command line
// runs on that copy too, for its exit code and printed faults.
import { describe, expect, inject, it } from 'vitest';
import { routeTable } from '../../generator/build-site.ts';
import { checkLive } from '../../generator/check-live.ts';
import { runTsx } from '../support/fixture.ts';
import { LIVE } from '../support/live-settings.ts';
import type { Host } from './expectations.ts';
import type { Planted } from './hosts.ts';

const hosts = inject('deployHosts');

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

const HOSTS: [Host, string][] = [
  ['nginx', 'nginx'],
  ['cloudflare', 'Cloudflare Pages (wrangler pages dev)'],
  ['netlify', 'Netlify (netlify dev)'],
];
for (const [host, name] of HOSTS)
  describe.skipIf(!hosts[host])(`check:live on ${name}`, () => {
    it('finds no fault on the build: pages, headers, canonical addresses, redirects, www., 404, /admin, the forms', async () => {
      const { site, port } = hosts[host]!;
      const report = await checkLive(site, LIVE.origin, { via: `http://127.0.0.1:${port}` });
      console.log(`[check-live ${host}] ${report.requests} requests; ${report.notes.length} notes`, ...report.notes.map((n) => `\n  ${n}`));
      expect(report.faults).toEqual([]);
      expect(report.requests).toBeGreaterThan(routeTable(site).length + site.redirects.length);
    });
  });

describe.skipIf(!hosts.faulty)('check:live on a copy with faults planted (served by nginx)', () => {
  const via = () => `http://127.0.0.1:${hosts.faulty!.port}`;

  it('names each planted fault: a page missing, a redirect gone, a header dropped, a canonical naming another origin', async () => {
    const report = await checkLive(hosts.nginx!.site, LIVE.origin, { via: via() });
    const { named, planted } = expectedFaults(hosts.faulty!.faults);
    for (const n of named)
      expect(
        report.faults.some((f) => f.startsWith(`${n.at}: `) && n.says.test(f)),
        `${n.what} (${n.at}) among ${report.faults.join('\n')}`,
      ).toBe(true);
    expect(
      report.faults.filter((f) => !planted(f)),
      'faults nobody planted',
    ).toEqual([]);
  });

  it('the command line exits 1 on the faulty copy, printing each fault it found', async () => {
    const { content, static: staticDir, faults } = hosts.faulty!;
    const run = await runTsx(['generator/check-live.ts', LIVE.origin, '--via', via(), '--content', content, '--static', staticDir]);
    expect(run.status).toBe(1);
    const printed = run.stdout.split('\n').filter((l) => l.startsWith('  ✗ '));
    for (const n of expectedFaults(faults).named)
      expect(
        printed.some((l) => n.says.test(l)),
        n.what,
      ).toBe(true);
    expect(run.stdout).toMatch(new RegExp(`${printed.length} faults in \\d+ requests\\.`));
  }, 120_000);
});
