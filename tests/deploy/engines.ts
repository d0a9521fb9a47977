// The hosts' own engines, and how each starts on loopback. wrangler and netlify-cli are too heavy for every `npm ci`:
// the exact versions of package.json `hostEngines` are installed once into node_modules/.cache/arborist-hosts/.
import { execSync, spawn } from 'node:child_process';
import http from 'node:http';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE } from '../support/live-settings.ts';
import { installOnce } from '../support/install-once.ts';
import { freePort } from '../support/server.ts';
import { root } from '../support/paths.ts';

export type Engine = 'wrangler' | 'netlify-cli';

/** package.json `hostEngines`: the one place the engines' exact versions are written. */
export function engineVersion(name: Engine): string {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { hostEngines?: Record<string, string> };
  const version = pkg.hostEngines?.[name];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`package.json hostEngines["${name}"] must be an exact version, not ${version}`);
  return version;
}

/** The engine's bin script, installed (installOnce) from package.json `hostEngines` into node_modules/.cache/arborist-hosts/. */
export function ensureEngine(name: Engine, bin: string): { dir: string; bin: string } {
  const version = engineVersion(name);
  const dir = path.join(root, 'node_modules', '.cache', 'arborist-hosts', `${name}-${version}`);
  const binPath = path.join(dir, 'node_modules', '.bin', bin);
  installOnce(`${name}@${version}`, dir, binPath, 'tests/deploy');
  return { dir, bin: binPath };
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
    // ready once `/` answers 200, asked every 250 ms; no more asking once the engine has exited
    let ready = false;
    const until = Date.now() + opts.waitMs;
    while (!ready && !gone() && Date.now() < until) {
      ready = await get(port, '/', LIVE.host).then(
        (r) => r.status === 200 && !gone(),
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    if (ready) return { port, ms: Date.now() - started, log: output, stop };
    await stop();
    if (attempt === 3 || !/EADDRINUSE|already in use/.test(output))
      throw new Error(`${name} did not start within ${opts.waitMs / 1000} s:\n${output}`);
  }
}

/** A host's engine started on a free loopback port (startOnFreePort): its port, start time, what it printed, `stop`. */
export type Started = Awaited<ReturnType<typeof startOnFreePort>>;

/** Nothing wrangler does is sent anywhere. */
const WRANGLER_OFFLINE = (tmp: string) => ({
  WRANGLER_SEND_METRICS: 'false', // no telemetry
  WRANGLER_SEND_ERROR_REPORTS: 'false', // no crash reports
  WRANGLER_HIDE_BANNER: 'true', // the banner is what asks the registry for a newer wrangler
  CLOUDFLARE_CF_FETCH_ENABLED: 'false', // no download of the Request.cf placeholder from workers.cloudflare.com
  WRANGLER_LOG_PATH: path.join(tmp, 'wrangler-logs'),
});

/** `wrangler pages dev` serving `tmp`/dist as a Git-connected project, with the repository's wrangler.toml, offline. */
export async function startPages(tmp: string): Promise<Started> {
  copyFileSync(path.join(root, 'wrangler.toml'), path.join(tmp, 'wrangler.toml'));
  const { bin } = ensureEngine('wrangler', 'wrangler');
  const args = async (p: number) => [
    ...['pages', 'dev', '--ip', '127.0.0.1', '--port', String(p), '--inspector-port', String(await freePort())],
    ...['--persist-to', path.join(tmp, 'state'), '--show-interactive-dev-session=false', '--log-level', 'warn'],
  ];
  return startOnFreePort('wrangler pages dev', bin, args, { cwd: tmp, env: offlineEnv(tmp, WRANGLER_OFFLINE(tmp)), waitMs: 60_000 });
}

/** `netlify dev --offline` serving `tmp`/dist as Netlify deploys it: netlify.toml, `_redirects` and `_headers` beside it
 *  (Netlify reads them as configuration and never uploads them); no telemetry, no API, no edge runtime (it downloads Deno). */
export async function startNetlify(tmp: string): Promise<Started & { cliDir: string }> {
  copyFileSync(path.join(root, 'netlify.toml'), path.join(tmp, 'netlify.toml'));
  for (const f of ['_redirects', '_headers']) renameSync(path.join(tmp, 'dist', f), path.join(tmp, f));
  // netlify-cli keeps its settings in $XDG_CONFIG_HOME/netlify (offlineEnv's temp home): telemetry off there
  mkdirSync(path.join(tmp, 'home', '.config', 'netlify'), { recursive: true });
  writeFileSync(path.join(tmp, 'home', '.config', 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true }));
  const { bin, dir } = ensureEngine('netlify-cli', 'netlify');
  const args = async (p: number) => [
    ...['dev', '--offline', '--internal-disable-edge-functions'],
    ...['--dir', 'dist', '--port', String(p), '--no-open'],
  ];
  // http-proxy, which netlify dev serves through, calls util._extend, which Node 24 warns of (DEP0060): Node's warning
  // about a package, not netlify's about the files, which the tests read its output for
  const env = offlineEnv(tmp, { NETLIFY_NO_UPDATE_NOTIFIER: '1', NODE_OPTIONS: '--disable-warning=DEP0060' });
  return { ...(await startOnFreePort('netlify dev', bin, args, { cwd: tmp, env, waitMs: 90_000 })), cliDir: dir };
}

/** Debian's package of nginx, which the tests' global setup installs, and its binary; null when there is none. */
export const NGINX_PACKAGE = 'nginx-light';
export const nginxBinary = (): string | null =>
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

/** The main config around a server block: everything nginx writes goes to `tmp`. */
export function nginxMainConf(tmp: string, serverBlock: string): string {
  const user =
    process.getuid?.() === 0 ? `user nobody ${readFileSync('/etc/group', 'utf8').includes('\nnogroup:') ? 'nogroup' : 'nobody'};` : '';
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

/** nginx serving what `serverBlock(port)` says (generator/nginx.ts's block for a port), its files in `tmp`, which its
 * workers (nobody) may read whatever the umask; its errors to stderr, where startOnFreePort reads them. */
export function startNginx(nginx: string, tmp: string, serverBlock: (port: number) => string): Promise<Started> {
  execSync(`chmod -R a+rX ${JSON.stringify(tmp)}`);
  const args = async (p: number) => {
    writeFileSync(path.join(tmp, 'site.conf'), serverBlock(p));
    writeFileSync(path.join(tmp, 'nginx.conf'), nginxMainConf(tmp, path.join(tmp, 'site.conf')));
    return ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', '/dev/stderr', '-g', 'daemon off;'];
  };
  return startOnFreePort('nginx', nginx, args, { cwd: tmp, env: process.env, waitMs: 20_000 });
}
