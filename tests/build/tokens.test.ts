// Counts in the copy come from the data: {{cityCount}}, {{cityCountWord}}, {{serviceCount}}, {{serviceCountWord}},
// in front matter and Markdown bodies alike, capitalised when the token is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWord } from '../../templates/model/words.ts';
import type { BuildResult } from '../../generator/build-site.ts';
import { Fixture } from '../support/fixture.ts';

let fx: Fixture;
let r: BuildResult;
beforeAll(async () => {
  fx = new Fixture();
  fx.edit('pages/about.md', /^title: .*$/m, 'title: "About us: {{CityCountWord}} cities, {{serviceCount}} services"');
  fx.edit(
    'pages/about.md',
    /^## (.*)$/m,
    '## $1\n\nWe work in {{cityCountWord}} cities and offer {{serviceCountWord}} services, all from one crew list.',
  );
  r = await fx.build();
}, 60_000);
afterAll(() => fx.remove());

describe('count tokens', () => {
  it('spells counts as words up to twelve and as digits beyond', () => {
    expect([0, 1, 9, 12, 13, 40].map(countWord)).toEqual(['zero', 'one', 'nine', 'twelve', '13', '40']);
  });

  it('fills them in front matter, capitalised when the token is', () => {
    const page = readFileSync(path.join(fx.out, 'about.html'), 'utf8');
    const word = countWord(r.site.cities.length);
    const title = `About us: ${word[0].toUpperCase()}${word.slice(1)} cities, ${r.site.services.length} services`;
    expect(page).toContain(`<title>${title}`);
    expect(page).not.toContain('{{');
  });

  it('fills them in Markdown bodies', () => {
    const page = readFileSync(path.join(fx.out, 'about.html'), 'utf8');
    expect(page).toContain(`We work in ${countWord(r.site.cities.length)} cities and offer ${countWord(r.site.services.length)} services`);
  });
});
