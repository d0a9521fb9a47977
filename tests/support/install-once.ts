// A package installed once into a cache folder of node_modules, for the tools too heavy for every `npm ci` (the hosts'
// engines, the benchmark's Eleventy). Called from the tests' global setup (one process, before any test file) and from
// the benchmark; no vitest import, as the benchmark runs outside vitest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.ts';

/** Installs `spec` (name@version) into `dir` unless an earlier install finished there (its `.installed` mark) and left
 *  `file`, saying so; an install cut short is done again from an empty folder. */
export function installOnce(spec: string, dir: string, file: string, forWhat: string): void {
  const done = path.join(dir, '.installed');
  if (existsSync(done) && existsSync(file)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, description: `${spec} for ${forWhat}` }) + '\n');
  console.log(`[${forWhat}] npm install ${spec} into ${path.relative(root, dir)} (once)...`);
  const started = Date.now();
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '--loglevel=error', spec], {
    cwd: dir,
    stdio: 'inherit',
    // install scripts write settings under $XDG_CONFIG_HOME (netlify-cli: shell completion): keep them in the cache folder
    env: { ...process.env, npm_config_update_notifier: 'false', XDG_CONFIG_HOME: path.join(dir, '.config') },
  });
  if (npm.status !== 0) throw new Error(`npm install ${spec} failed (exit code ${npm.status})`);
  if (!existsSync(file)) throw new Error(`npm installed ${spec} but ${file} is missing`);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  console.log(`[${forWhat}] ${spec} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
