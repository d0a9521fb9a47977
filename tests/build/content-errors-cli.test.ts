// Every kind of content mistake: the message `npm run build` prints names the file and the field, and the previous
// dist/ (and nginx config) are left exactly as they were. Each mistake is built in this process (the command line
// prints the build's own message, word for word); a mistake of each stage of the build (reading YAML, checking the
// model, checking the rendered links) also goes through the real command line, which must fail with it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import yaml from 'js-yaml';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailed } from '../../generator/build-site.ts';
import { CITY_SLUGS, site } from '../support/facts.ts';
import { snapshot } from '../support/files.ts';
import { contentFileWith, Fixture } from '../support/fixture.ts';
import { syntheticPost } from '../support/posts.ts';
import { contentDir, root } from '../support/site.ts';

interface Case {
  name: string;
  change: (fx: Fixture) => void;
  file: string; // under content/
  field: string | null | ((fx: Fixture) => string); // null: a YAML syntax error has no field, the message gives the line instead
  problem: RegExp | ((fx: Fixture) => RegExp);
}

/** The line (from 1, as editors count) where `needle` first appears in a content file. */
function lineOf(fx: Fixture, file: string, needle: string): number {
  const text = fx.read(file);
  expect(text).toContain(needle);
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}
const bodyLine = (file: string, needle: string) => (fx: Fixture) => `body, line ${lineOf(fx, file, needle)}`;

// The company's own files are changed by what such a file has (a required field), never by name; the post is the
// test's own.
const SERVICE_SLUGS = site.services.map((s) => s.slug);
const [S0, S1] = SERVICE_SLUGS.map((s) => `services/${s}.md`);
const CITY_WITH_CARDS = contentFileWith('cities', CITY_SLUGS, /^ {2}- service: [a-z0-9-]+/m);
const CITY_WITH_NEARBY = contentFileWith('cities', CITY_SLUGS, /^nearby: \[[a-z0-9-]+/m);
const CITY_WITH_MAP = contentFileWith('cities', CITY_SLUGS, /height: \d+ \}/);
const SERVICE_WITH_PRICE = contentFileWith('services', SERVICE_SLUGS, /^startingPrice: \d+$/m);
const FIRST_ANSWER = /^(faq:\n {2}- q: .*\n {4}a: >-\n)/m; // the first FAQ answer, a folded block
const SERVICE_WITH_FAQ = contentFileWith('services', SERVICE_SLUGS, FIRST_ANSWER);
const POST = `blog/${syntheticPost(0).slug}.md`;
const addPost = (fx: Fixture) => expect(fx.addPost()).toBe(POST);
const UNUSED = 'zz-no-such-place'; // a slug no content uses
const LAST_REDIRECT =
  (yaml.load(readFileSync(path.join(contentDir, 'site.yaml'), 'utf8')) as { redirects: unknown[] }).redirects.length - 1;
const NOWHERE = /goes nowhere: it is neither a page, a redirect nor a file in static\//;

const CASES: Case[] = [
  // bad YAML
  {
    name: 'bad YAML in front matter',
    change: (fx) => fx.edit(S0, /^name: .*$/m, 'name: [unclosed'),
    file: S0,
    field: 'front matter',
    problem: /invalid YAML at line \d+, column \d+/, // where the parser notices depends on the lines after it
  },
  {
    name: 'bad YAML in site.yaml',
    change: (fx) => fx.edit('site.yaml', /^cities:/m, ' cities:'),
    file: 'site.yaml',
    field: null,
    problem: (fx) => new RegExp(`invalid YAML at line ${lineOf(fx, 'site.yaml', ' cities:')}, column 2: bad indentation`),
  },
  // missing field
  {
    name: 'missing field on a service',
    change: (fx) => fx.edit(S1, /^h1: .*\n/m, ''),
    file: S1,
    field: 'h1',
    problem: /is required/,
  },
  {
    name: 'missing field in site.yaml',
    change: (fx) => fx.edit('site.yaml', /^ {2}phone: .*\n/m, ''),
    file: 'site.yaml',
    field: 'business.phone',
    problem: /is required/,
  },
  {
    name: 'missing title on a post',
    change: (fx) => {
      addPost(fx);
      fx.edit(POST, /^title: .*\n/m, '');
    },
    file: POST,
    field: 'title',
    problem: /is required/,
  },
  // wrong type
  {
    name: 'text where a number belongs',
    change: (fx) => fx.edit(SERVICE_WITH_PRICE, /^startingPrice: \d+$/m, 'startingPrice: three hundred'),
    file: SERVICE_WITH_PRICE,
    field: 'startingPrice',
    problem: /number/,
  },
  {
    name: 'a list where text belongs',
    change: (fx) => fx.edit(S0, /^title: .*$/m, 'title: [Hedges, Shrubs]'),
    file: S0,
    field: 'title',
    problem: /expected text, got a list/,
  },
  {
    name: 'text where a number belongs in site.yaml',
    change: (fx) => {
      fx.setTiming('submitDelay', 1000);
      fx.edit('site.yaml', /submitDelay: 1000/, 'submitDelay: soon');
    },
    file: 'site.yaml',
    field: 'timing.submitDelay',
    problem: /number/,
  },
  {
    name: 'a nested number of the wrong type',
    change: (fx) => fx.edit(CITY_WITH_MAP, /height: \d+ \}/, 'height: tall }'),
    file: CITY_WITH_MAP,
    field: 'map.height',
    problem: /number/,
  },
  // unknown city or service
  {
    name: 'unknown service on a city page',
    change: (fx) => fx.edit(CITY_WITH_CARDS, /^ {2}- service: [a-z0-9-]+/m, `  - service: ${UNUSED}`),
    file: CITY_WITH_CARDS,
    field: 'serviceCards[0].service',
    problem: new RegExp(`unknown service "${UNUSED}", expected one of ${SERVICE_SLUGS[0]}`),
  },
  {
    name: 'unknown service on the home page',
    change: (fx) => fx.edit('pages/home.md', /service: [a-z0-9-]+/, `service: ${UNUSED}`),
    file: 'pages/home.md',
    field: 'services.cards[0].service',
    problem: new RegExp(`unknown service "${UNUSED}"`),
  },
  {
    name: 'unknown city in nearby',
    change: (fx) => fx.edit(CITY_WITH_NEARBY, /^nearby: \[[a-z0-9-]+/m, `nearby: [${UNUSED}`),
    file: CITY_WITH_NEARBY,
    field: 'nearby[0]',
    problem: new RegExp(`unknown city "${UNUSED}"`),
  },
  // duplicate route
  {
    name: 'a service whose route is taken',
    change: (fx) => {
      fx.write('services/about.md', fx.read(S0));
      fx.editSite((s) => s.services.push('about'));
    },
    file: 'services/about.md',
    field: 'route',
    problem: /\/about is already the route of .*pages\/about\.md/,
  },
  {
    name: 'a redirect from an existing route',
    change: (fx) => fx.editSite((s) => (s.redirects[LAST_REDIRECT].from = '/about')),
    file: 'site.yaml',
    field: `redirects[${LAST_REDIRECT}].from`,
    problem: /\/about is already the route of .*pages\/about\.md/,
  },
  // broken internal link
  {
    name: 'broken link in a Markdown body',
    change: (fx) => fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\nSee [our prices](/pricing).'),
    file: 'pages/about.md',
    field: bodyLine('pages/about.md', '(/pricing)'),
    problem: NOWHERE,
  },
  {
    name: 'broken link in an FAQ answer',
    change: (fx) => fx.edit(SERVICE_WITH_FAQ, FIRST_ANSWER, `$1      See [the permit guide](/blog/${UNUSED}).\n`),
    file: SERVICE_WITH_FAQ,
    field: 'faq[0].a',
    problem: NOWHERE,
  },
  {
    name: 'broken link in front matter',
    change: (fx) => fx.edit('pages/blog.md', /href: \/[a-z0-9-]* \}/, `href: /${UNUSED} }`),
    file: 'pages/blog.md',
    field: 'postCta.links[0].href',
    problem: NOWHERE,
  },
  {
    name: 'a redirect to a page that does not exist',
    change: (fx) => fx.editSite((s) => (s.redirects[LAST_REDIRECT].to = `/${UNUSED}`)),
    file: 'site.yaml',
    field: `redirects[${LAST_REDIRECT}].to`,
    problem: new RegExp(`/${UNUSED} is not a page of the site`),
  },
  // missing image or static file
  {
    name: 'missing image in a Markdown body',
    change: (fx) => fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\n![Crew at work](/images/crew.jpg)'),
    file: 'pages/about.md',
    field: bodyLine('pages/about.md', '(/images/crew.jpg)'),
    problem: /image \/images\/crew\.jpg is not in content\/images\//,
  },
  {
    name: 'missing image in front matter',
    change: (fx) => {
      addPost(fx);
      fx.edit(POST, /^published:/m, 'image: /images/permit.jpg\nimageAlt: A permit notice on a tree\npublished:');
    },
    file: POST,
    field: 'image',
    problem: /image \/images\/permit\.jpg is not in content\/images\//,
  },
  {
    name: 'link to a missing static file',
    change: (fx) => fx.edit(`cities/${CITY_SLUGS[0]}.md`, /^## (.*)$/m, '## $1\n\nDownload the [bylaw summary](/files/city-bylaw.pdf).'),
    file: `cities/${CITY_SLUGS[0]}.md`,
    field: bodyLine(`cities/${CITY_SLUGS[0]}.md`, '(/files/city-bylaw.pdf)'),
    problem: NOWHERE,
  },
  // quote delivery (site.yaml forms.delivery)
  {
    name: 'a form endpoint on plain http:// that is not this machine',
    change: (fx) => fx.setDelivery('endpoint', 'http://forms.example.com/f/abc'),
    file: 'site.yaml',
    field: 'forms.endpoint',
    problem: /must start with https:\/\/ \(http:\/\/ only for localhost or 127\.0\.0\.1/,
  },
  {
    name: 'delivery: endpoint without an endpoint',
    change: (fx) => fx.setDelivery('endpoint'),
    file: 'site.yaml',
    field: 'forms.endpoint',
    problem: /is required with delivery: endpoint/,
  },
  {
    name: 'an endpoint with delivery: netlify',
    change: (fx) => fx.setDelivery('netlify', 'https://formspree.io/f/abc'),
    file: 'site.yaml',
    field: 'forms.endpoint',
    problem: /used only with delivery: endpoint, but delivery is netlify/,
  },
  {
    name: 'an unknown delivery',
    change: (fx) => fx.setDelivery('email'),
    file: 'site.yaml',
    field: 'forms.delivery',
    problem: /simulate|netlify|endpoint/,
  },
];

/** build.ts's command line from its sources (`npm run build` runs it bundled: generator/start.js), with the flags a host's build would give. */
function runBuild(fx: Fixture, nginx: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'build.ts', '--content', fx.content, '--static', fx.static, '--out', fx.out, '--nginx', nginx],
      { cwd: root, encoding: 'utf8' },
      (error, _stdout, stderr) => resolve({ status: error ? ((error.code as number) ?? 1) : 0, stderr }),
    );
  });
}
// One good build stands in for "the previous dist/" of every case.
const good = mkdtempSync(path.join(os.tmpdir(), 'site-good-'));
let goodDist: Record<string, string>;
beforeAll(async () => {
  await build({
    content: contentDir,
    static: path.join(root, 'static'),
    out: path.join(good, 'dist'),
    quiet: true,
    nginx: path.join(good, 'nginx.conf'),
  });
  goodDist = snapshot(path.join(good, 'dist'));
}, 60_000);
afterAll(() => rmSync(good, { recursive: true, force: true }));

/**
 * A copy of the content with the case's mistake, over a copy of the good dist/ and nginx config; `fail` builds it
 * and gives what the builder would read. Then: the line naming the file and the field says the problem, and nothing
 * was written.
 */
async function expectRefused(c: Case, fail: (fx: Fixture, nginx: string) => Promise<string>) {
  const fx = new Fixture();
  try {
    cpSync(path.join(good, 'dist'), fx.out, { recursive: true });
    const nginx = path.join(fx.dir, 'nginx.conf');
    writeFileSync(nginx, readFileSync(path.join(good, 'nginx.conf')));
    const confBefore = readFileSync(nginx, 'utf8');
    c.change(fx);
    const field = typeof c.field === 'function' ? c.field(fx) : c.field;
    const problem = typeof c.problem === 'function' ? c.problem(fx) : c.problem;
    const printed = await fail(fx, nginx);
    const line = printed.split('\n').find((l) => l.includes(`${c.file}: ${field === null ? 'invalid YAML' : `${field}: `}`));
    expect(line, printed).toBeTruthy();
    expect(line).toMatch(problem);
    expect(snapshot(fx.out)).toEqual(goodDist);
    expect(readFileSync(nginx, 'utf8')).toBe(confBefore);
    expect(readdirSync(fx.dir).filter((d) => d.includes('.tmp-') || d.includes('.old-'))).toEqual([]);
  } finally {
    fx.remove();
  }
}

describe('every content mistake', () => {
  it('covers every kind of mistake: bad YAML, missing field, wrong type, unknown city or service, duplicate route, broken link, missing image or file', () => {
    const names = CASES.map((c) => c.name).join('\n');
    const kinds = [
      'bad YAML',
      'missing field',
      'where a number belongs',
      'where text belongs',
      'unknown service',
      'unknown city',
      'route is taken',
      'from an existing route',
      'broken link',
      'does not exist',
      'missing image',
      'missing static file',
    ];
    for (const k of kinds) expect(names, k).toContain(k);
  });

  // the message the command line prints is the build's own (build.ts prints a BuildFailed's message as it is)
  it.each(CASES)('$name: names $file and $field, and leaves dist/ as it was', (c) =>
    expectRefused(c, async (fx, nginx) => {
      const e = await build({ content: fx.content, static: fx.static, out: fx.out, quiet: true, nginx }).then(
        () => expect.fail('the build succeeded'),
        (e: unknown) => e,
      );
      expect(e).toBeInstanceOf(BuildFailed);
      return (e as Error).message;
    }),
  );
});

/** One mistake of each stage: the YAML read, the model checked, the links of the rendered pages checked. */
const THROUGH_THE_COMMAND_LINE = ['bad YAML in site.yaml', 'unknown service on a city page', 'broken link in a Markdown body'];
const CLI_CASES = CASES.filter((c) => THROUGH_THE_COMMAND_LINE.includes(c.name));

describe('from the command line', () => {
  it('runs a mistake of each stage', () => {
    expect(CLI_CASES).toHaveLength(THROUGH_THE_COMMAND_LINE.length);
  });

  it.concurrent.each(CLI_CASES)(
    '$name: prints it, says nothing was written, exits non-zero and leaves dist/ as it was',
    (c) =>
      expectRefused(c, async (fx, nginx) => {
        const r = await runBuild(fx, nginx);
        expect(r.status).not.toBe(0);
        expect(r.stderr).toMatch(/Nothing was written: .* is unchanged\./);
        return r.stderr;
      }),
    120_000, // a build through the command line, three at once on two cores
  );
});
