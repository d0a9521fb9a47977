// The nginx server block the build writes, run for real: Debian's nginx on a loopback port serving a fresh build,
// checked with plain HTTP requests (no redirect following, no decompression).
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, contentType, fileForPath, routeTable, type BuildResult } from '../../generator/build-site.ts';
import { nginxConf } from '../../generator/host-files.ts';
import type { Site } from '../../templates/model.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from '../support/server.ts';
import { realSite, root } from '../support/site.ts';
import { REDIRECTS, ROUTES } from '../support/facts.ts';

// ───────────── find nginx, installing Debian's package when we may ─────────────

function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  try {
    return execSync('command -v nginx', { encoding: 'utf8', shell: '/bin/sh' }).trim() || null;
  } catch {
    return null;
  }
}

/** Installs nginx-light (or nginx) with apt-get when running as root; returns why not otherwise. */
function installNginx(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root, so it cannot install Debian\'s nginx';
  if (!existsSync('/usr/bin/apt-get')) return 'there is no apt-get here to install nginx with';
  console.log('[nginx test] nginx not found: installing Debian\'s nginx-light (apt-get install nginx-light)...');
  // Keep apt from starting the packaged nginx on port 80: a policy-rc.d that says "no", only while installing.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const apt = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends';
    execSync(`apt-get update -qq && (${apt} nginx-light || ${apt} nginx)`, { stdio: 'inherit', shell: '/bin/sh' });
    return null;
  } catch (e) {
    return `apt-get could not install nginx: ${(e as Error).message.split('\n')[0]}`;
  } finally {
    if (ownPolicy) unlinkSync(policy);
  }
}

let nginxBin = findNginx();
let whyNot = '';
if (!nginxBin) {
  whyNot = installNginx() ?? '';
  nginxBin = findNginx();
  if (!nginxBin && !whyNot) whyNot = 'apt-get finished but no nginx binary was found';
}
if (!nginxBin) console.warn(`[nginx test] SKIPPED: ${whyNot}. Install nginx (apt-get install nginx-light) to run it.`);

// ───────────── a build, and nginx serving it ─────────────

const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-nginx-'));
const out = path.join(tmp, 'dist');
const builtConf = path.join(tmp, 'deploy', 'nginx.conf');
let result: BuildResult;
let rules: HeaderRule[];
let nginx: ChildProcess | null = null;
let port = 0;
const serverName = 'example.com';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as net.AddressInfo;
      s.close(() => resolve(p));
    }).on('error', reject);
  });
}

interface Reply { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
function get(urlPath: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { host: serverName, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/** The main config around the generated server block: everything nginx writes goes to the temp folder. */
function mainConf(serverBlock: string): string {
  const user = process.getuid?.() === 0 ? `user nobody ${readFileSync('/etc/group', 'utf8').includes('\nnogroup:') ? 'nogroup' : 'nobody'};` : '';
  return [
    user,
    'worker_processes 1;',
    `pid ${tmp}/nginx.pid;`,
    `error_log ${tmp}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${tmp}/${t}_temp;`),
    `  include ${serverBlock};`,
    '}',
    '',
  ].join('\n');
}

async function startNginx(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    writeFileSync(path.join(tmp, 'site.conf'), nginxConf(result.site, { root: out, port, address: '127.0.0.1', serverName }));
    writeFileSync(path.join(tmp, 'nginx.conf'), mainConf(path.join(tmp, 'site.conf')));
    const child = spawn(nginxBin!, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', path.join(tmp, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 100; i++) {
      const up = await get('/').then(() => true, () => false);
      if (up) {
        nginx = child;
        return;
      }
      const gone = await Promise.race([exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 50))]);
      if (gone) break;
    }
    child.kill('SIGKILL');
    if (attempt === 3 || !/Address already in use/.test(stderr)) throw new Error(`nginx did not start:\n${stderr}\n${readLog()}`);
  }
}
function readLog() {
  try {
    return readFileSync(path.join(tmp, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

beforeAll(async () => {
  if (!nginxBin) return;
  result = await build({ content: path.join(root, 'content'), static: path.join(root, 'static'), out, quiet: true, nginx: builtConf });
  rules = parseHeadersFile(readFileSync(path.join(out, '_headers'), 'utf8'));
  execSync(`chmod -R a+rX ${JSON.stringify(tmp)}`); // nginx's workers run as nobody and must read dist/, whatever the umask
  await startNginx();
}, 300_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  }
  rmSync(tmp, { recursive: true, force: true });
});

const SECURITY = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];

describe.skipIf(!nginxBin)('nginx serving dist/ with the generated server block', () => {
  it('the build wrote the server block outside dist/, for this dist/, and nginx accepts it as written', () => {
    const written = readFileSync(builtConf, 'utf8');
    expect(written).toBe(nginxConf(result.site, { root: out }));
    expect(written).toContain(`root "${out}";`);
    expect(written).toMatch(/listen 80;/);
    writeFileSync(path.join(tmp, 'test.conf'), mainConf(builtConf));
    execSync(`${nginxBin} -t -q -p ${tmp} -c ${tmp}/test.conf -e ${tmp}/error.log`, { stdio: 'pipe' });
  });

  it.each(ROUTES)('%s is 200 text/html with its own page and the _headers headers', async (p) => {
    const r = await get(p);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body.toString()).toBe(readFileSync(path.join(out, fileForPath(p)), 'utf8'));
    for (const [name, value] of Object.entries(headersFor(rules, p))) expect(r.headers[name.toLowerCase()], `${p} ${name}`).toBe(value);
    expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('serves every other file of dist/ with the build\'s own content type, hashed assets cached for a year', async () => {
    const files = readdirRecursive(out).filter((f) => !f.endsWith('.html') && !f.startsWith('_'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const r = await get(`/${f}`);
      expect(r.status, f).toBe(200);
      expect(r.headers['content-type'], f).toBe(contentType(f));
      expect(r.headers['content-security-policy'], f).toBeTruthy();
      for (const [name, value] of Object.entries(headersFor(rules, `/${f}`))) expect(r.headers[name.toLowerCase()], `${f} ${name}`).toBe(value);
      if (f.startsWith('assets/')) expect(r.headers['cache-control'], f).toBe('public, max-age=31536000, immutable');
    }
  });

  it.each(REDIRECTS)('%s is a 301 to %s', async (from, to) => {
    const r = await get(from);
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(to);
    expect(r.headers['strict-transport-security']).toBeTruthy();
  });

  it('keeps the query on redirects, before the hash', async () => {
    expect((await get('/services/tree-removal?utm_source=card&x=1')).headers.location).toBe('/tree-removal?utm_source=card&x=1');
    expect((await get('/contact?ref=footer')).headers.location).toBe('/?ref=footer#contact');
  });

  it('redirects the www. host to the bare host, keeping path and query', async () => {
    const r = await get('/service-area/delta?ref=x', { host: `www.${serverName}` });
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(`http://${serverName}/service-area/delta?ref=x`);
    const root = await get('/', { host: `WWW.${serverName}` });
    expect(root.headers.location).toBe(`http://${serverName}/`);
    expect((await get('/', { host: serverName })).status).toBe(200);
  });

  it('answers a missing path with 404 and the 404 page, with the headers', async () => {
    const page404 = readFileSync(path.join(out, '404.html'), 'utf8');
    for (const p of ['/no-such-page', '/service-area/langley', '/assets/app-0000000000.js', '/about.htm', '/_headers', '/_redirects', '/404.html']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(r.body.toString(), p).toBe(page404);
      for (const [name, value] of Object.entries(headersFor(rules, p))) {
        if (name !== 'Cache-Control') expect(r.headers[name.toLowerCase()], `${p} ${name}`).toBe(value);
      }
      for (const h of SECURITY) expect(r.headers[h], `${p} ${h}`).toBeTruthy();
      expect(r.headers['cache-control'], p).not.toMatch(/immutable/);
    }
  });

  it('moves a trailing slash to the clean URL, and only for site-like paths', async () => {
    expect(await get('/about/?a=1').then((r) => [r.status, r.headers.location])).toEqual([301, '/about?a=1']);
    expect(await get('/blog/').then((r) => [r.status, r.headers.location])).toEqual([301, '/blog']);
    // no open redirect through a path that a browser would read as another host
    for (const p of ['//evil.example/', '/%5Cevil.example/', '/\\evil.example/']) {
      const r = await get(p);
      expect(r.headers.location ?? '', p).not.toMatch(/^(\/\/|\/\\|https?:)/);
    }
  });

  it('gives every page one address: /x.html, /x/index.html and /index move to the clean URL, keeping the query', async () => {
    const page = ROUTES.find((p) => p.split('/').length === 2 && p !== '/')!;
    const deep = ROUTES.find((p) => p.split('/').length > 2)!;
    const moves: [string, string][] = [
      ['/index.html', '/'],
      ['/index', '/'],
      ['/index.html?ref=x', '/?ref=x'],
      [`${page}.html`, page],
      [`${page}.html?utm_source=card&x=1`, `${page}?utm_source=card&x=1`],
      [`${page}/index.html`, page],
      [`${deep}.html`, deep],
    ];
    for (const [from, to] of moves) expect(await get(from).then((r) => [from, r.status, r.headers.location])).toEqual([from, 301, to]);
    // no open redirect through them either
    for (const p of ['//evil.example.html', '/%5Cevil.example.html', '/\\evil.example/index.html', '/%2e%2e/etc/passwd.html'])
      expect((await get(p)).headers.location ?? '', p).not.toMatch(/^(\/\/|\/\\|https?:)/);
  });

  it('compresses text with gzip', async () => {
    for (const p of ['/', '/tree-removal', result.site.assets.js, '/sitemap.xml']) {
      const r = await get(p, { 'accept-encoding': 'gzip' });
      expect(r.headers['content-encoding'], p).toBe('gzip');
      expect(r.headers.vary, p).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(r.body).toString(), p).toBe(readFileSync(path.join(out, p === '/' ? 'index.html' : p.endsWith('.xml') || p.startsWith('/assets/') ? p.slice(1) : fileForPath(p)), 'utf8'));
    }
  });

  it('covers every route of the route table', () => {
    expect(routeTable(result.site).map((r) => r.path).sort()).toEqual([...ROUTES].sort());
  });
});

describe('the server block generator', () => {
  const site = async (redirects: Site['redirects']): Promise<Site> => ({
    ...(await realSite()), redirects,
    assets: { style: 'a{}', js: '/assets/app-0.js', inlineScripts: { www: 'www()', redirect: 'go()' } },
  });
  it('refuses a $ in a redirect target or the root, which nginx would read as a variable', async () => {
    await expect(site([{ from: '/old', to: '/new?a=$host' }]).then((s) => nginxConf(s, { root: '/srv/dist' }))).rejects.toThrow(/redirect target of \/old/);
    await expect(site([]).then((s) => nginxConf(s, { root: '/srv/$site/dist' }))).rejects.toThrow(/root/);
  });
  it('quotes what it writes, and keeps a target\'s own query and hash', async () => {
    const conf = nginxConf(await site([{ from: '/old', to: '/new?x="y"#top' }, { from: '/a', to: '/#b' }]), { root: '/srv/my "site"/dist' });
    expect(conf).toContain('root "/srv/my \\"site\\"/dist";');
    expect(conf).toContain('location = "/old" { return 301 "/new?x=\\"y\\"#top"; }');
    expect(conf).toContain('location = "/a" { return 301 "/$is_args$args#b"; }');
  });
});

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}
