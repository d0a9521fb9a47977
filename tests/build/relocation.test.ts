// A copied, moved or renamed checkout builds from its own files, caches included (copied warm, as people copy a
// project), never reading or writing the original, and its caches hold no path of the checkout they were made in.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '../../generator/placeholders.ts';
import { runNode } from '../support/fixture.ts';
import { phonePhoto } from '../support/photos.ts';
import { BUILD_INPUTS, buildArgs, root } from '../support/paths.ts';
import { sha256, walk } from '../support/files.ts';
import { textContent } from 'domutils';
import { $, parseHtml } from '../support/html.ts';

// What a checkout holds (without .git, dist/ and deploy/, which a build makes).
const PROJECT = ['package.json', 'package-lock.json', 'tsconfig.json', ...BUILD_INPUTS, 'node_modules'];
// A class name and a log line no real code uses, to find the copy's own edits in its dist/.
const MARK = `relocation-mark-${process.pid}`;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-relocation-'));
const original = path.join(tmp, 'original');
const copy = path.join(tmp, 'copy');
const moved = path.join(tmp, 'moved-elsewhere');

/** `cp -a` of the named files of a checkout, node_modules' packages hard-linked where the file system allows (copying
 *  half a gigabyte twice was most of this file's time); its .cache, which builds write, copied only when `caches` says. */
function copyCheckout(dir: string, names: string[], to: string, { caches }: { caches: boolean }) {
  const from = names.map((n) => path.join(dir, n));
  mkdirSync(to, { recursive: true });
  const modules = from.find((p) => path.basename(p) === 'node_modules');
  execFileSync('cp', ['-a', ...from.filter((p) => p !== modules), to]);
  if (!modules) return;
  const cache = path.join(modules, '.cache');
  const packages = readdirSync(modules)
    .filter((p) => p !== '.cache')
    .map((p) => path.join(modules, p));
  const into = path.join(to, 'node_modules');
  mkdirSync(into);
  try {
    execFileSync('cp', ['-al', ...packages, into], { stdio: 'pipe' });
  } catch {
    // another file system: a real copy
    rmSync(into, { recursive: true, force: true });
    mkdirSync(into);
    execFileSync('cp', ['-a', ...packages, into]);
  }
  if (caches && existsSync(cache)) execFileSync('cp', ['-a', cache, into]);
}

/** The lines of the settings still at a placeholder: not this file's subject (go-live.test.ts). */
const PLACEHOLDER_LINE = new RegExp(
  `^(warning: \\S*site\\.yaml: (${PLACEHOLDERS.map((p) => p.field.replace('.', '\\.')).join('|')}): |Not ready to go live: )`,
);

/** `npm run build`'s command in a checkout, run by this Node (no npm chatter), stderr without the placeholders' lines. */
async function build(dir: string) {
  const r = await runNode(buildArgs(dir), { cwd: dir });
  return { ...r, stderr: r.stderr.replace(/^.*\n?/gm, (line) => (PLACEHOLDER_LINE.test(line) ? '' : line)) };
}

/** Every file of a checkout that a build may touch (its code, content, output and caches): mtime and content hash. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const top of [...BUILD_INPUTS, 'dist', 'node_modules/.cache']) {
    const abs = path.join(dir, top);
    for (const f of statSync(abs).isDirectory() ? walk(abs) : [abs])
      out.set(path.relative(dir, f), `${statSync(f).mtimeMs} ${sha256(readFileSync(f))}`);
  }
  return out;
}

/** The text of the built stylesheet (inlined in every page's head) and scripts of a dist/. */
function assets(dir: string): { css: string; js: string } {
  const files = readdirSync(path.join(dir, 'dist/assets')).map((f) => path.join(dir, 'dist/assets', f));
  const js = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(f, 'utf8'));
  const css = textContent($('style', parseHtml(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')))!);
  return { css, js: js.join('\n') };
}

let before: Map<string, string>;

beforeAll(async () => {
  // as people copy a project (cp -a: symlinks in node_modules/.bin and modes kept), without the build's caches
  copyCheckout(root, PROJECT, original, { caches: false });
  // a photo on a page, so the photo cache is made and used too
  mkdirSync(path.join(original, 'content/images'), { recursive: true });
  // upright 768 pixels wide: as wide as its place, so the build warns of nothing
  writeFileSync(path.join(original, 'content/images/relocation-test.jpg'), await phonePhoto(3, { width: 1024, height: 768 }));
  appendFileSync(path.join(original, 'content/pages/about.md'), '\n![A crew member checking a tree](/images/relocation-test.jpg)\n');
  const first = await build(original);
  expect([first.status, first.stderr]).toEqual([0, '']);
  before = snapshot(original);
  expect([...before.keys()].some((f) => f.startsWith('node_modules/.cache/arborist-images/'))).toBe(true);
  copyCheckout(original, readdirSync(original), copy, { caches: true }); // the caches warm, as copied
}, 480_000); // copies the checkout and builds it twice: minutes on a busy two-core machine
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a copied project', () => {
  it('builds its own edits to a client file, a stylesheet and its photos, with the caches it was copied with', async () => {
    appendFileSync(path.join(copy, 'styles/base.css'), `\n.${MARK} { color: rebeccapurple; }\n`);
    appendFileSync(path.join(copy, 'client/first-visit/main.tsx'), `\nconsole.info('${MARK}');\n`);
    // a new photo is encoded into the copy's own photo cache
    writeFileSync(path.join(copy, 'content/images/relocation-new.jpg'), await phonePhoto(4, { width: 1024, height: 768 }));
    appendFileSync(path.join(copy, 'content/pages/about.md'), '\n![A stump after grinding](/images/relocation-new.jpg)\n');
    const r = await build(copy);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const built = assets(copy);
    expect(built.css).toContain(`.${MARK}{`);
    expect(built.js).toContain(MARK);
    expect(assets(original).css).not.toContain(MARK);
    const cached = (dir: string) => readdirSync(path.join(dir, 'node_modules/.cache/arborist-images'));
    expect(cached(copy).filter((f) => f.startsWith('relocation-new-'))).toHaveLength(1);
    expect(cached(original).filter((f) => f.startsWith('relocation-new-'))).toEqual([]);
  });

  it('left the original untouched: its code, content, dist/ and caches (contents and mtimes)', () => {
    expect(snapshot(original)).toEqual(before);
  });

  it('keeps no path of the checkout its caches were made in', () => {
    const cache = path.join(copy, 'node_modules/.cache');
    for (const f of readdirSync(cache, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(cache, f);
      if (statSync(file).isFile() && /\.(mjs|js|json)$/.test(f)) expect(readFileSync(file, 'utf8').includes(original), f).toBe(false);
    }
  });
});

it('a moved or renamed project builds with no error and no warning once the path its caches were made at is gone', async () => {
  renameSync(copy, moved);
  appendFileSync(path.join(moved, 'styles/base.css'), `\n.${MARK}-moved { color: teal; }\n`);
  const r = await build(moved);
  expect([r.status, r.stderr]).toEqual([0, '']);
  expect(r.stdout).toMatch(/^Built \d+ pages/);
  expect(assets(moved).css).toContain(`.${MARK}-moved{`);
  // nothing was written back at the old path
  expect(existsSync(copy)).toBe(false);
  expect(snapshot(original)).toEqual(before);
});
