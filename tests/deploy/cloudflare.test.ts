// Cloudflare Pages' own engine: `wrangler pages dev` serves a fresh build on workerd (the runtime Pages runs) with the
// repository's wrangler.toml, applying _headers and _redirects as Pages does, on loopback and offline. Checked
// against the table every host shares (tests/deploy/expectations.ts). wrangler is installed on first use
// (tests/deploy/engines.ts); telemetry, error reports, the update check and the Request.cf download are off.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/paths.ts';
import { ensureEngine, engineVersion } from './engines.ts';
import { freePort } from '../support/server.ts';
import { buildSite, hostUnderTest, offlineEnv, startOnFreePort } from './host-run.ts';

const built = await buildSite('cloudflare');
// the project as Pages sees it: the repository's wrangler.toml beside the built dist/
copyFileSync(path.join(root, 'wrangler.toml'), path.join(built.tmp, 'wrangler.toml'));

/** What wrangler may not do: nothing is sent anywhere. */
const OFFLINE = {
  WRANGLER_SEND_METRICS: 'false', // no telemetry
  WRANGLER_SEND_ERROR_REPORTS: 'false', // no crash reports
  WRANGLER_HIDE_BANNER: 'true', // the banner is what asks the registry for a newer wrangler
  CLOUDFLARE_CF_FETCH_ENABLED: 'false', // no download of the Request.cf placeholder from workers.cloudflare.com
  WRANGLER_LOG_PATH: path.join(built.tmp, 'wrangler-logs'),
};

// run.log: what wrangler printed until it served the first page, where it reports a rule it dropped
const run = hostUnderTest(
  'cloudflare',
  built,
  async () => {
    const { bin } = await ensureEngine('wrangler', 'wrangler');
    // no directory argument: wrangler takes pages_build_output_dir from wrangler.toml, as a Git-connected project does
    const args = async (p: number) => [
      ...['pages', 'dev', '--ip', '127.0.0.1', '--port', String(p), '--inspector-port', String(await freePort())],
      ...['--persist-to', path.join(built.tmp, 'state'), '--show-interactive-dev-session=false', '--log-level', 'warn'],
    ];
    return startOnFreePort('wrangler pages dev', bin, args, { cwd: built.tmp, env: offlineEnv(built, OFFLINE), waitMs: 60_000 });
  },
  600_000,
);

describe('Cloudflare Pages: the engine itself', () => {
  it(`runs wrangler ${engineVersion('wrangler')} offline, reading wrangler.toml, with no complaint about _headers or _redirects`, () => {
    const log = run.log;
    console.log(`[cloudflare test] wrangler pages dev ready in ${(run.ms / 1000).toFixed(1)} s`);
    // an invalid or over-the-limit rule is dropped with a warning naming the file
    expect(log).not.toMatch(/_redirects|_headers|invalid|limit/i);
    expect(log).not.toMatch(/Request\.cf|ENOTFOUND|EAI_AGAIN|update available/i);
  });

  it('wrangler.toml publishes dist/ and names a date this workerd supports (a later one would ask the registry for a newer wrangler)', () => {
    const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
    expect(toml).toMatch(/^pages_build_output_dir = "dist"$/m);
    const date = toml.match(/^compatibility_date = "(\d{4}-\d{2}-\d{2})"$/m)?.[1];
    expect(date).toBeTruthy();
    expect(run.log).not.toMatch(/compatibility date/i);
  });
});
