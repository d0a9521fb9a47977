// Going live loses nothing: a host's production build stops on every setting still at its placeholder, naming where to
// set it, writing nothing; every other build lists them as warnings. The placeholders are planted in a copy
// (tests/support/live-settings.ts), so a company that set its own keeps this test. The printed lines: mistakes.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildFailed, type ContentError } from '../../generator/build-site.ts';
import { editorConfig, type EditorField } from '../../editor/build/config.ts';
import { productionReason } from '../../generator/deploy-context.ts';
import { editorPlace, PLACEHOLDERS } from '../../generator/placeholders.ts';
import { SETTINGS_LABEL } from '../../templates/model/schemas.ts';
import { site } from '../support/facts.ts';
import type { Fixture } from '../support/fixture.ts';
import { LIVE, TEMPLATE_PLACEHOLDERS as TEMPLATE, withLiveSettings, withPlaceholders } from '../support/live-settings.ts';
import { root } from '../support/paths.ts';
import { testFixture } from '../support/test-fixture.ts';

/** A copy of the content with the template's placeholders. */
const template = () => {
  const fx = testFixture();
  withPlaceholders(fx);
  return fx;
};

/** What a build of `fx` refused, or [] when it built. */
async function refused(fx: Fixture, opts: Parameters<Fixture['build']>[0]): Promise<ContentError[]> {
  try {
    await fx.build(opts);
    return [];
  } catch (e) {
    if (e instanceof BuildFailed) return e.errors;
    throw e;
  }
}

/** site.yaml's field as the editor's own configuration labels it: the Business settings file, then each field's label. */
function editorLabels(field: string): string {
  const config = editorConfig(site) as { collections: { name: string; files?: { fields: EditorField[] }[] }[] };
  let fields: EditorField[] | undefined = config.collections.find((c) => c.name === 'settings')!.files![0].fields;
  const labels = [SETTINGS_LABEL];
  for (const name of field.split('.')) {
    const f: EditorField = fields!.find((x) => x.name === name)!;
    labels.push(f.label);
    fields = f.fields;
  }
  return labels.join(', ');
}

describe('a production build', () => {
  // that it writes nothing, dist/ and the nginx block left as they were: mistakes.test.ts, through the command line
  it('of the template as it ships stops, naming each placeholder, where to set it (site.yaml and /admin) and why', async () => {
    const fx = template();
    const built = await fx.model(); // the content check alone: the values at fault
    const errors = await refused(fx, { production: true });
    expect(errors.map((e) => e.field)).toEqual(TEMPLATE);
    for (const e of errors) {
      expect(e.file, e.field).toMatch(/content\/site\.yaml$/);
      expect(e.problem, e.field).toMatch(new RegExp(`; at /admin: ${editorLabels(e.field)}$`));
      expect(editorPlace(e.field)).toBe(editorLabels(e.field));
    }
    // the values at fault are named, so the message is read without opening the file
    expect(errors.find((e) => e.field === 'business.origin')!.problem).toContain(built.site.business.origin);
    expect(errors.find((e) => e.field === 'business.phone')!.problem).toContain(built.site.business.phone);
  });

  it("with the company's real settings builds, listing nothing", async () => {
    const fx = testFixture();
    withLiveSettings(fx);
    const r = await fx.build({ production: true });
    expect(r.placeholders).toEqual([]);
    expect(r.site.business.origin).toBe(LIVE.origin);
  });

  it('refuses a form service on an example address, and each placeholder alone', async () => {
    const fx = testFixture();
    withLiveSettings(fx, { endpoint: 'https://forms.example.net/f/quotes' });
    expect((await refused(fx, { production: true })).map((e) => e.field)).toEqual(['forms.endpoint']);
    fx.editSite((s) => Object.assign(s.business, { phone: '(604) 555-0100', phoneE164: '+16045550100' }));
    expect((await refused(fx, { production: true })).map((e) => e.field)).toEqual(['forms.endpoint', 'business.phone']);
  });
});

describe("which build is a host's production deploy", () => {
  it("Netlify's CONTEXT=production and Cloudflare Pages' production branch stop; a deploy preview builds and lists them", async () => {
    const fx = template();
    const fields = (errors: ContentError[]) => errors.map((e) => e.field);
    expect(fields(await refused(fx, { hostEnv: { CONTEXT: 'production' } }))).toEqual(TEMPLATE);
    expect(fields(await refused(fx, { hostEnv: { CF_PAGES: '1', CF_PAGES_BRANCH: 'main' } }))).toEqual(TEMPLATE);
    const preview = await fx.build({ hostEnv: { CONTEXT: 'deploy-preview' } });
    expect(fields(preview.placeholders)).toEqual(TEMPLATE);
    expect(existsSync(path.join(fx.out, 'index.html'))).toBe(true);
  });

  it('the rule: the flag, CONTEXT=production, or CF_PAGES_BRANCH the branch site.yaml cms.branch names (main unless set)', () => {
    expect(productionReason({})).toBeNull();
    expect(productionReason({ flag: true })).toMatch(/--production/);
    for (const CONTEXT of ['deploy-preview', 'branch-deploy', 'dev']) expect(productionReason({ env: { CONTEXT } }), CONTEXT).toBeNull();
    expect(productionReason({ env: { CONTEXT: 'production' } })).toMatch(/Netlify/);
    expect(productionReason({ env: { CF_PAGES: '1', CF_PAGES_BRANCH: 'main' } })).toMatch(/Cloudflare Pages/);
    expect(productionReason({ env: { CF_PAGES: '1', CF_PAGES_BRANCH: 'fix-typo' } })).toBeNull();
    expect(productionReason({ env: { CF_PAGES: '1', CF_PAGES_BRANCH: 'main' }, branch: 'live' })).toBeNull();
    expect(productionReason({ env: { CF_PAGES: '1', CF_PAGES_BRANCH: 'live' }, branch: 'live' })).toMatch(/CF_PAGES_BRANCH=live/);
    // a branch called main built anywhere but Pages is no production deploy
    expect(productionReason({ env: { CF_PAGES_BRANCH: 'main' } })).toBeNull();
  });

  it('no test runs as one by accident: the host variables are cleared for the whole run (tests/vitest.config.ts)', () => {
    for (const name of ['CONTEXT', 'CF_PAGES', 'CF_PAGES_BRANCH']) expect(process.env[name], name).toBeUndefined();
  });
});

it("docs/deploy.md's first-day checklist: comes first, and names every placeholder in the order the production build asks for it, with its editor field", () => {
  const doc = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Before going live'), doc.indexOf('\n## ', doc.indexOf('## Before going live') + 1));
  expect(doc.indexOf('## Before going live')).toBe(doc.indexOf('\n## ') + 1); // the first section
  const at = PLACEHOLDERS.map((p) => section.indexOf(`\`${p.field}\``));
  expect(
    at.every((i) => i > 0),
    PLACEHOLDERS.map((p, i) => `${p.field}: ${at[i]}`).join(', '),
  ).toBe(true);
  expect(at).toEqual([...at].sort((a, b) => a - b));
  for (const p of PLACEHOLDERS) expect(section, p.field).toContain(editorPlace(p.field).split(', ').slice(1).join(', '));
  expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('docs/deploy.md#before-going-live');
});
