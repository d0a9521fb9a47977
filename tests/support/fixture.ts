// A throwaway copy of content/ and static/ that a test can break on purpose.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { build, BuildFailed, siteModel, type BuildOptions } from '../../generator/build-site.ts';
import type { Site } from '../../templates/model/types.ts';
import type { ContentOptions } from '../../generator/content.ts';
import { writePosts } from './posts.ts';
import { contentDir, root } from './paths.ts';

/** A content file as the editor holds it: its data, and a Markdown file's body. */
export interface Doc {
  data: Record<string, any>;
  body: string;
}

/** A content file's text as a Doc, and back: YAML's core schema, as the build reads it, so dates stay text and any
 *  string is stored faithfully; the layout may change. */
export function docOf(file: string, text: string): Doc {
  const head = file.endsWith('.md') ? /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text) : null;
  if (file.endsWith('.md') && !head) throw new Error(`${file} has no front matter`);
  const data = yaml.load(head ? head[1] : text, { schema: yaml.CORE_SCHEMA }) as Record<string, any>;
  return { data, body: head ? text.slice(head[0].length) : '' };
}
export function textOf(file: string, doc: Doc): string {
  const data = JSON.parse(JSON.stringify(doc.data)); // undefined fields left out, as the editor leaves them
  const dumped = yaml.dump(data, { lineWidth: -1, noRefs: true, schema: yaml.CORE_SCHEMA });
  return file.endsWith('.md') ? `---\n${dumped}---\n${doc.body}` : dumped;
}

/** Changes the data of a content file at `file`: a Markdown file's front matter (its body kept), or a YAML file. */
export function editData(file: string, change: (data: Record<string, any>) => void) {
  const doc = docOf(file, readFileSync(file, 'utf8'));
  change(doc.data);
  writeFileSync(file, textOf(file, doc));
}

/** A site model with stand-in assets (no CSS, scripts or dialog built), to render a page or a host file without a build. */
export const withoutAssets = (site: Omit<Site, 'assets'>, inlineScripts = { head: '', redirect: '' }): Site => ({
  ...site,
  assets: { css: () => '', styles: [''], js: '/a.js', dialog: '/e.html', words: '/w.json', icon: '/i.svg', inlineScripts },
});

/** The footer's year in a fixture's build, whatever the clock says. */
export const YEAR = 2026;

export class Fixture {
  dir = mkdtempSync(path.join(os.tmpdir(), 'site-fixture-'));
  content = path.join(this.dir, 'content');
  static = path.join(this.dir, 'static');
  out = path.join(this.dir, 'dist');

  constructor() {
    cpSync(contentDir, this.content, { recursive: true });
    cpSync(path.join(root, 'static'), this.static, { recursive: true });
  }
  file(rel: string) {
    return path.join(this.content, rel);
  }
  read(rel: string) {
    return readFileSync(this.file(rel), 'utf8');
  }
  write(rel: string, text: string) {
    writeFileSync(this.file(rel), text);
  }
  /** Changes a content file's data (front matter, or YAML): editData. */
  editData(rel: string, change: (data: Record<string, any>) => void) {
    editData(this.file(rel), change);
  }
  edit(rel: string, from: string | RegExp, to: string) {
    const before = this.read(rel);
    const after = before.replace(from, to);
    if (after === before) throw new Error(`fixture edit of ${rel} matched nothing: ${from}`);
    this.write(rel, after);
  }
  /** Changes site.yaml's data, whatever its layout (the file is written back in the editor's layout). */
  editSite(change: (data: Record<string, any>) => void) {
    this.editData('site.yaml', change);
  }
  /** Sets site.yaml forms.delivery (and endpoint), whatever the copy says now. */
  setDelivery(delivery: string, endpoint?: string) {
    const text = this.read('site.yaml').replace(/^ {2}(delivery|endpoint):.*\n/gm, '');
    this.write('site.yaml', text.replace(/^forms:\n/m, `forms:\n  delivery: ${delivery}\n${endpoint ? `  endpoint: ${endpoint}\n` : ''}`));
  }
  /** Sets one of site.yaml's timings (milliseconds), whatever the copy says now. */
  setTiming(name: string, ms: number) {
    const text = this.read('site.yaml').replace(new RegExp(`^ {2}${name}:.*\\n`, 'm'), '');
    this.write('site.yaml', text.replace(/^timing:\n/m, `timing:\n  ${name}: ${ms}\n`));
  }
  /** Builds the copy into `out`; `opts` as the build takes them (its clock, `now`, for one). */
  build(opts: Partial<BuildOptions> = {}) {
    return build({ content: this.content, static: this.static, out: this.out, quiet: true, year: YEAR, ...opts });
  }
  /** The content check alone (siteModel: no page rendered): the site model a build of the copy publishes, its warnings
   *  and the editor's site index, or BuildFailed. */
  model(opts: Partial<ContentOptions> = {}) {
    return siteModel({ content: this.content, static: this.static, year: YEAR, ...opts });
  }
  /** What a build finds in the copy, without rendering a page: its content errors ([] when it would build) or its
   *  warnings, each file named from the copy's folder (content/...), as the editor names it. */
  async check(): Promise<{ errors: { file: string; field: string; problem: string }[]; warnings: string[] }> {
    // messages name files from the working folder
    const named = (s: string) => s.replaceAll(`${path.relative(process.cwd(), this.dir)}${path.sep}`, '');
    try {
      const { warnings } = await this.model();
      return { errors: [], warnings: warnings.map(named) };
    } catch (e) {
      if (!(e instanceof BuildFailed)) throw e;
      return { errors: e.errors.map(({ file, field, problem }) => ({ file: named(file), field, problem: named(problem) })), warnings: [] };
    }
  }
  /** Builds the copy through the command line (build.ts, as `npm run dev` runs it), with more flags and environment
   *  variables (a host's, as Netlify sets CONTEXT): its exit status and what it printed. */
  cli(flags: string[] = [], env: NodeJS.ProcessEnv = {}) {
    return runTsx(['build.ts', '--content', this.content, '--static', this.static, '--out', this.out, ...flags], env);
  }
  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** This Node run with `args` in a process of its own (in `cwd`, the project unless given), not blocking (a blocked worker
 *  misses vitest's messages): its exit status and what it printed. */
export function runNode(args: string[], { cwd = root, env = {} }: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return promisify(execFile)(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } }).then(
    (r) => ({ status: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ status: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}
/** A script of the project run through tsx: runNode's answer. */
export const runTsx = (args: string[], env: NodeJS.ProcessEnv = {}) => runNode(['--import', 'tsx', ...args], { env });

/** A copy of content/ (`fx`, a new one unless given) whose blog holds `count` generated posts and nothing else,
 *  optionally `perPage` to a page. */
export function blogFixture(count: number, perPage?: number, fx = new Fixture()): Fixture {
  for (const f of readdirSync(fx.file('blog'))) rmSync(fx.file(`blog/${f}`));
  // Pages that link the real posts keep working: they point at the blog instead.
  for (const dir of ['cities', 'services', 'pages'])
    for (const f of readdirSync(fx.file(dir))) fx.write(`${dir}/${f}`, fx.read(`${dir}/${f}`).replace(/\/blog\/[a-z0-9-]+/g, '/blog'));
  writePosts(fx.file('blog'), count);
  if (perPage) fx.write('site.yaml', `${fx.read('site.yaml')}\nblog:\n  perPage: ${perPage}\n`);
  return fx;
}
