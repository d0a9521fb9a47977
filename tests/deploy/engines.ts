// The hosts' own engines, and how each starts on loopback. wrangler and netlify-cli are too heavy for every `npm ci`:
// the exact versions of package.json `hostEngines` are installed once into node_modules/.cache/arborist-hosts/.
import { execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from '../support/chromium.ts';
import { installOnce } from '../support/install-once.ts';
import { freePort } from '../support/server.ts';
import { root } from '../support/paths.ts';
import { offlineEnv, startOnFreePort } from './host-run.ts';

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
export async function ensureEngine(name: Engine, bin: string): Promise<{ dir: string; bin: string }> {
  const version = engineVersion(name);
  const dir = path.join(root, 'node_modules', '.cache', 'arborist-hosts', `${name}-${version}`);
  const binPath = path.join(dir, 'node_modules', '.bin', bin);
  await installOnce(`${name}@${version}`, dir, binPath, 'tests/deploy');
  return { dir, bin: binPath };
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
  const { bin } = await ensureEngine('wrangler', 'wrangler');
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
  const { bin, dir } = await ensureEngine('netlify-cli', 'netlify');
  const args = async (p: number) => [
    ...['dev', '--offline', '--internal-disable-edge-functions'],
    ...['--dir', 'dist', '--port', String(p), '--no-open'],
  ];
  const env = offlineEnv(tmp, { NETLIFY_NO_UPDATE_NOTIFIER: '1' });
  return { ...(await startOnFreePort('netlify dev', bin, args, { cwd: tmp, env, waitMs: 90_000 })), cliDir: dir };
}

/** Debian's nginx, installed when we may (as root); null when there is none. */
export function nginxBinary(): string | null {
  const find = () => ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!find()) aptInstall(['nginx-light'], ' for the nginx deploy test');
  return find() ?? null;
}

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
