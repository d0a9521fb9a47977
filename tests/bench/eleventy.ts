// Eleventy beside the project in the benchmark: an Eleventy project with the same synthetic posts and one layout
// (title, date, body), built cold (output deleted first) from a fresh process, as the project's builds are. Eleventy is
// installed from the npm registry on first use into node_modules/.cache/arborist-eleventy/, never a dependency of the
// site (as tests/deploy/engines.ts installs the hosts' engines).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { syntheticPost } from '../support/posts.ts';

/** The Eleventy the benchmark compares with: the latest 3.x when it was added. */
export const ELEVENTY_VERSION = '3.1.8';

/** Eleventy's command-line script, installing it into the cache folder first when it is not there yet. */
export async function ensureEleventy(root: string): Promise<string> {
  const dir = path.join(root, 'node_modules/.cache/arborist-eleventy', `eleventy-${ELEVENTY_VERSION}`);
  const done = path.join(dir, '.installed');
  const cli = path.join(dir, 'node_modules/@11ty/eleventy/cmd.cjs');
  if (existsSync(done) && existsSync(cli)) return cli;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, description: 'Eleventy for tests/bench' }) + '\n');
  console.log(
    `Eleventy ${ELEVENTY_VERSION} not installed yet: npm install @11ty/eleventy@${ELEVENTY_VERSION} into ${path.relative(root, dir)} (once)...`,
  );
  const npm = spawn(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-exact', '--loglevel=error', `@11ty/eleventy@${ELEVENTY_VERSION}`],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    },
  );
  const code = await new Promise<number | null>((resolve, reject) => npm.once('error', reject).once('exit', resolve));
  if (code !== 0) throw new Error(`npm install @11ty/eleventy@${ELEVENTY_VERSION} failed (exit code ${code})`);
  if (!existsSync(cli)) throw new Error(`npm installed @11ty/eleventy@${ELEVENTY_VERSION} but ${cli} is missing`);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return cli;
}

/** Writes an Eleventy project with the same N posts the project's benchmark builds: plain Markdown, one Liquid layout. */
export function makeEleventySite(dir: string, n: number) {
  mkdirSync(path.join(dir, 'src/blog'), { recursive: true });
  mkdirSync(path.join(dir, 'src/_includes'), { recursive: true });
  // Markdown as Markdown (not run through Liquid first), as Hugo and the project read it
  writeFileSync(
    path.join(dir, 'eleventy.config.mjs'),
    'export default function () {\n  return { dir: { input: "src" }, markdownTemplateEngine: false, templateFormats: ["md"] };\n}\n',
  );
  writeFileSync(
    path.join(dir, 'src/_includes/post.liquid'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><h1>{{ title }}</h1>' +
      '<p><time>{{ published | date: "%Y-%m-%d" }}</time></p>{{ content }}</body></html>\n',
  );
  writeFileSync(path.join(dir, 'src/blog/blog.json'), JSON.stringify({ layout: 'post.liquid' }) + '\n');
  for (let i = 0; i < n; i++) {
    const post = syntheticPost(i);
    writeFileSync(path.join(dir, 'src/blog', `${post.slug}.md`), post.text);
  }
}

/** Node's arguments for one cold Eleventy build of the project in dir (its output deleted first). */
export function eleventyArgs(cli: string, dir: string, out: string): string[] {
  rmSync(out, { recursive: true, force: true });
  rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
  return [cli, '--config=eleventy.config.mjs', `--output=${out}`, '--quiet'];
}
