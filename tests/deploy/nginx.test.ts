// Debian's nginx serving a build with the server block the build writes, checked against the table every host
// shares (expectations.ts), plus what only nginx does: the block as written, gzip.
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { nginxConf } from '../../generator/nginx.ts';
import type { Site } from '../../templates/model/types.ts';
import { ROUTES, site as realSite } from '../support/facts.ts';
import { withoutAssets } from '../support/fixture.ts';
import { get, nginxBinary, nginxMainConf } from './engines.ts';
import { hostUnderTest, SERVER_NAME as serverName } from './host-run.ts';

// started once for the layer (tests/deploy/hosts.ts) with the block generator/nginx.ts writes for its port; null
// (skipped, saying why: hosts.ts) only where nginx could not be installed, never in CI (tests/support/global-setup.ts)
const run = hostUnderTest('nginx');
const nginxBin = nginxBinary()!;
// the block the build wrote beside dist/
const builtConf = run ? path.join(path.dirname(run.out), 'deploy', 'nginx.conf') : '';

describe.skipIf(!run)('nginx serving dist/ with the generated server block', () => {
  it('the build wrote the server block outside dist/, for this dist/, and nginx accepts it as written', () => {
    const written = readFileSync(builtConf, 'utf8');
    expect(written).toBe(nginxConf(run!.site, { root: run!.out }));
    expect(written).toContain(`root "${run!.out}";`);
    expect(written).toMatch(/listen 80;/);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'nginx-t-'));
    try {
      writeFileSync(path.join(tmp, 'test.conf'), nginxMainConf(tmp, builtConf));
      execSync(`${nginxBin} -t -q -p ${tmp} -c ${tmp}/test.conf -e ${tmp}/error.log`, { stdio: 'pipe' });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('compresses text with gzip', async () => {
    const { site, out } = run!;
    for (const p of ['/', ROUTES.find((r) => r !== '/')!, site.assets.js, '/sitemap.xml']) {
      const r = await get(run!.port, p, serverName, { 'accept-encoding': 'gzip' });
      expect(r.headers['content-encoding'], p).toBe('gzip');
      expect(r.headers.vary, p).toMatch(/Accept-Encoding/i);
      const file = ROUTES.includes(p) ? fileForPath(p) : p.slice(1);
      expect(gunzipSync(r.body).toString(), p).toBe(readFileSync(path.join(out, file), 'utf8'));
    }
  });
});

describe('the server block generator', () => {
  const conf = (redirects: Site['redirects'], root: string) =>
    nginxConf(withoutAssets({ ...realSite, redirects }, { head: 'www()', redirect: 'go()' }), { root });
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
