// `npm run check:live -- https://the-site`: is the live site what this checkout builds? It builds the checkout (into a
// temp folder, written nowhere else) for what it expects, then asks the live site, following no redirect:
//   - every page of the live sitemap and of the build answers 200, with the security headers of `_headers`, and names
//     itself on the site's own origin as its canonical address (the sitemap too);
//   - every redirect of site.yaml moves to its target (a 301 or 308, or the build's stub page, which Netlify serves);
//   - www. moves to the bare host (or, as on Cloudflare Pages before its Redirect Rule, answers the page, a note);
//   - a missing page answers 404; /admin/ answers with the editor when site.yaml names its repository;
//   - quote requests can reach their target, without sending one: Netlify's forms are on their pages as Netlify
//     registers them; a form service's endpoint answers a CORS preflight (OPTIONS) for the site's origin.
// Every fault is printed, named, and the command exits 1 on any. docs/deploy.md, "Checking the live site";
// docs/decisions/check-live.md.
//   node --import tsx generator/check-live.ts [ORIGIN] [--via http://127.0.0.1:8080] [--wait SECONDS] [--content DIR] [--static DIR]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { decodeXML } from 'entities';
import pLimit from 'p-limit';
import { routeTable } from '../templates/model/routes.ts';
import type { Site } from '../templates/model/types.ts';
import { build } from './build-site.ts';
import { EDITOR_PATH } from '../templates/model/constants.ts';
import { securityHeaders } from './host-files.ts';
import { reservedHost } from './placeholders.ts';
import { ROOT } from './root.ts';

/** A server's answer, nothing followed or decoded. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the check found: faults (the command fails) and notes (worth knowing, not wrong). */
export interface LiveReport {
  faults: string[];
  notes: string[];
  requests: number;
}

const TIMEOUT_MS = 20_000;

/**
 * One request to `url`, following nothing: to its own server, or with `via` to that address over plain HTTP with the
 * URL's host name (a server before the domain points at it, behind a proxy that ends TLS, or a host's engine on
 * loopback in the tests).
 */
export function ask(url: URL, opts: { method?: string; headers?: Record<string, string>; via?: URL } = {}): Promise<Answer> {
  const method = opts.method ?? 'GET';
  const headers = { 'user-agent': 'check-live (generator/check-live.ts)', ...opts.headers };
  return new Promise((resolve, reject) => {
    const target = url.pathname + url.search;
    const req = opts.via
      ? http.request({ host: opts.via.hostname, port: opts.via.port || 80, path: target, method, headers: { host: url.host, ...headers } })
      : (url.protocol === 'https:' ? https : http).request(url, { method, headers });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs `job` on every item, a few at a time. */
async function eachOf<T>(items: T[], job: (item: T) => Promise<void>): Promise<void> {
  const limit = pLimit(6);
  await Promise.all(items.map((item) => limit(() => job(item))));
}

/** The attributes of each element `tag` in `html` as a browser's parser reads them: names in lower case, values with
 *  their character references decoded, an attribute without a value "". */
const tags = (html: string, tag: string): Record<string, string>[] =>
  DomUtils.getElementsByTagName(tag, parseDocument(html)).map((e) => e.attribs);

/** A sitemap's or a sitemap index's addresses (<loc>, its references decoded), and whether it is an index. */
function sitemapLocs(xml: string): { index: boolean; locs: string[] } {
  const doc = new XMLParser({
    isArray: (name) => name === 'url' || name === 'sitemap',
    parseTagValue: false,
    processEntities: false, // decoded once, every reference, by decodeXML
  }).parse(xml);
  const index = 'sitemapindex' in doc;
  const entries: { loc?: unknown }[] = (index ? doc.sitemapindex?.sitemap : doc.urlset?.url) ?? [];
  return { index, locs: entries.map((e) => decodeXML(String(e.loc ?? ''))) };
}

/** Whether the host is this machine (a host's engine under test), where Netlify's deploy never processed the forms. */
const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);

/** Checks the live site at `origin` against `site`, the model of a build of this checkout (build()'s result). */
export async function checkLive(site: Site, origin: string, opts: { via?: string } = {}): Promise<LiveReport> {
  const base = new URL(origin);
  const via = opts.via ? new URL(opts.via) : undefined;
  const report: LiveReport = { faults: [], notes: [], requests: 0 };
  const fault = (at: string, problem: string) => void report.faults.push(`${at}: ${problem}`);
  const note = (at: string, text: string) => void report.notes.push(`${at}: ${text}`);
  /** A path of the site (or a URL), asked for; a failed connection is a fault and gives null. */
  const get = async (at: string, url: URL, o: { method?: string; headers?: Record<string, string>; direct?: boolean } = {}) => {
    report.requests++;
    try {
      return await ask(url, { method: o.method, headers: o.headers, via: o.direct ? undefined : via });
    } catch (e) {
      fault(at, `no answer (${(e as Error).message})`);
      return null;
    }
  };
  const page = (p: string) => new URL(p, base);
  const htmlOf = new Map<string, string>(); // the pages' text, where the forms are looked for

  // The sitemap: each address on this origin; an index's parts too.
  const listed: string[] = [];
  const sitemaps = ['/sitemap.xml'];
  for (const file of sitemaps) {
    const a = await get(file, page(file));
    if (!a && file === '/sitemap.xml') return report; // the site does not answer at all: that one fault says it
    if (!a) continue;
    if (a.status !== 200) {
      fault(file, `answers ${a.status}, not 200`);
      continue;
    }
    let read;
    try {
      read = sitemapLocs(a.body);
    } catch (e) {
      fault(file, `is not a sitemap's XML (${(e as Error).message.split('\n')[0]})`);
      continue;
    }
    const { index, locs } = read;
    for (const loc of locs) {
      const url = new URL(loc, base);
      if (url.origin !== base.origin) fault(file, `names ${loc}, not an address of ${base.origin}`);
      if (index) sitemaps.push(url.pathname);
      else listed.push(url.pathname);
    }
  }
  const built = routeTable(site).map((r) => r.path);
  for (const p of built) if (!listed.includes(p)) fault(p, 'a page this checkout builds is not in the live sitemap');

  // Pages: 200, the security headers, the canonical address on this origin.
  const expected = securityHeaders(site);
  const headersOf = (at: string, a: Answer) => {
    for (const [name, value] of expected) {
      const got = a.headers[name.toLowerCase()];
      if (got === undefined) fault(at, `no ${name} header (the build's _headers sets it)`);
      else if (got !== value) fault(at, `${name} is not the one the build's _headers sets: "${String(got).slice(0, 120)}..."`);
    }
  };
  await eachOf([...new Set([...listed, ...built])], async (p) => {
    const a = await get(p, page(p));
    if (!a) return;
    if (a.status !== 200) return fault(p, a.status === 404 ? 'missing (404)' : `answers ${a.status}, not 200`);
    headersOf(p, a);
    const canonical = tags(a.body, 'link').find((l) => l.rel === 'canonical')?.href;
    if (!canonical) fault(p, 'names no canonical address');
    else if (canonical !== page(p).href) fault(p, `its canonical address is ${canonical}, not ${page(p).href}`);
    htmlOf.set(p, a.body);
  });

  // Redirects: a permanent redirect to the target, or the build's stub page for it (which moves in the browser).
  let stubs = 0;
  await eachOf(site.redirects, async (r) => {
    const a = await get(r.from, page(r.from));
    if (!a) return;
    const target = page(r.to);
    if (a.status === 301 || a.status === 308) {
      const to = a.headers.location ? new URL(a.headers.location, page(r.from)) : null;
      if (to?.href !== target.href) fault(r.from, `moves to ${a.headers.location ?? 'nowhere'}, not ${r.to}`);
    } else if (a.status === 200 && tags(a.body, 'meta').some((m) => m['http-equiv'] === 'refresh' && m.content?.endsWith(`url=${r.to}`)))
      stubs++;
    else if (a.status === 302 || a.status === 307) fault(r.from, `a temporary redirect (${a.status}): search engines keep the old address`);
    else fault(r.from, `redirect gone: answers ${a.status}, not a move to ${r.to}`);
  });
  if (stubs)
    note(
      'redirects',
      `${stubs} answered by the build's stub page, which moves in the browser (with a meta refresh for crawlers), as Netlify serves them`,
    );

  // www. to the bare host, keeping path and query.
  if (!base.hostname.startsWith('www.')) {
    const deep = [...htmlOf.keys()].sort((x, y) => y.split('/').length - x.split('/').length)[0] ?? '/'; // a deep page
    const p = `${deep}?from=www`;
    const www = new URL(p, `${base.protocol}//www.${base.host}`);
    const a = await get(www.host, www);
    const bare = `${via ? 'http:' : base.protocol}//${base.host}${p}`;
    if (a && (a.status === 301 || a.status === 308)) {
      const to = a.headers.location ? new URL(a.headers.location, www).href : '';
      if (to !== bare) fault(www.host, `moves ${p} to ${a.headers.location ?? 'nowhere'}, not ${bare}`);
    } else if (a?.status === 200 && a.body === htmlOf.get(deep))
      note(
        www.host,
        `answers the page itself, whose script moves visitors to ${base.host}; a 301 from the host is better (docs/deploy.md)`,
      );
    else if (a) fault(www.host, `answers ${p} with ${a.status}, neither a move to ${base.host} nor the page`);
  }

  // A missing page.
  const missing = `/no-such-page-${Date.now().toString(36)}`;
  const gone = await get(missing, page(missing));
  if (gone && gone.status !== 404) fault(missing, `answers ${gone.status}: a missing page must answer 404`);
  else if (gone) headersOf(missing, gone);

  // The editor, when site.yaml names its repository.
  if (site.cms) {
    const a = await get(EDITOR_PATH, page(EDITOR_PATH));
    const config = a && tags(a.body, 'link').find((l) => l.rel === 'cms-config-url')?.href;
    if (a && (a.status !== 200 || !config))
      fault(EDITOR_PATH, `answers ${a.status} without the editor, though site.yaml cms names ${site.cms.repo}`);
    else if (config) {
      const c = await get(config, page(config));
      if (c && c.status !== 200) fault(config, `the editor's configuration answers ${c.status}`);
    }
  }

  // Where quote requests go, asked without sending one.
  await checkDelivery(site, { base, fault, note, get, htmlOf, local: isLoopback((via ?? base).hostname) });
  return report;
}

interface DeliveryCheck {
  base: URL;
  fault: (at: string, problem: string) => void;
  note: (at: string, text: string) => void;
  get: (at: string, url: URL, o?: { method?: string; headers?: Record<string, string>; direct?: boolean }) => Promise<Answer | null>;
  htmlOf: Map<string, string>;
  local: boolean;
}

/** The forms' delivery (site.yaml forms.delivery): reachable, without a request sent. */
async function checkDelivery(site: Site, c: DeliveryCheck): Promise<void> {
  const { delivery, endpoint } = site.forms;
  if (delivery === 'simulate') return c.fault('forms.delivery', 'is simulate: the forms say "sent" and send nothing (docs/forms.md)');
  // the forms as the live pages carry them: the contact form on a page, the estimate form in the estimate file
  const estimateFile = [...c.htmlOf.values()].map((h) => tags(h, 'body')[0]?.['data-estimate-ui']).find(Boolean);
  const places: [string, string | undefined][] = [...c.htmlOf].map(([p, h]) => [p, h]);
  if (estimateFile) {
    // fetched as the page's script fetches it, following a move on this site (Cloudflare Pages moves x.html to x)
    let url = new URL(estimateFile, c.base);
    let a = await c.get(estimateFile, url);
    for (let moves = 0; a && [301, 302, 307, 308].includes(a.status) && a.headers.location && moves < 3; moves++) {
      url = new URL(a.headers.location, url);
      a = url.origin === c.base.origin ? await c.get(estimateFile, url) : null;
    }
    const where = url.pathname === estimateFile ? '' : ` at ${url.pathname}`;
    if (a && a.status !== 200) c.fault(estimateFile, `the estimate form's file answers ${a.status}${where}`);
    places.push([estimateFile, a?.status === 200 ? a.body : undefined]);
  }
  const forms = places.flatMap(([p, h]) =>
    h
      ? tags(h, 'form')
          .filter((f) => f['data-delivery'])
          .map((f) => ({ at: p, form: f, html: h }))
      : [],
  );
  if (!forms.length) return c.fault('forms', `no page carries a quote form sent by ${delivery}`);
  if (delivery === 'netlify') {
    for (const name of ['contact', ...(estimateFile ? ['estimate'] : [])]) {
      const found = forms.find((f) => f.form.name === name);
      if (!found) {
        c.fault('forms', `no page carries the form "${name}" Netlify receives`);
        continue;
      }
      const { at, form, html } = found;
      if (form.method?.toLowerCase() !== 'post') c.fault(at, `the form "${name}" is not sent with POST, which Netlify Forms needs`);
      if (!tags(html, 'input').some((i) => i.type === 'hidden' && i.name === 'form-name' && i.value === name))
        c.fault(at, `the form "${name}" has no hidden form-name "${name}", which Netlify Forms needs`);
      // Netlify's deploy takes the attribute away once it has registered the form; netlify dev never processes forms
      if ('data-netlify' in form && c.local) c.note(at, `the form "${name}" is as built: only Netlify's deploy registers it`);
      else if ('data-netlify' in form)
        c.fault(
          at,
          `Netlify has not registered the form "${name}" (its data-netlify is still there): turn on form detection (Forms) and deploy again`,
        );
    }
    const thanks = forms[0].form.action || '/thanks';
    const a = await c.get(thanks, new URL(thanks, c.base));
    if (a && a.status !== 200) c.fault(thanks, `where a form sent without JavaScript lands answers ${a.status}`);
    return;
  }
  // a form service: each form names it, and it answers the browser's CORS preflight for this origin
  for (const f of forms)
    if (f.form.action !== endpoint) c.fault(f.at, `the form "${f.form.name}" posts to ${f.form.action}, not forms.endpoint ${endpoint}`);
  const a = await c.get(endpoint!, new URL(endpoint!), {
    method: 'OPTIONS',
    headers: { origin: c.base.origin, 'access-control-request-method': 'POST' },
    direct: true,
  });
  if (!a) return;
  const allowed = a.headers['access-control-allow-origin'];
  if (a.status === 404 || a.status === 410 || a.status >= 500)
    c.fault(endpoint!, `the form service answers ${a.status}: check forms.endpoint`);
  else if (allowed !== undefined && allowed !== '*' && allowed !== c.base.origin)
    c.fault(endpoint!, `the form service allows ${allowed}, not ${c.base.origin}: the page could not read its answer`);
}

/**
 * Waits until the live sitemap is the one this checkout builds (the host has published this build: a scheduled post
 * listed, or nothing changed), asking every 15 s for up to `seconds`; whether it came.
 */
async function waitForSitemap(origin: URL, built: string, seconds: number, via?: string): Promise<boolean> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const live = await ask(new URL('/sitemap.xml', origin), { via: via ? new URL(via) : undefined }).catch(() => null);
    if (live?.status === 200 && live.body === built) return true;
    if (Date.now() + 15_000 > until) return false;
    console.log('Waiting for the host to publish this build (its sitemap.xml)...');
    await new Promise((r) => setTimeout(r, 15_000));
  }
}

const HELP = `Checks the live site against a build of this checkout: pages, headers, canonical addresses, redirects, www.,
the editor, where quote requests go (docs/deploy.md, "Checking the live site"). Exits 1 on any fault.

  npm run check:live -- [ORIGIN] [options]     ORIGIN: the live site, like https://your-company.ca (default: business.origin)

  --via URL       send every request for the site to this server (http://HOST:PORT), with the site's host name
  --wait SECONDS  first wait, up to SECONDS, until the live sitemap.xml is this build's (after a host's build hook)
  --content DIR   content to build (default: content/)
  --static DIR    files copied as they are (default: static/)
`;

/** The command line. */
async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        via: { type: 'string' },
        wait: { type: 'string' },
        content: { type: 'string' },
        static: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 2;
    return;
  }
  const { values: v, positionals } = args;
  if (v.help || positionals.length > 1) {
    console.log(HELP);
    return;
  }
  const wait = Number(v.wait ?? 0);
  if (!Number.isInteger(wait) || wait < 0) {
    console.error(`--wait needs a whole number of seconds, got "${v.wait}"\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'check-live-'));
  try {
    const content = path.resolve(v.content ?? path.join(ROOT, 'content'));
    const { site } = await build({
      content,
      static: path.resolve(v.static ?? path.join(ROOT, 'static')),
      out: path.join(tmp, 'dist'),
      quiet: true,
    });
    const origin = positionals[0] ?? site.business.origin;
    if (new URL(origin).href !== `${new URL(origin).origin}/`)
      throw new Error(`give the site's origin, without a path, like ${new URL(origin).origin}`);
    if (!positionals[0] && reservedHost(new URL(origin).hostname))
      throw new Error(
        `site.yaml business.origin is ${origin}, an example address: give the live site's, npm run check:live -- https://your-site`,
      );
    console.log(
      `Checking ${origin}${v.via ? ` (via ${v.via})` : ''} against a build of ${path.relative(process.cwd(), content) || content}...`,
    );
    const published = wait
      ? await waitForSitemap(new URL(origin), readFileSync(path.join(tmp, 'dist/sitemap.xml'), 'utf8'), wait, v.via)
      : true;
    const r = await checkLive(site, origin, { via: v.via });
    if (!published)
      r.faults.unshift(`/sitemap.xml: not the one this checkout builds after ${wait} s: the host has not published this build`);
    for (const n of r.notes) console.log(`  note: ${n}`);
    for (const f of r.faults) console.log(`  ✗ ${f}`);
    console.log(
      r.faults.length
        ? `${r.faults.length} fault${r.faults.length === 1 ? '' : 's'} in ${r.requests} request${r.requests === 1 ? '' : 's'}.`
        : `All good: ${r.requests} requests.`,
    );
    if (r.faults.length) process.exitCode = 1;
  } catch (e) {
    console.error(`check:live: ${(e as Error).message}`);
    process.exitCode = 2;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
