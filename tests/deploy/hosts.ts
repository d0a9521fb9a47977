// The deploy layer's global setup: each host's engine started once, in vitest's main process, before any test file
// loads, and used by every file of the layer: the hosts' table (nginx/cloudflare/netlify.test.ts) and check:live
// (check-live.test.ts). The builds are those of a company's live site (tests/support/live-settings.ts), whose routes,
// redirects and files are the content's, so the table runs on them as on any build:
// - quote requests to a form service (a real receiver on loopback): served by nginx and by Cloudflare Pages' wrangler
//   (one copy, tmp/good); nginx also serves, from the same process on a second port, a copy with four faults planted
//   for check:live to name (wrangler serves one folder a process; the faults are the check's, the same on any host);
// - quote requests to Netlify Forms: served by Netlify's CLI (tmp/netlify).
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { fileForPath, routeTable } from '../../generator/build-site.ts';
import { securityHeaders } from '../../generator/host-files.ts';
import { nginxConf } from '../../generator/nginx.ts';
import type { Redirect, Site } from '../../templates/model/types.ts';
import { Fixture } from '../support/fixture.ts';
import { $$, attr, parseHtml } from '../support/html.ts';
import { LIVE, withLiveSettings } from '../support/live-settings.ts';
import { startReceiver } from '../support/receiver.ts';
import { freePort } from '../support/server.ts';
import { nginxBinary, startNetlify, startNginx, startPages, type Started } from './engines.ts';
import type { Host } from './expectations.ts';

/** A host's engine as the test files see it: its port, its start, what it printed until ready, the dist/ it serves as
 *  built (its `_headers` and `_redirects` still there) and the site model of that build. */
export interface Served {
  port: number;
  ms: number;
  log: string;
  out: string;
  site: Site;
}

/** The faults planted in a copy of a build, as check:live must name them. */
export interface Planted {
  page: string; // its file deleted
  redirect: Redirect; // its stub page deleted, and its rule (_redirects, the nginx block)
  header: string; // gone from every response (`_headers`' /*, the nginx block)
  canonical: string; // a page whose canonical address names another origin
  elsewhere: string; // that address
}

declare module 'vitest' {
  export interface ProvidedContext {
    deployHosts: Record<Host, Served | null> & {
      /** nginx serving the faulty copy, from the same process; the faults; the endpoint build's content and static/. */
      faulty: { port: number; faults: Planted; content: string; static: string } | null;
    };
  }
}

/** Picks the four faults for a build: a page in a folder, a plain redirect, a security header, a top-level page. */
function faultsFor(site: Site): Planted {
  const routes = routeTable(site).map((r) => r.path);
  const canonical = routes.find((p) => p !== '/' && p.split('/').length === 2)!;
  return {
    page: routes.find((p) => p.split('/').length > 2)!,
    redirect: site.redirects.find((r) => !r.to.includes('#') && !r.message)!,
    // not X-Content-Type-Options, which Cloudflare Pages sends by itself: no host adds this one
    header: securityHeaders(site).find(([name]) => name === 'Permissions-Policy')![0],
    canonical,
    elsewhere: `https://elsewhere-${LIVE.host}${canonical}`,
  };
}

/** Plants the faults in `dist` (a copy of a build) and its `_redirects` and `_headers`. */
function plant(dist: string, f: Planted): void {
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
  // the page's canonical link, found by the parser, rewritten in place: the rest of the page byte for byte
  edit(fileForPath(f.canonical), (t) => {
    const [link] = $$('link[rel=canonical]', parseHtml(t));
    if (!link) return t;
    const tag = t.slice(link.startIndex!, link.endIndex! + 1);
    return t.slice(0, link.startIndex!) + tag.replace(attr(link, 'href')!, f.elsewhere) + t.slice(link.endIndex! + 1);
  });
}

/** The nginx block of the same faults: without the redirect, without the header's lines. */
function faultyConf(site: Site, f: Planted, root: string, port: number): string {
  const conf = nginxConf({ ...site, redirects: site.redirects.filter((r) => r.from !== f.redirect.from) }, serving(root, port));
  return conf
    .split('\n')
    .filter((l) => !l.trim().startsWith(`add_header ${f.header} `))
    .join('\n');
}

const serving = (root: string, port: number) => ({ root, port, address: '127.0.0.1', serverName: LIVE.host });

/** The site model as a test file receives it (provide() sends data: the stylesheet's function stays here). */
const asData = (site: Site): Site => JSON.parse(JSON.stringify(site));

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'deploy-hosts-'));
  const service = await startReceiver();
  const endpoint = new Fixture();
  withLiveSettings(endpoint, { endpoint: `${service.url}/f/quotes` });
  const netlify = new Fixture();
  withLiveSettings(netlify, 'netlify');
  // the endpoint build writes its nginx block beside dist/, as a company's build does (nginx.test.ts reads it)
  const site = (await endpoint.build({ nginx: path.join(endpoint.dir, 'deploy', 'nginx.conf') })).site;
  const netlifySite = (await netlify.build()).site;
  const faults = faultsFor(site);
  const copy = (fx: Fixture, name: string) => (cpSync(fx.out, path.join(tmp, name, 'dist'), { recursive: true }), path.join(tmp, name));
  const [good, faulty, forNetlify] = [copy(endpoint, 'good'), copy(endpoint, 'faulty'), copy(netlify, 'netlify')];
  plant(path.join(faulty, 'dist'), faults);

  const nginx = nginxBinary();
  if (!nginx) console.warn(`[deploy] nginx SKIPPED: no nginx, and apt-get could not install it here (it needs root).`);
  const faultyPort = await freePort();
  // nginx's workers (nobody) read the copies whatever the umask
  mkdirSync(path.join(tmp, 'nginx'));
  execSync(`chmod -R a+rX ${JSON.stringify(tmp)}`);
  // one nginx, two server blocks: the good copy on the port it is started on, the faulty one on its own
  const startedNginx = nginx
    ? startNginx(nginx, path.join(tmp, 'nginx'), (p) =>
        [nginxConf(site, serving(path.join(good, 'dist'), p)), faultyConf(site, faults, path.join(faulty, 'dist'), faultyPort)].join('\n'),
      )
    : null;
  // one after the other: three engines starting at once on a two-core machine take longer than in turn
  const engines: Started[] = [];
  const served = async (start: Promise<Started> | null, out: string, s: Site) => {
    const e = await start;
    if (!e) return null;
    engines.push(e);
    return { port: e.port, ms: e.ms, log: e.log, out, site: asData(s) };
  };
  const nginxServed = await served(startedNginx, endpoint.out, site);
  const cloudflare = await served(startPages(good), endpoint.out, site);
  const netlifyServed = await served(startNetlify(forNetlify), netlify.out, netlifySite);
  project.provide('deployHosts', {
    nginx: nginxServed,
    cloudflare,
    netlify: netlifyServed,
    faulty: nginxServed && { port: faultyPort, faults, content: endpoint.content, static: endpoint.static },
  });
  return async () => {
    await Promise.all(engines.map((e) => e.stop()));
    await service.close();
    for (const fx of [endpoint, netlify]) fx.remove();
    rmSync(tmp, { recursive: true, force: true });
  };
}
