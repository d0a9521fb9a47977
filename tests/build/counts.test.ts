// Counts that follow from the content are derived, never typed: "nine cities" goes stale the day a city is added.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statedCounts } from '../../generator/markdown.ts';
import { testFixture } from '../support/test-fixture.ts';
import { contentDir, root } from '../support/paths.ts';
import { walk } from '../support/files.ts';

const filesUnder = (dir: string, ext: RegExp) => walk(dir, (f) => ext.test(f));

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
    const files = [...filesUnder(contentDir, /\.(md|yaml)$/), ...filesUnder(path.join(root, 'templates'), /\.tsx?$/)];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      statedCounts(readFileSync(f, 'utf8')).map((c) => `${path.relative(root, f)}:${c.line}: ${c.phrase}`),
    );
    expect(found).toEqual([]);
  });
  it('a stated count is a build warning naming the file, the line and the token', async () => {
    const fx = testFixture();
    const about = fx.read('pages/about.md');
    fx.write('pages/about.md', about.replace(/\n---\n/, '\n---\nWe work in nine cities.\n'));
    const line = about.slice(0, about.indexOf('\n---\n') + 5).split('\n').length;
    const r = await fx.build();
    const file = path.relative(process.cwd(), fx.file('pages/about.md'));
    expect(r.warnings).toEqual([
      `${file}, line ${line}: "nine cities" states a count that goes stale when the list changes; write {{cityCountWord}} instead`,
    ]);
  });
});
