// The content mistakes of tests/support/mistakes.ts, through the build and the editor's own check
// (editor/check.ts, the code /admin runs before a save): the build refuses each, naming the file, the field,
// the line where it gives one, in the case's words; the editor refuses each that staff can make, naming the same field
// with the same words. A rule added to the build's code without a case fails here.
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorConfig, jsonSchema } from '../../editor/build/config.ts';
import { checkEntry, type SiteIndex } from '../../editor/check.ts';
import { kinds } from '../../templates/model/kinds.ts';
import { siteSchema } from '../../templates/model/schemas.ts';
import { ROUTES, site } from '../support/facts.ts';
import { type ContentError } from '../../generator/build-site.ts';
import { printedErrors } from '../../generator/errors.ts';
import { snapshot } from '../support/files.ts';
import { TEMPLATE_PLACEHOLDERS, withPlaceholders } from '../support/live-settings.ts';
import { Fixture } from '../support/fixture.ts';
import { testFixture } from '../support/test-fixture.ts';
import {
  deleteEntries,
  docOf,
  mistaken,
  MISTAKES,
  NO_CASE,
  RULE_CODE,
  ruleSites,
  rulesFixture,
  textOf,
  type Mistake,
  type Outcome,
} from '../support/mistakes.ts';

let fx: Fixture;
let index: SiteIndex;

// the index the build writes to /admin, made from the content check alone: no page rendered, no editor bundled
beforeAll(async () => {
  fx = await rulesFixture();
  const { editorIndex } = await fx.model();
  index = JSON.parse(JSON.stringify(editorIndex())); // as site-index.json holds it
}, 120_000);
afterAll(() => fx?.remove());

/** Writes a case's mistake into `into`'s content (or deletes its entries): the text written, and the file as the
 *  editor would hold it. */
function make(into: Fixture, m: Mistake): { text: string; doc?: ReturnType<typeof mistaken> } {
  if (m.deletes) return { text: '', doc: void deleteEntries(into, m.deletes) };
  const doc = m.mistake ? mistaken(into, m) : undefined;
  const text = doc ? textOf(m.file, doc) : m.typed!.change(into.read(m.file));
  into.write(m.file, text);
  return { text, doc };
}

/** The build's errors or warnings with the cases' mistakes made (Fixture check: no page rendered), the content put back
 *  afterwards. */
async function errorsWith(...cases: Mistake[]) {
  const before = cases.map((m) => (existsSync(fx.file(m.file)) ? fx.read(m.file) : null));
  const kept = cases.some((m) => m.deletes) ? `${fx.content}.kept` : null; // a deletion changes other files too
  if (kept) cpSync(fx.content, kept, { recursive: true });
  try {
    return { made: cases.map((m) => make(fx, m)), ...(await fx.check()) };
  } finally {
    cases.forEach((m, i) => (before[i] === null ? rmSync(fx.file(m.file)) : writeFileSync(fx.file(m.file), before[i]!)));
    if (kept) {
      rmSync(fx.content, { recursive: true });
      renameSync(kept, fx.content);
    }
  }
}

const noLine = (field: string) => field.replace(/, line \d+$/, '');
const byId = (id: string) => MISTAKES.find((m) => m.id === id)!;

describe('every content mistake', () => {
  it('has a case for every rule in the build’s code, and no case for a rule that is not there', () => {
    const claims = [...MISTAKES.flatMap((r) => r.claims), ...Object.values(NO_CASE).flatMap((r) => r.claims)];
    const sites = ruleSites(RULE_CODE);
    const unclaimed = sites.filter((s) => !claims.some((c) => s.text.includes(c))).map((s) => `${s.at}: ${s.text.split('\n')[0].trim()}`);
    expect(unclaimed, 'rules of the build with no case').toEqual([]);
    const code = RULE_CODE.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const c of claims) expect(code.includes(c), `"${c}" is in the build's code`).toBe(true); // ids: the table's keys, one each
  });

  it('builds the content the cases start from (links to a redirect and to a static file among it), and the editor finds nothing in any of its files', async () => {
    expect((await fx.check()).errors).toEqual([]);
    for (const f of index.routes.map((r) => r.source)) {
      const doc = docOf(f, fx.read(f));
      expect(checkEntry(`content/${f}`, doc.data, doc.body, index), f).toEqual([]);
    }
  });

  it.each(MISTAKES.map((m) => [m.id, m] as const))(
    '%s: the build refuses it or warns of it, and the editor does in its words',
    async (_, m) => {
      const { made, errors, warnings } = await errorsWith(m);
      const [{ text, doc }] = made;
      const outcome = (m.refused ?? m.warned)!;
      const file = `content/${outcome.file ?? m.file}`;
      const field = typeof outcome.field === 'string' ? outcome.field : outcome.field(doc!);
      // a warning as the build prints it, `file: field: problem`, read back into its parts
      const parts = (rest: string, f = field && rest.slice(0, rest.indexOf(': '))) => ({
        file,
        field: f,
        problem: rest.slice(f ? f.length + 2 : 0),
      });
      const warned = warnings.filter((w) => w.startsWith(`${file}: ${field}`)).map((w) => parts(w.slice(file.length + 2)));
      const found = (m.refused ? errors : warned).find(
        (e) => e.file === file && noLine(e.field) === field && e.problem.includes(outcome.says),
      );
      expect(
        found,
        `the build ${m.refused ? 'refuses' : 'builds and warns of'} ${m.id}: ${JSON.stringify(errors)} ${warnings}`,
      ).toBeDefined();
      if (m.warned) expect(errors).toEqual([]);
      if (outcome.line) {
        const line = text.split('\n').findIndex((l) => outcome.line!.test(l)) + 1;
        expect(line).toBeGreaterThan(0);
        expect(`${found!.field}: ${found!.problem}`).toMatch(new RegExp(`line ${line}\\b`));
      }
      if (m.deletes) return; // a deletion is no save for the editor's check to judge
      if (!doc) return expect(m.typed!.why).toBeTruthy(); // the editor cannot make it
      const editorWarnings: ContentError[] = [];
      const edited = checkEntry(`content/${m.file}`, doc.data, doc.body, index, editorWarnings);
      if (m.warned) expect(edited, 'the editor saves what the build publishes').toEqual([]);
      expect(
        (m.refused ? edited : editorWarnings).map((e) => [e.file, noLine(e.field), e.problem]),
        'the editor names the same file and field, in the same words', // its line counts from the top of the text box
      ).toContainEqual([found!.file, noLine(found!.field), found!.problem]);
    },
  );

  it('lists every problem at once', async () => {
    const both = [byId('required'), byId('unknown-slug')];
    const { errors } = await errorsWith(...both);
    expect(new Set(errors.map((e) => e.file))).toEqual(new Set(both.map((m) => `content/${m.file}`)));
  });
});

describe('where the editor and the build could disagree the other way', () => {
  /** Every list of a schema (as JSON Schema) that may be empty, and whether the build fills it in when it is left out. */
  function emptyLists(node: JsonNode, at: string, out: { at: string; filled: boolean }[] = []) {
    if (node.type === 'array' && !node.minItems) out.push({ at, filled: node.default !== undefined });
    for (const [k, v] of Object.entries(node.properties ?? {})) emptyLists(v, at ? `${at}.${k}` : k, out);
    if (node.items) emptyLists(node.items, `${at}[]`, out);
    return out;
  }
  type JsonNode = { type?: string; minItems?: number; default?: unknown; properties?: Record<string, JsonNode>; items?: JsonNode };
  const slugs = { cities: site.cities.map((c) => c.slug), services: site.services.map((s) => s.slug) };
  const schemas: [string, JsonNode][] = [
    ['site.yaml', jsonSchema(siteSchema) as JsonNode],
    ...Object.entries(kinds).map(([name, k]): [string, JsonNode] => [name, jsonSchema(k.schema(slugs as never, site)) as JsonNode]),
  ];

  it('a list the build accepts empty is not required in the editor, and the build fills it in when the editor leaves it out', () => {
    const lists = schemas.flatMap(([name, s]) => emptyLists(s, '').map((l) => ({ ...l, at: `${name}: ${l.at}` })));
    expect(lists.length).toBeGreaterThan(5);
    expect(lists.filter((l) => !l.filled).map((l) => l.at)).toEqual([]);
    // and the editor's field for each is not required (a field with a default is not: editor/build/config.ts)
    type Field = { name: string; widget: string; required?: boolean; min?: number; multiple?: boolean; fields?: Field[]; field?: Field };
    const strict: string[] = [];
    const walk = (f: Field, at: string) => {
      const list = f.widget === 'list' || f.multiple;
      if (list && f.required && !f.min) strict.push(`${at}${f.name}`);
      for (const sub of [...(f.fields ?? []), ...(f.field ? [f.field] : [])]) walk(sub, `${at}${f.name}.`);
    };
    const config = editorConfig(site as never) as { collections: { name: string; fields?: Field[]; files?: { fields: Field[] }[] }[] };
    for (const c of config.collections)
      for (const f of [...(c.fields ?? []), ...(c.files ?? []).flatMap((x) => x.fields)]) walk(f, `${c.name}: `);
    expect(strict, 'lists the editor refuses empty but the build accepts').toEqual([]);
  });

  it('an optional field holding only spaces is left out, as an emptied field is: no problem', () => {
    const file = `content/${byId('text-empty').file}`;
    const optional = mistaken(fx, { ...byId('text-empty'), mistake: (d) => void (d.data.breadcrumb = '  ') });
    expect(checkEntry(file, optional.data, optional.body, index)).toEqual([]);
  });
});

// The command line, once, for what only it shows: the exit code, the printed lines (a good build's count, the
// placeholders' warnings, a host's production deploy read from its environment, a mistake's line), and the last good
// dist/ and nginx block left as they were by each refusal.
it('the command line: prints what a good build wrote and warns of each placeholder; refused (a production deploy, a mistake) exits 1, prints why, and leaves dist/ and the nginx block as they were', async () => {
  const cli = testFixture();
  withPlaceholders(cli);
  const nginx = path.join(cli.dir, 'nginx.conf');
  const good = await cli.cli(['--nginx', nginx]);
  expect(good.status).toBe(0);
  expect(good.stdout).toMatch(new RegExp(`Built ${ROUTES.length} pages \\(\\d+ files\\)`));
  const warned = good.stderr.split('\n').filter((l) => l.startsWith('warning: ') && l.includes('site.yaml: '));
  expect(warned.map((l) => l.split(': ')[2])).toEqual(TEMPLATE_PLACEHOLDERS);
  expect(good.stderr).toContain(`Not ready to go live: ${TEMPLATE_PLACEHOLDERS.length} settings are still a placeholder`);
  const before = { dist: snapshot(cli.out), nginx: readFileSync(nginx, 'utf8') };
  const production = await cli.cli(['--nginx', nginx], { CONTEXT: 'production' });
  expect(production.stderr).toMatch(/This is a production build \(Netlify's production deploy \(CONTEXT=production\)\)/);
  expect(printedErrors(production.stderr).map((l) => l.split(': ')[1])).toEqual(TEMPLATE_PLACEHOLDERS);
  const m = byId('dead-link') as Mistake & { refused: Outcome };
  make(cli, m);
  const mistake = await cli.cli(['--nginx', nginx]);
  expect(mistake.stderr).toMatch(new RegExp(`✗ \\S*content/${m.file}: body, line \\d+: ${m.refused.says}`)); // the line: the table above
  for (const failed of [production, mistake]) {
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/Nothing was written: .* is unchanged\./);
    expect({ dist: snapshot(cli.out), nginx: readFileSync(nginx, 'utf8') }).toEqual(before);
  }
  expect(readdirSync(cli.dir).filter((d) => d.includes('.tmp-') || d.includes('.old-'))).toEqual([]);
}, 360_000); // three builds through tsx, each starting cold (the two tests it replaced had 240 s between them)
