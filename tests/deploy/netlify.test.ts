// Netlify's own engine, `netlify dev --offline`, serving a build with netlify.toml, checked against the table
// every host shares (expectations.ts); where netlify dev is not the CDN, the rules are read with Netlify's own parsers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentType } from '../../generator/build-site.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../generator/host-files.ts';
import { root } from '../support/paths.ts';
import { REDIRECTS, ROUTES } from '../support/facts.ts';
import { engineVersion, ensureEngine } from './engines.ts';
import { hostUnderTest } from './host-run.ts';

// The project as Netlify deploys it (engines.ts startNetlify, started once for the layer: tests/deploy/hosts.ts):
// netlify.toml, and _redirects and _headers beside dist/; `run.out` is the build as built, with them inside.
const run = hostUnderTest('netlify')!;
const cliDir = ensureEngine('netlify-cli', 'netlify').dir;

/** A package netlify-cli itself uses, loaded from its install. */
async function fromCli<T>(name: string): Promise<T> {
  const require = createRequire(path.join(cliDir, 'node_modules', 'netlify-cli', 'package.json'));
  return (await import(pathToFileURL(require.resolve(name)).href)) as T;
}

describe("Netlify: the engine and the parsers Netlify's build uses", () => {
  it(`runs netlify-cli ${engineVersion('netlify-cli')} offline with netlify.toml, and reports no rule it could not read`, () => {
    console.log(`[netlify test] netlify dev ready in ${(run.ms / 1000).toFixed(1)} s`);
    expect(run.log).not.toMatch(/syntax error|invalid|could not|warning/i);
    expect(run.log).not.toMatch(/ENOTFOUND|EAI_AGAIN|fetch failed/i);
  });

  it('_redirects: every rule parses, is a plain 301 (never forced, so the stub page stays), one per redirect of site.yaml', async () => {
    const { parseAllRedirects } = await fromCli<{ parseAllRedirects: (o: object) => Promise<{ redirects: any[]; errors: Error[] }> }>(
      '@netlify/redirect-parser',
    );
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [path.join(run.out, '_redirects')],
      configRedirects: [],
      minimal: false,
    });
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(redirects.map((r) => [r.from, r.to, r.status, r.force])).toEqual(REDIRECTS.map(([from, to]) => [from, to, 301, false]));
  });

  // what netlify dev cannot show (its own Cache-Control wins there): the Cache-Control Netlify reads for each kind of path;
  // the security headers it serves are checked in the table, and the file itself in tests/build/headers.test.ts
  it("_headers: parses, and gives pages the revalidating and hashed assets the immutable Cache-Control, as Netlify's parser reads it", async () => {
    const { parseAllHeaders } = await fromCli<{
      parseAllHeaders: (o: object) => Promise<{ headers: { forRegExp: RegExp; values: object }[]; errors: Error[] }>;
    }>('@netlify/headers-parser');
    const { headers, errors } = await parseAllHeaders({
      headersFiles: [path.join(run.out, '_headers')],
      configHeaders: [],
      minimal: false,
    });
    expect(errors.map((e) => e.message)).toEqual([]);
    const { site } = run;
    const paths = [...ROUTES, site.assets.js, '/sitemap.xml', '/no-such-page'];
    for (const p of paths) {
      const values = Object.assign({}, ...headers.filter((h) => h.forRegExp.test(p)).map((h) => h.values));
      const cache = ROUTES.includes(p) ? REVALIDATE_CACHE : p.startsWith('/assets/') ? IMMUTABLE_CACHE : undefined;
      expect(values['Cache-Control'], `${p} Cache-Control`).toBe(cache);
    }
    expect(contentType(site.assets.js)).toMatch(/javascript/);
  });

  it('netlify.toml builds with npm run build, publishes dist/ and names the Node of .node-version, the one package.json installs for the tests (tests/support/global-setup.ts runs on no other) and its engines allow', async () => {
    const toml = await fromCli<{ parse: (s: string) => any }>('@iarna/toml');
    const config = toml.parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8'));
    expect(config.build.command).toBe('npm run build');
    expect(config.build.publish).toBe('dist');
    const pinned = readFileSync(path.join(root, '.node-version'), 'utf8').trim();
    expect(config.build.environment.NODE_VERSION).toBe(pinned);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    // the Node npm's scripts run (node_modules/.bin/node): npm's package of Node's binaries for each platform it has
    expect(Object.values(pkg.optionalDependencies)).toEqual(Object.keys(pkg.optionalDependencies).map(() => pinned));
    expect(pkg.engines.node).toBe(`^${pinned}`);
  });
});
