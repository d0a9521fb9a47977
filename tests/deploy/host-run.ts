// Runs the table of expectations.ts against one host serving a fresh build on loopback, with plain HTTP requests (no
// redirect followed, nothing decompressed).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../generator/build-site.ts';
import { EDITOR_PATH, IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../generator/host-files.ts';
import { freePort, headersFor, siteHeaders, type HeaderRule } from '../support/server.ts';
import { root } from '../support/paths.ts';
import { probes, table, type Host, type Row } from './expectations.ts';

/** The Host header every request carries. */
export const SERVER_NAME = 'example.com';

export interface Built {
  tmp: string; // a temp folder holding dist/ and whatever the host needs beside it
  out: string; // the built dist/
  result: BuildResult;
  rules: HeaderRule[]; // dist/_headers, parsed
}

/** The real content built into a fresh temp folder, with the editor at /admin/, so its own policy is proven on each host. */
export async function buildSite(label: string, extra: (tmp: string) => Partial<BuildOptions> = () => ({})): Promise<Built> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `site-${label}-`));
  const out = path.join(tmp, 'dist');
  const content = path.join(root, 'content');
  const result = await build({ content, static: path.join(root, 'static'), out, quiet: true, localEditor: true, ...extra(tmp) });
  return { tmp, out, result, rules: siteHeaders(out) };
}

/** The environment a host's CLI runs in: a home of its own in the temp folder `tmp`, where it writes its settings, and `env`. */
export function offlineEnv(tmp: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const home = path.join(tmp, 'home');
  mkdirSync(home, { recursive: true });
  return { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), NO_COLOR: '1', ...env };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on loopback, as a browser would send it to `host`, nothing followed or decoded; gives up after 20 s. */
export function get(port: number, urlPath: string, host: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { host, ...headers }, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${urlPath}: no answer in 20 s`)));
    req.on('error', reject);
  });
}

/** Starts an engine on a free loopback port in a process group of its own (wrangler and netlify start servers of their
 *  own: the group stops as a whole), ready once `/` answers 200 within `waitMs`; another port (three tries) when the one
 *  picked was taken meanwhile. Gives the port, the start's time, what the engine printed, and `stop`. */
export async function startOnFreePort(
  name: string,
  cmd: string,
  args: (port: number) => Promise<string[]>,
  opts: { cwd: string; env: NodeJS.ProcessEnv; waitMs: number },
): Promise<{ port: number; ms: number; log: string; stop: () => Promise<void> }> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(cmd, await args(port), { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, s);
      } catch {
        /* gone already */
      }
    };
    const stop = async () => {
      if (gone()) return;
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (!gone()) signal('SIGKILL');
    };
    // ready once `/` answers 200; no more tries once the engine has exited
    const answers = async () => {
      if (!gone() && (await get(port, '/', SERVER_NAME)).status !== 200) throw new Error(`${name}: / does not answer 200 yet`);
    };
    const ready = await vi.waitFor(answers, { timeout: opts.waitMs, interval: 250 }).then(
      () => !gone(),
      () => false,
    );
    if (ready) return { port, ms: Date.now() - started, log: output, stop };
    await stop();
    if (attempt === 3 || !/EADDRINUSE|already in use/.test(output))
      throw new Error(`${name} did not start within ${opts.waitMs / 1000} s:\n${output}`);
  }
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

/** A host under test: its engine started before the file's tests, stopped and its build removed after them, and the
 *  whole table run against it (rows grouped by promise, and the hostile probes); all skipped without a build. */
export function hostUnderTest(host: Host, built: Built | null, start: () => ReturnType<typeof startOnFreePort>, timeout: number) {
  const run = { port: 0, ms: 0, log: '', stop: async () => {} };
  beforeAll(async () => {
    if (built) Object.assign(run, await start());
  }, timeout);
  afterAll(async () => {
    await run.stop();
    if (built) rmSync(built.tmp, { recursive: true, force: true });
  });
  describe.skipIf(!built)(`${host}: what docs/deploy.md promises (tests/deploy/expectations.ts)`, () => {
    const rows = built ? table(built.out) : [];
    const byPromise = new Map<string, Row[]>();
    for (const row of rows) byPromise.set(row.promise, [...(byPromise.get(row.promise) ?? []), row]);
    for (const [promise, group] of byPromise) {
      const differs = group.some((row) => row.differs?.[host]);
      it(differs ? `${promise} [${host} differs on some rows: see expectations.ts]` : promise, async () => {
        for (const row of group) {
          check(row, host, await get(run.port, row.path, row.www ? `WWW.${SERVER_NAME}` : SERVER_NAME), built!);
        }
      });
    }
    it('hostile paths: no redirect to another host, no injected header, nothing outside dist/', async () => {
      for (const p of probes()) {
        const r = await get(run.port, p.path, SERVER_NAME);
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
