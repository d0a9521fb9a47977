// A save in the editor at /admin/ changes only what was changed: content/ is kept in the layout the editor writes
// (docs/decisions/content-in-the-editors-layout.md), so one field saved is one line in the file's diff. Driven in
// Chromium on a copy of content/, as tests/browser/cms.test.ts drives it (tests/support/cms.ts); what a save does to
// the site is that file's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../generator/build-site.ts';
import { fieldInput, openEditor, readPrivateFile } from '../support/cms.ts';
import { site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { addJobs, testJob } from '../support/jobs.ts';
import { serve } from '../support/server.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
const fx = new Fixture();
let page: Page & { errors: string[] };
let server: { url: string; close: () => Promise<void> };
/** The editor is a large app: on a loaded 2-core machine it can take many seconds to draw an entry or write a file. */
const WAIT = 30_000;

// the content has no job yet: a test job, whose file the editor writes once before its row (a job is only ever written
// by the editor, or by a person copying its layout)
const JOB = testJob(1, site.cities[0].slug, [site.services[0].slug], '2026-10-01');
/** One field of each kind of entry: [what, the entry in the editor, its file under content/, the field's key path]. */
const ROWS: [string, string, string, string][] = [
  ['a service', `services/entries/${site.services[0].slug}`, `services/${site.services[0].slug}.md`, 'title'],
  ['a city', `cities/entries/${site.cities[0].slug}`, `cities/${site.cities[0].slug}.md`, 'title'],
  ['a post', `blog/entries/${site.posts[0].slug}`, `blog/${site.posts[0].slug}.md`, 'title'],
  ['a job', `jobs/entries/${JOB.slug}`, `jobs/${JOB.slug}.md`, 'title'],
  ['Business settings', 'settings/entries/site', 'site.yaml', 'business.name'],
];

beforeAll(async () => {
  await addJobs(fx, [JOB]);
  await build({ content: fx.content, static: fx.static, out: fx.out, quiet: true, year: 2026, localEditor: true });
  server = await serve(fx.out, { withHeaders: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.remove();
});

/** Opens an entry, appends `suffix` to one field, saves, and returns the file's text once the editor has written it. */
async function saveOneField(hash: string, file: string, keyPath: string, suffix: string): Promise<string> {
  await page.goto(`${server.url}/admin/#/collections/${hash}`);
  const input = await fieldInput(page, keyPath, WAIT);
  const value = `${await input.inputValue()}${suffix}`;
  await input.fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Entry saved.').first().waitFor({ timeout: WAIT });
  await expect
    .poll(async () => (await readPrivateFile(page, file)).includes(value), { message: `the editor wrote ${file}`, timeout: WAIT })
    .toBe(true);
  return readPrivateFile(page, file);
}

it('saves one field of a service, a city, a post, a job and the business settings: each file changes in that line alone', async () => {
  page = await openPage({ viewport: { width: 1280, height: 900 } });
  await openEditor(page, server.url, fx.content, WAIT);
  const changed: [string, string[]][] = [];
  for (const [what, hash, file, keyPath] of ROWS) {
    const before = what === 'a job' ? await saveOneField(hash, file, keyPath, ' (saved)') : fx.read(file);
    const after = await saveOneField(hash, file, keyPath, ' (edited)');
    const [a, b] = [before.split('\n'), after.split('\n')];
    // the lines that differ, each as its key (a longer or shorter file differs from there on)
    const lines = b.filter((line, i) => line !== a[i]).map((line) => line.trim().split(':')[0]);
    changed.push([what, a.length === b.length ? lines : [`${a.length} lines before, ${b.length} after`]]);
  }
  expect(changed).toEqual(ROWS.map(([what, , , keyPath]) => [what, [keyPath.split('.').at(-1)]]));
}, 240_000);
