// The nginx server block the build writes, run for real: Debian's nginx on a loopback port serving a fresh build,
// checked with plain HTTP requests (no redirect following, no decompression) against the table every host shares
// (tests/deploy/expectations.ts), plus what only nginx does: the server block as written, gzip.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { nginxConf } from '../../generator/nginx.ts';
import type { Site } from '../../templates/model/types.ts';
import { ROUTES, site as realSite } from '../support/facts.ts';
import { buildSite, describeTable, get as getFrom, startOnFreePort, type Built, type Engine } from './host-run.ts';

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
// On a developer's machine without nginx the test is skipped, saying why; in CI a skip would hide an untested host.
it.runIf(process.env.CI === 'true')('has nginx to run on in CI', () => {
  expect(nginxBin, `nginx is needed in CI: ${whyNot}`).toBeTruthy();
});

// ───────────── a build, and nginx serving it ─────────────

// built when the test file loads: the shared table lists dist/'s files
const built: Built | null = nginxBin ? await buildSite('nginx', (tmp) => ({ nginx: path.join(tmp, 'deploy', 'nginx.conf') })) : null;
const tmp = built?.tmp ?? '';
const out = built?.out ?? '';
const builtConf = path.join(tmp, 'deploy', 'nginx.conf');
let nginx: Engine | null = null;
let port = 0;
const serverName = 'example.com';

const get = (urlPath: string, headers: Record<string, string> = {}) => getFrom(port, urlPath, serverName, headers);

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

beforeAll(async () => {
  if (!built) return;
  execSync(`chmod -R a+rX ${JSON.stringify(tmp)}`); // nginx's workers run as nobody and must read dist/, whatever the umask
  // the server block for a port, written before nginx starts on it; its errors to stderr, where startOnFreePort reads them
  const args = async (p: number) => {
    writeFileSync(path.join(tmp, 'site.conf'), nginxConf(built.result.site, { root: out, port: p, address: '127.0.0.1', serverName }));
    writeFileSync(path.join(tmp, 'nginx.conf'), mainConf(path.join(tmp, 'site.conf')));
    return ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', '/dev/stderr', '-g', 'daemon off;'];
  };
  ({ engine: nginx, port } = await startOnFreePort('nginx', nginxBin!, args, { cwd: tmp, env: process.env, waitMs: 20_000, serverName }));
}, 300_000);

afterAll(async () => {
  await nginx?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describeTable('nginx', () => built!, () => ({ port, serverName }), !built);

describe.skipIf(!built)('nginx serving dist/ with the generated server block', () => {
  it('the build wrote the server block outside dist/, for this dist/, and nginx accepts it as written', () => {
    const written = readFileSync(builtConf, 'utf8');
    expect(written).toBe(nginxConf(built!.result.site, { root: out }));
    expect(written).toContain(`root "${out}";`);
    expect(written).toMatch(/listen 80;/);
    writeFileSync(path.join(tmp, 'test.conf'), mainConf(builtConf));
    execSync(`${nginxBin} -t -q -p ${tmp} -c ${tmp}/test.conf -e ${tmp}/error.log`, { stdio: 'pipe' });
  });

  it('redirects www. in any case of letters', async () => {
    const r = await get('/', { host: `WWW.${serverName}` });
    expect([r.status, r.headers.location]).toEqual([301, `http://${serverName}/`]);
    expect((await get('/', { host: serverName })).status).toBe(200);
  });

  it('compresses text with gzip', async () => {
    const { site } = built!.result;
    for (const p of ['/', ROUTES.find((r) => r !== '/')!, site.assets.js, '/sitemap.xml']) {
      const r = await get(p, { 'accept-encoding': 'gzip' });
      expect(r.headers['content-encoding'], p).toBe('gzip');
      expect(r.headers.vary, p).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(r.body).toString(), p).toBe(readFileSync(path.join(out, p === '/' ? 'index.html' : p.endsWith('.xml') || p.startsWith('/assets/') ? p.slice(1) : fileForPath(p)), 'utf8'));
    }
  });
});

describe('the server block generator', () => {
  const site = async (redirects: Site['redirects']): Promise<Site> => ({
    ...realSite, redirects,
    assets: { css: () => 'a{}', styles: ['a{}'], js: '/assets/app-0.js', dialog: '/assets/estimate-0.html', icon: '/favicon.svg', inlineScripts: { head: 'www()', redirect: 'go()' } },
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
