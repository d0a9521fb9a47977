// The hosts' own engines, installed from the npm registry on first use: Cloudflare's `wrangler` (workerd, about
// 200 MB) and Netlify's `netlify-cli` (about 420 MB) are too heavy for every `npm ci`, so a deploy test installs
// the exact version named in package.json `hostEngines` into node_modules/.cache/arborist-hosts/, once, and says so.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * The engine's bin script, installing `name@version` into the cache folder first when it is not there yet. The
 * install runs as a child process the test awaits (a minute or more on a new machine): a synchronous one would keep
 * the test worker from answering vitest meanwhile.
 */
export async function ensureEngine(name: Engine, bin: string): Promise<{ dir: string; bin: string }> {
  const version = engineVersion(name);
  const dir = path.join(root, 'node_modules', '.cache', 'arborist-hosts', `${name}-${version}`);
  const done = path.join(dir, '.installed');
  const binPath = path.join(dir, 'node_modules', '.bin', bin);
  if (existsSync(done) && existsSync(binPath)) return { dir, bin: binPath };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, description: `${name} for tests/deploy` }) + '\n');
  console.log(
    `[deploy test] ${name} ${version} not installed yet: npm install ${name}@${version} into ${path.relative(root, dir)} (once)...`,
  );
  const started = Date.now();
  const npm = spawn('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '--loglevel=error', `${name}@${version}`], {
    cwd: dir,
    stdio: 'inherit',
    // install scripts write settings under $XDG_CONFIG_HOME (netlify-cli: shell completion): keep them in the cache folder
    env: { ...process.env, npm_config_update_notifier: 'false', XDG_CONFIG_HOME: path.join(dir, '.config') },
  });
  const code = await new Promise<number | null>((resolve, reject) => npm.once('error', reject).once('exit', resolve));
  if (code !== 0) throw new Error(`npm install ${name}@${version} failed (exit code ${code})`);
  if (!existsSync(binPath)) throw new Error(`npm installed ${name}@${version} but ${binPath} is missing`);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  console.log(`[deploy test] ${name} ${version} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { dir, bin: binPath };
}
