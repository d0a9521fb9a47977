// Cloudflare Pages' own engine, `wrangler pages dev` (workerd), serving a build with wrangler.toml, offline (started
// once for the layer: tests/deploy/hosts.ts), checked against the table every host shares (expectations.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/paths.ts';
import { engineVersion } from './engines.ts';
import { hostUnderTest } from './host-run.ts';

// run.log: what wrangler printed until it served the first page, where it reports a rule it dropped
const run = hostUnderTest('cloudflare')!;

describe('Cloudflare Pages: the engine itself', () => {
  it(`runs wrangler ${engineVersion('wrangler')} offline, reading wrangler.toml, with no complaint about _headers or _redirects`, () => {
    console.log(`[cloudflare test] wrangler pages dev ready in ${(run.ms / 1000).toFixed(1)} s`);
    // an invalid or over-the-limit rule is dropped with a warning naming the file
    expect(run.log).not.toMatch(/_redirects|_headers|invalid|limit/i);
    expect(run.log).not.toMatch(/Request\.cf|ENOTFOUND|EAI_AGAIN|update available/i);
  });

  it('wrangler.toml publishes dist/ and names a date this workerd supports (a later one would ask the registry for a newer wrangler)', () => {
    const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
    expect(toml).toMatch(/^pages_build_output_dir = "dist"$/m);
    const date = toml.match(/^compatibility_date = "(\d{4}-\d{2}-\d{2})"$/m)?.[1];
    expect(date).toBeTruthy();
    expect(run.log).not.toMatch(/compatibility date/i);
  });
});
