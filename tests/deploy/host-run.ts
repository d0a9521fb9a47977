// Runs the table of expectations.ts against one host serving a fresh build on loopback, with plain HTTP requests (no
// redirect followed, nothing decompressed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { EDITOR_PATH } from '../../templates/model/constants.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../generator/host-files.ts';
import { headersFor, siteHeaders, type HeaderRule } from '../support/server.ts';
import { LIVE } from '../support/live-settings.ts';
import { get, type Reply } from './engines.ts';
import { probes, table, type Host, type Row } from './expectations.ts';
import type { Served } from './hosts.ts';

/** The Host header every request carries: the live site's, as check:live asks the same engines. */
export const SERVER_NAME = LIVE.host;

/** The build a host serves (tests/deploy/hosts.ts): its dist/ as built, and its `_headers` parsed. */
interface Built {
  out: string;
  rules: HeaderRule[];
}

/** Checks one reply against a row's expectation for this host: the row's own, with the host's named difference applied. */
function check(row: Row, host: Host, r: Reply, built: Built): void {
  const e = { ...row.expect, ...row.differs?.[host]?.expect };
  const at = `${host} ${row.www ? 'WWW.' : ''}${row.path}`;
  expect(r.status, at).toBe(e.status);
  if (e.location !== undefined)
    expect(r.headers.location ?? null, `${at} Location`).toBe(e.location?.replace('{host}', SERVER_NAME) ?? null);
  if (e.body !== undefined)
    expect(r.body.toString(), `${at} body is dist/${e.body}`).toBe(readFileSync(path.join(built.out, e.body), 'utf8'));
  if (e.type !== undefined) expect(r.headers['content-type'], `${at} Content-Type`).toBe(e.type);
  const urlPath = new URL(row.path, 'http://x').pathname;
  const wanted = headersFor(built.rules, urlPath);
  // the security headers of `/*`, or, for the editor (/admin, /admin/...), its own policy in place of the public one
  const security = headersFor(built.rules, `${urlPath}/`.startsWith(EDITOR_PATH) ? EDITOR_PATH : '/');
  if (e.headers === 'page' || e.headers === 'file') {
    for (const [name, value] of Object.entries(wanted)) expect(r.headers[name.toLowerCase()], `${at} ${name}`).toBe(value);
    if (e.headers === 'page') expect(r.headers['cache-control'], `${at} Cache-Control`).toBe(REVALIDATE_CACHE);
    if (urlPath.startsWith('/assets/')) expect(r.headers['cache-control'], `${at} Cache-Control`).toBe(IMMUTABLE_CACHE);
  }
  if (e.headers !== 'none') {
    // the security headers: those `_headers` gives every path (`/*`)
    for (const [name] of built.rules.find((rule) => rule.pattern === '/*')!.headers)
      expect(r.headers[name.toLowerCase()], `${at} ${name}`).toBe(security[name]);
    // immutable only for a hashed asset's own answer, or its permanent move (Pages: estimate-{hash}.html to estimate-{hash})
    if (!urlPath.startsWith('/assets/') || (r.status !== 200 && r.status !== 308))
      expect(r.headers['cache-control'] ?? '', `${at} Cache-Control`).not.toMatch(/immutable/);
  }
}

/** A host under test, started once for the layer (tests/deploy/hosts.ts), with the whole table run against it (rows
 *  grouped by promise, and the hostile probes); null (skipped) only where the host could not be installed, outside CI. */
export function hostUnderTest(host: Host): Served | null {
  const run = inject('deployHosts')[host];
  const built = run && { out: run.out, rules: siteHeaders(run.out) };
  describe.skipIf(!run)(`${host}: what docs/deploy.md promises (tests/deploy/expectations.ts)`, () => {
    const rows = built ? table(built.out) : [];
    const byPromise = new Map<string, Row[]>();
    for (const row of rows) byPromise.set(row.promise, [...(byPromise.get(row.promise) ?? []), row]);
    for (const [promise, group] of byPromise) {
      const differs = group.some((row) => row.differs?.[host]);
      it(differs ? `${promise} [${host} differs on some rows: see expectations.ts]` : promise, async () => {
        for (const row of group) {
          check(row, host, await get(run!.port, row.path, row.www ? `WWW.${SERVER_NAME}` : SERVER_NAME), built!);
        }
      });
    }
    it('hostile paths: no redirect to another host, no injected header, nothing outside dist/', async () => {
      for (const p of probes()) {
        const r = await get(run!.port, p.path, SERVER_NAME);
        const at = `${host} ${p.path} (${p.why})`;
        expect(r.headers.location ?? '', at).not.toMatch(/^(\/\/|\/\\|\\|[a-z][a-z0-9+.-]*:)/i);
        expect(r.headers.location ?? '', at).not.toMatch(/[\r\n]/);
        expect(r.headers['set-cookie'], at).toBeUndefined();
        expect(r.status, at).not.toBe(500);
        expect(r.body.toString(), at).not.toMatch(/root:.*:0:0:/);
      }
    });
  });
  return run;
}
