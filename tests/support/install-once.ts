// A package installed once into a cache folder of node_modules, for the tools too heavy for every `npm ci` (the hosts'
// engines, the benchmark's Eleventy). No vitest import: the benchmark and the audit run outside vitest.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.ts';

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
