// One set of rules, run in two places: every rule the build enforces on what staff edit has a case (a mistake) in
// tests/support/editor-rules.ts; the build refuses each, and the editor's own check (generator/editor-check.ts, the code
// /admin runs before a save) refuses it too, naming the same field with the same words. A rule added to the build's
// code without a case fails here. The browser test runs the same cases in the editor itself.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsConfig, jsonSchema } from '../../generator/cms.ts';
import { checkEntry, type SiteIndex } from '../../generator/editor-check.ts';
import { kinds } from '../../templates/model/kinds.ts';
import { siteSchema } from '../../templates/model/schemas.ts';
import { site } from '../support/facts.ts';
import { BuildFailed, loadSite } from '../../generator/build-site.ts';
import { mistaken, NOT_EDITABLE, RULE_CODE, ruleSites, RULES, rulesFixture, textOf } from '../support/editor-rules.ts';
import type { Fixture } from '../support/fixture.ts';

let fx: Fixture;
let index: SiteIndex;

beforeAll(async () => {
  fx = await rulesFixture();
  await fx.build({ localEditor: true });
  index = JSON.parse(readFileSync(path.join(fx.out, 'admin/site-index.json'), 'utf8'));
}, 120_000);
afterAll(() => fx?.remove());

/** The build's errors for the fixture's content as it is now (content only: no page is rendered). */
async function buildErrors(): Promise<{ file: string; field: string; problem: string }[]> {
  const cwd = process.cwd();
  process.chdir(fx.dir); // files are named as from the site's folder, as the editor names them
  try {
    await loadSite({ content: 'content', static: 'static', year: 2026 });
    return [];
  } catch (e) {
    if (!(e instanceof BuildFailed)) throw e;
    return e.errors.map(({ file, field, problem }) => ({ file, field, problem }));
  } finally {
    process.chdir(cwd);
  }
}

const noLine = (field: string) => field.replace(/, line \d+$/, '');

describe('the editor refuses what the build refuses, in the same words', () => {
  it('has a case for every rule in the build’s code, and no case for a rule that is not there', () => {
    const claims = [...RULES.flatMap((r) => r.claims), ...Object.values(NOT_EDITABLE).flatMap((r) => r.claims)];
    const sites = ruleSites(RULE_CODE);
    expect(sites.length).toBeGreaterThan(RULES.length);
    const unclaimed = sites.filter((s) => !claims.some((c) => s.text.includes(c)));
    expect(
      unclaimed.map((s) => `${s.at}: ${s.text.split('\n')[0].trim()}`),
      'rules of the build with no editor case',
    ).toEqual([]);
    const code = RULE_CODE.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const c of claims) expect(code.includes(c), `"${c}" is in the build's code`).toBe(true);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('builds the content the cases start from, and the editor finds nothing in any of its files', async () => {
    expect(await buildErrors()).toEqual([]);
    for (const f of index.routes.map((r) => r.source)) {
      const doc = mistaken(fx, { id: '', claims: [], file: f, mistake: () => {}, refused: { field: '', says: '' } });
      expect(
        checkEntry(`content/${f}`, doc.data, doc.body, index).map((e) => e.message),
        f,
      ).toEqual([]);
    }
  });

  it.each(RULES.map((r) => [r.id, r] as const))('%s: the build refuses the mistake, and the editor does in its words', async (_, rule) => {
    const doc = mistaken(fx, rule);
    const file = `content/${rule.refused.file ?? rule.file}`;
    const target = fx.file(rule.file);
    const original = existsSync(target) ? readFileSync(target, 'utf8') : null;
    fx.write(rule.file, textOf(rule.file, doc));
    let errors;
    try {
      errors = await buildErrors();
    } finally {
      if (original === null) rmSync(target);
      else writeFileSync(target, original);
    }
    const field = typeof rule.refused.field === 'string' ? rule.refused.field : rule.refused.field(doc);
    const built = errors.find((e) => e.file === file && noLine(e.field) === field && e.problem.includes(rule.refused.says));
    expect(built, `the build refuses ${rule.id}: ${JSON.stringify(errors)}`).toBeDefined();
    const edited = checkEntry(`content/${rule.file}`, doc.data, doc.body, index);
    expect(
      edited.map((e) => [e.file, noLine(e.field), e.problem]),
      'the editor names the same file and field, in the same words',
    ).toContainEqual([built!.file, noLine(built!.field), built!.problem]);
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
    ...Object.entries(kinds).map(([name, k]): [string, JsonNode] => [name, jsonSchema(k.schema(slugs as never)) as JsonNode]),
  ];

  it('a list the build accepts empty is not required in the editor, and the build fills it in when the editor leaves it out', () => {
    const lists = schemas.flatMap(([name, s]) => emptyLists(s, '').map((l) => ({ ...l, at: `${name}: ${l.at}` })));
    expect(lists.length).toBeGreaterThan(5);
    expect(lists.filter((l) => !l.filled).map((l) => l.at)).toEqual([]);
    // and the editor's field for each is not required (a field with a default is not: generator/cms.ts)
    type Field = { name: string; widget: string; required?: boolean; min?: number; multiple?: boolean; fields?: Field[]; field?: Field };
    const strict: string[] = [];
    const walk = (f: Field, at: string) => {
      const list = f.widget === 'list' || f.multiple;
      if (list && f.required && !f.min) strict.push(`${at}${f.name}`);
      for (const sub of [...(f.fields ?? []), ...(f.field ? [f.field] : [])]) walk(sub, `${at}${f.name}.`);
    };
    const config = cmsConfig(site as never) as { collections: { name: string; fields?: Field[]; files?: { fields: Field[] }[] }[] };
    for (const c of config.collections)
      for (const f of [...(c.fields ?? []), ...(c.files ?? []).flatMap((x) => x.fields)]) walk(f, `${c.name}: `);
    expect(strict, 'lists the editor refuses empty but the build accepts').toEqual([]);
  });

  it('a field holding only spaces counts as empty in the editor, as in the build', () => {
    const file = `content/${RULES[0].file}`;
    const doc = mistaken(fx, RULES[0]); // title: '   '
    expect(checkEntry(file, doc.data, doc.body, index).map((e) => [e.field, e.problem])).toContainEqual(['title', 'must not be empty']);
    // an optional one is left out of the file, as an emptied field is: no problem
    const optional = mistaken(fx, { ...RULES[0], mistake: (d) => void (d.data.breadcrumb = '  ') });
    expect(checkEntry(file, optional.data, optional.body, index)).toEqual([]);
  });
});
