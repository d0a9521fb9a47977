// Counts that follow from the content are tokens ({{cityCount}}, {{cityCountWord}}, ...), never typed: "nine cities" goes
// stale the day a city is added, so a count stated by hand is a build warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statedCounts } from '../../generator/markdown.ts';
import { countWord } from '../../templates/model/words.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { contentDir, root } from '../support/paths.ts';
import { walk } from '../support/files.ts';
import { $, parseHtml, text } from '../support/html.ts';

// One build of /about with tokens in its title and body, and a count stated by hand at the top of its body.
const fx = builtFixture((f) => {
  f.write('pages/about.md', about.replace(/\n---\n/, '\n---\nWe work in nine cities.\n'));
  f.edit('pages/about.md', /^title: .*$/m, 'title: "About us: {{CityCountWord}} cities, {{serviceCount}} services"');
  f.edit(
    'pages/about.md',
    /^## (.*)$/m,
    '## $1\n\nWe work in {{cityCountWord}} cities and offer {{serviceCountWord}} services, all from one crew list.',
  );
});
const about = fx.read('pages/about.md');
const statedLine = about.slice(0, about.indexOf('\n---\n') + 5).split('\n').length;

describe('count tokens', () => {
  it('spells counts as words up to twelve and as digits beyond', () => {
    expect([0, 1, 9, 12, 13, 40].map(countWord)).toEqual(['zero', 'one', 'nine', 'twelve', '13', '40']);
  });

  it('fills them in front matter, capitalised when the token is, and in Markdown bodies', () => {
    const page = readFileSync(path.join(fx.out, 'about.html'), 'utf8');
    const word = countWord(fx.result.site.cities.length);
    const title = `About us: ${word[0].toUpperCase()}${word.slice(1)} cities, ${fx.result.site.services.length} services`;
    expect(text($('title', parseHtml(page))).slice(0, title.length)).toBe(title);
    expect(page).toContain(`We work in ${word} cities and offer ${countWord(fx.result.site.services.length)} services`);
    expect(page).not.toContain('{{');
  });
});

describe('statedCounts', () => {
  it('finds a count of cities or services in words or digits, with its line and the token to use', () => {
    expect(statedCounts('Intro.\nWe work in nine cities and offer 8 services.\n')).toEqual([
      { line: 2, phrase: 'nine cities', token: '{{cityCountWord}}' },
      { line: 2, phrase: '8 services', token: '{{serviceCount}}' },
    ]);
    expect(statedCounts('across Nine Metro Vancouver cities')).toEqual([
      { line: 1, phrase: 'Nine Metro Vancouver cities', token: '{{cityCountWord}}' },
    ]);
    expect(statedCounts('our 9\nservice areas')).toEqual([{ line: 1, phrase: '9 service areas', token: '{{cityCount}}' }]);
  });
  it('leaves tokens and counts of other things alone', () => {
    expect(statedCounts('{{cityCountWord}} cities, {{serviceCount}} services, three communities, 24/7 service, 15 years')).toEqual([]);
  });
});

describe('the copy and the templates', () => {
  it('state no count of cities or services by hand', () => {
    const files = [...walk(contentDir, (f) => /\.(md|yaml)$/.test(f)), ...walk(path.join(root, 'templates'), (f) => /\.tsx?$/.test(f))];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      statedCounts(readFileSync(f, 'utf8')).map((c) => `${path.relative(root, f)}:${c.line}: ${c.phrase}`),
    );
    expect(found).toEqual([]);
  });
  it('a stated count is a build warning naming the file, the line and the token', () => {
    const file = path.relative(process.cwd(), fx.file('pages/about.md'));
    expect(fx.result.warnings).toEqual([
      `${file}, line ${statedLine}: "nine cities" states a count that goes stale when the list changes; write {{cityCountWord}} instead`,
    ]);
  });
});
