// The nginx server block the build writes, run for real: Debian's nginx on a loopback port serving a fresh build,
// checked with plain HTTP requests (no redirect following, no decompression) against the table every host shares
// (tests/deploy/expectations.ts), plus what only nginx does: the server block as written, gzip.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { nginxConf } from '../../generator/nginx.ts';
import type { Site } from '../../templates/model/types.ts';
import { ROUTES, site as realSite } from '../support/facts.ts';
import { nginxBinary, nginxMainConf, startNginx } from './engines.ts';
import { buildSite, get, hostUnderTest, SERVER_NAME as serverName, type Built } from './host-run.ts';

// ───────────── find nginx, installing Debian's package when we may (as root) ─────────────

const nginxBin = nginxBinary();
const whyNot = 'no nginx, and apt-get could not install it here (it needs root)';
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

// the server block for a port, written before nginx starts on it
const run = hostUnderTest(
  'nginx',
  built,
  () => startNginx(nginxBin!, tmp, (p) => nginxConf(built!.result.site, { root: out, port: p, address: '127.0.0.1', serverName })),
  300_000,
);

describe.skipIf(!built)('nginx serving dist/ with the generated server block', () => {
  it('the build wrote the server block outside dist/, for this dist/, and nginx accepts it as written', () => {
    const written = readFileSync(builtConf, 'utf8');
    expect(written).toBe(nginxConf(built!.result.site, { root: out }));
    expect(written).toContain(`root "${out}";`);
    expect(written).toMatch(/listen 80;/);
    writeFileSync(path.join(tmp, 'test.conf'), nginxMainConf(tmp, builtConf));
    execSync(`${nginxBin} -t -q -p ${tmp} -c ${tmp}/test.conf -e ${tmp}/error.log`, { stdio: 'pipe' });
  });

  it('compresses text with gzip', async () => {
    const { site } = built!.result;
    for (const p of ['/', ROUTES.find((r) => r !== '/')!, site.assets.js, '/sitemap.xml']) {
      const r = await get(run.port, p, serverName, { 'accept-encoding': 'gzip' });
      expect(r.headers['content-encoding'], p).toBe('gzip');
      expect(r.headers.vary, p).toMatch(/Accept-Encoding/i);
      const file = ROUTES.includes(p) ? fileForPath(p) : p.slice(1);
      expect(gunzipSync(r.body).toString(), p).toBe(readFileSync(path.join(out, file), 'utf8'));
    }
  });
});

describe('the server block generator', () => {
  const conf = (redirects: Site['redirects'], root: string) => {
    const assets = {
      css: () => 'a{}',
      styles: ['a{}'],
      js: '/assets/app-0.js',
      dialog: '/assets/estimate-0.html',
      words: '/w.json',
      icon: '/favicon.svg',
    };
    return nginxConf({ ...realSite, redirects, assets: { ...assets, inlineScripts: { head: 'www()', redirect: 'go()' } } }, { root });
  };
  it('refuses a $ in a redirect target or the root, which nginx would read as a variable', () => {
    expect(() => conf([{ from: '/old', to: '/new?a=$host' }], '/srv/dist')).toThrow(/redirect target of \/old/);
    expect(() => conf([], '/srv/$site/dist')).toThrow(/root/);
  });
  it("quotes what it writes, and keeps a target's own query and hash", () => {
    const written = conf(
      [
        { from: '/old', to: '/new?x="y"#top' },
        { from: '/a', to: '/#b' },
      ],
      '/srv/my "site"/dist',
    );
    expect(written).toContain('root "/srv/my \\"site\\"/dist";');
    expect(written).toContain('location = "/old" { return 301 "/new?x=\\"y\\"#top"; }');
    expect(written).toContain('location = "/a" { return 301 "/$is_args$args#b"; }');
  });
});
