// The documentation holds together: every relative link and #anchor of README.md and docs/ resolves (anchors slugged
// as GitHub does), the README stays short, every decision record is indexed with its context, choice and consequence.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { root } from '../support/paths.ts';
import { decodeHTML } from 'entities';
import { walk } from '../support/files.ts';

const README_MAX_LINES = 150;
const docsDir = path.join(root, 'docs');
const decisionsDir = path.join(docsDir, 'decisions');

/** A heading's text as a browser shows it: code spans, emphasis and link texts included, markup left out. */
function plainText(tokens: Token[] = []): string {
  return tokens
    .map((t) => {
      if ('tokens' in t && t.tokens?.length) return plainText(t.tokens);
      if (t.type === 'text' || t.type === 'codespan' || t.type === 'escape') return decodeHTML((t as Tokens.Text).text);
      return '';
    })
    .join('');
}

/** GitHub's heading anchor (github-slugger): lower case, everything but letters, marks, digits, `_`, `-` and spaces
 *  dropped, spaces to hyphens; a repeated slug gets -1, -2, ... */
function slugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let slug = base;
    while (seen.has(slug)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}

/** The anchors GitHub gives a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const slug = slugger();
  const anchors = new Set<string>();
  marked.walkTokens(marked.lexer(readFileSync(file, 'utf8')), (t) => {
    if (t.type === 'heading') anchors.add(slug(plainText(t.tokens)));
  });
  return anchors;
}

/** Every link and image target a Markdown file names (code blocks and code spans are not links). */
function linksOf(file: string): string[] {
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(readFileSync(file, 'utf8')), (t) => {
    if (t.type === 'link' || t.type === 'image' || t.type === 'def') hrefs.push((t as Tokens.Link).href);
  });
  return hrefs;
}

const external = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/** The relative links of a Markdown file that lead nowhere, each with what is missing. */
function brokenLinks(file: string, repoRoot = root): string[] {
  const problems: string[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const href of linksOf(file)) {
    if (external(href)) continue;
    const [pathPart, anchor] = href.split('#', 2) as [string, string | undefined];
    let rel: string;
    try {
      rel = decodeURIComponent(pathPart.split('?')[0]);
    } catch {
      problems.push(`${href}: not a valid address`);
      continue;
    }
    // GitHub resolves a leading / from the repository's root, anything else from the file's folder
    const target = rel === '' ? file : rel.startsWith('/') ? path.join(repoRoot, rel) : path.resolve(path.dirname(file), rel);
    if (path.relative(repoRoot, target).startsWith('..')) {
      problems.push(`${href}: outside the repository`);
      continue;
    }
    if (!existsSync(target)) {
      problems.push(`${href}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(target).isDirectory() || !target.endsWith('.md')) {
      // GitHub's line anchors (#L12, #L12-L20) are the only anchors a source file has
      const lines = readFileSync(target, 'utf8').split('\n').length;
      const m = /^L(\d+)(?:-L(\d+))?$/.exec(anchor);
      if (statSync(target).isDirectory() || !m || Number(m[2] ?? m[1]) > lines) problems.push(`${href}: no such line or anchor`);
      continue;
    }
    if (!anchors.has(target)) anchors.set(target, anchorsOf(target));
    if (!anchors.get(target)!.has(decodeURIComponent(anchor)))
      problems.push(`${href}: no heading with that anchor in ${path.relative(repoRoot, target)}`);
  }
  return problems;
}

describe('the documentation', () => {
  const files = [path.join(root, 'README.md'), ...walk(docsDir, (f) => f.endsWith('.md'))]; // as absolute paths

  it.each(files.map((f) => [path.relative(root, f), f]))('%s: every relative link and #anchor resolves', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('links the README to the docs it promises', () => {
    const readme = path.join(root, 'README.md');
    const linked = new Set(
      linksOf(readme)
        .filter((h) => !external(h))
        .map((h) => path.resolve(root, decodeURIComponent(h.split('#')[0]))),
    );
    for (const doc of ['editing.md', 'forms.md', 'deploy.md', 'contributing.md', 'architecture.md', 'decisions/README.md'])
      expect(linked.has(path.join(docsDir, doc)), `README.md links docs/${doc}`).toBe(true);
  });

  it(`keeps README.md to at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('indexes every decision in docs/decisions/README.md, and each says its context, choice and consequence', () => {
    const records = readdirSync(decisionsDir).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(records.length).toBeGreaterThan(0);
    const indexed = new Set(linksOf(path.join(decisionsDir, 'README.md')).map((h) => h.split('#')[0]));
    for (const f of records) {
      expect(indexed.has(f), `docs/decisions/README.md links ${f}`).toBe(true);
      const headings = new Set<string>();
      marked.walkTokens(marked.lexer(readFileSync(path.join(decisionsDir, f), 'utf8')), (t) => {
        if (t.type === 'heading' && t.depth === 2) headings.add(plainText(t.tokens));
      });
      const parts = ['Context', 'Choice', 'Consequence'];
      const found = [...headings].filter((h) => parts.includes(h));
      expect(found, f).toEqual(parts);
    }
  });
});

it('the link check itself: reports a missing file, a missing heading and a link out of the repository, and passes what exists', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
  try {
    // headings slugged as GitHub does: punctuation and code marks dropped, spaces to hyphens, a repeat numbered
    writeFileSync(path.join(dir, 'other.md'), '# Other page\n\n## Some `section`: (/a)\n\n## FAQ\n\n## FAQ\n');
    writeFileSync(
      path.join(dir, 'page.md'),
      [
        '# A page',
        '[fine](other.md#some-section-a) [also](other.md#faq-1) [fine](#a-page) [site](https://example.com/nowhere.md)',
        '[gone](no-such-file.md) [lost](other.md#no-such-section) [away](../../outside.md)',
        '`[in code](ignored.md)`',
      ].join('\n\n'),
    );
    expect(brokenLinks(path.join(dir, 'page.md'), dir)).toEqual([
      'no-such-file.md: no such file',
      'other.md#no-such-section: no heading with that anchor in other.md',
      '../../outside.md: outside the repository',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
