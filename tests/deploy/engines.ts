// The hosts' own engines, and how each starts on loopback. wrangler and netlify-cli are too heavy for every `npm ci`:
// the exact versions of package.json `hostEngines` are installed once into node_modules/.cache/arborist-hosts/.
import { execSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from '../support/chromium.ts';
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

/** Installs `spec` (name@version) into `dir` unless `file` is there, saying so; not synchronously (a blocked worker
 *  misses vitest's messages), and one install at a time (two in one folder break each other): the other waits. */
export async function installOnce(spec: string, dir: string, file: string, forWhat: string): Promise<void> {
  const done = path.join(dir, '.installed');
  const ready = () => existsSync(done) && existsSync(file);
  if (ready()) return;
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = await takeLock(`${dir}.lock`);
  try {
    if (ready()) return;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, description: `${spec} for ${forWhat}` }) + '\n');
    console.log(`[${forWhat}] ${spec} not installed yet: npm install ${spec} into ${path.relative(root, dir)} (once)...`);
    const started = Date.now();
    const npm = spawn('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '--loglevel=error', spec], {
      cwd: dir,
      stdio: 'inherit',
      // install scripts write settings under $XDG_CONFIG_HOME (netlify-cli: shell completion): keep them in the cache folder
      env: { ...process.env, npm_config_update_notifier: 'false', XDG_CONFIG_HOME: path.join(dir, '.config') },
    });
    const code = await new Promise<number | null>((resolve, reject) => npm.once('error', reject).once('exit', resolve));
    if (code !== 0) throw new Error(`npm install ${spec} failed (exit code ${code})`);
    if (!existsSync(file)) throw new Error(`npm installed ${spec} but ${file} is missing`);
    writeFileSync(done, `${new Date().toISOString()}\n`);
    console.log(`[${forWhat}] ${spec} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    release();
  }
}

/** A folder made atomically, holding the pid of its maker; waited on (until it is removed, or for 5 s to look whether its
 *  maker still lives) while that process lives, taken over when not. */
async function takeLock(lock: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = Number(existsSync(path.join(lock, 'pid')) ? readFileSync(path.join(lock, 'pid'), 'utf8') : '');
    if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true });
    else
      await new Promise<void>((resolve) => {
        const done = () => (watcher.close(), clearTimeout(timer), resolve());
        const watcher = watch(path.dirname(lock), () => !existsSync(lock) && done());
        const timer = setTimeout(done, 5000);
      });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
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
