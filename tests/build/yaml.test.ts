// Plain front matter is read without the YAML parser (generator/yaml.ts, parsePlainYaml). Whatever it reads must
// be exactly what the parser reads, and anything the parser could read otherwise must go to the parser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parsePlainYaml } from '../../generator/yaml.ts';
import { AMPERSANDS, ATTR_BREAK, EMOJI, LINE_SEPARATORS, LONG_TITLE, QUOTES, RTL, SCRIPT_BREAK } from '../support/hostile.ts';
import { contentDir } from '../support/paths.ts';
import { syntheticPost } from '../support/posts.ts';

const parser = (src: string) => yaml.load(src, { schema: yaml.CORE_SCHEMA });
/** The front matter gray-matter hands its YAML engine. */
const frontMatterOf = (file: string) => {
  let seen = '';
  matter(file, { engines: { yaml: (s: string) => ((seen = s), {}) } });
  return seen;
};

const contentFiles = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => frontMatterOf(readFileSync(path.join(contentDir, f), 'utf8')));
const synthetic = Array.from({ length: 300 }, (_, i) => frontMatterOf(syntheticPost(i).text));

// Each is a one-line pair a reader might write, which YAML reads as something other than the text, or not at all.
const NOT_PLAIN = [
  'a: true',
  'a: False',
  'a: NULL',
  'a: null',
  'a: 12',
  'a: 0x1F',
  'a: 1.5',
  'a: 1e3',
  'a: .inf',
  'a: ~',
  'a:',
  'a: x #comment',
  'a: b: c',
  'a: "x\\"y"',
  'a: "tab\\tescape"',
  "a: 'it''s'",
  'a: x\na: y',
  'a:  x',
  'a: x ',
  'a: x  y',
  '- a',
  'a:\n  b: c',
  'a: [1, 2]',
  'a: {b: c}',
  'a: &anchor x',
  'a: *alias',
  'a: !tag x',
  'a: |\n  block',
  'a: >\n  folded',
  'a: "x"\r\nb: "y"',
  '\ufeffa: x',
  'a: "\u0007"',
  '__proto__: x',
  ' a: x',
  'a : x',
];
const PLAIN = [
  'title: Tree removal',
  "title: Don't wait",
  'title: "A \'quoted\' #title: yes"',
  'title: \'A "double" #title: no\'',
  'published: 2026-01-05',
  'a: x\n\nb: y',
  'title: Costs (and permits) in Surrey, B.C. - 100% honest?',
  `title: ${JSON.stringify('It’s “curly” — and long')}`,
];

describe('plain front matter read without the YAML parser', () => {
  it('reads every post of the benchmark, and reads it as the parser does', () => {
    for (const src of synthetic) {
      const fast = parsePlainYaml(src);
      expect(fast, src).not.toBeNull();
      expect(fast).toEqual(parser(src));
    }
  });

  it('reads what it reads of the real content as the parser does', () => {
    for (const src of contentFiles) {
      const fast = parsePlainYaml(src);
      if (fast !== null) expect(fast, src).toEqual(parser(src));
    }
  });

  it.each(PLAIN)('reads %j as the parser does', (src) => {
    expect(parsePlainYaml(src)).toEqual(parser(src));
  });

  it.each(NOT_PLAIN)('leaves %j to the parser', (src) => {
    expect(parsePlainYaml(src)).toBeNull();
  });

  it('reads hostile text in quotes as the parser does, or leaves it to the parser', () => {
    for (const text of [SCRIPT_BREAK, ATTR_BREAK, QUOTES, AMPERSANDS, EMOJI, RTL, LINE_SEPARATORS, LONG_TITLE]) {
      for (const src of [`title: ${JSON.stringify(text)}`, `title: '${text}'`, `title: ${text}`]) {
        let expected: unknown;
        try {
          expected = parser(src);
        } catch {
          expect(parsePlainYaml(src), src).toBeNull(); // the parser refuses it: so must this
          continue;
        }
        const fast = parsePlainYaml(src);
        if (fast !== null) expect(fast, src).toEqual(expected);
      }
    }
  });
});
