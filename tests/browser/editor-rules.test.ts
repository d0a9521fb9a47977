// The editor refuses, before it writes, every mistake the build refuses that staff can make in it
// (tests/support/mistakes.ts), in the build's words, naming the field, and saves what the build publishes with a
// warning: through the rules its save handler runs (editor/browser/save-check.ts, loaded by /admin/), and through the
// editor's own Save button, where the message shows under the field: a field inside another (an alert that ends before
// it starts), a rule across two fields (the phone as shown and as dialled), a new entry of a name another has, and a
// line of the page text (a link typed as people type them).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { add, fieldInput, openEditor, press, readPrivateFile, readPrivateFolder, shownText, shownTexts, until } from '../support/cms.ts';
import { BASE, docOf, EDITABLE, MISTAKES, mistaken, PUBLISHED, rulesFixture } from '../support/mistakes.ts';
import { NEW_CITY } from '../support/names.ts';
import { site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { serve } from '../support/server.ts';
import { byRole, useChromium } from '../support/use-chromium.ts';

const openPage = useChromium({ viewport: { width: 1280, height: 900 } });
let fx: Fixture;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  fx = await rulesFixture();
  await fx.build({ localEditor: true });
  server = await serve(fx.out, { withHeaders: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx?.remove();
});

/** The editor on a private-folder copy of `content` (the fixture's), opened at `hash` (an entry) once it is ready. */
async function editor(hash: string, content = fx.content): Promise<Page> {
  const page = (shown = await openPage());
  await openEditor(page, server.url, content);
  if (hash) {
    await page.goto(`${server.url}/admin/#/collections/${hash}`);
    await page.waitForSelector(byRole('button', 'Save'));
  }
  return page;
}

/** Chooses an item of the open entry's menu (Duplicate, Delete). */
async function fromMenu(page: Page, item: string) {
  await press(page, 'Show Editor Options');
  await page.locator(byRole('menuitem', `${item} Entry`)).click();
}

/** Clicks Save and finds it refused: the message in the editor's dialog and under the field, and the file as it was. */
async function refusedSave(page: Page, file: string, keyPath: string, says: RegExp) {
  const before = await readPrivateFile(page, file);
  await press(page, 'Save');
  await until(
    () => shownTexts(page, '::-p-aria([role="alertdialog"]), ::-p-aria([role="dialog"])'),
    'the editor says why it did not save and what to do, never to try again later',
  ).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^Not saved\\s+The site could not be published with this[^]*${says.source}`)),
    ]),
  );
  const under = `section.field[data-key-path="${keyPath}"] [data-build-rule]`;
  await until(() => shownTexts(page, under), `the message is shown under ${keyPath}`).toEqual([expect.stringMatching(says)]);
  expect(await readPrivateFile(page, file), 'the file is as it was').toBe(before);
}

let shown: Page | undefined;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await shown?.screenshot({ path: `/tmp/fail-rules-${ctx.task.name.slice(0, 20).replace(/\W/g, '_')}.png` });
});

describe('the editor refuses what the build refuses', () => {
  // one editor for both: the rules' check changes nothing in it
  it('stops the save of a mistake against every rule, in the build’s words, naming the field; refuses an empty required field in its own check, in the build’s words; a storm alert that ends before it starts, under End; and the phone as shown changed alone, under Phone as dialled', async () => {
    const page = await editor('settings/entries/site');
    const { data, body } = docOf(BASE.service, fx.read(BASE.service));
    const cases = [
      ...[...EDITABLE, ...PUBLISHED].map((rule) => {
        const doc = mistaken(fx, rule);
        const outcome = (rule.refused ?? rule.warned)!;
        const field = typeof outcome.field === 'string' ? outcome.field : outcome.field(doc);
        return { id: rule.id, path: `content/${rule.file}`, data: { ...doc.data, body: doc.body }, field, says: rule.refused?.says };
      }),
      // and the content as it is, its links to a redirect and to a file of static/ among it
      { id: 'as it is', path: `content/${BASE.service}`, data: { ...data, body }, field: '', says: undefined },
    ];
    // the rules the editor's Save handler runs before it writes (its refusal through Save: the tests below), given each
    // entry as Sveltia does; a warning is no refusal: the site publishes it
    const messages = await page.evaluate(async (cases) => {
      type Check = (path: string, data: unknown) => Promise<{ message: string }[]>;
      const { check } = (window as unknown as { editorRules: { check: Check } }).editorRules;
      return Promise.all(cases.map(async (c) => (await check(c.path, c.data)).map((p) => p.message).join(' · ')));
    }, cases);
    cases.forEach(({ id, field, says }, i) =>
      // the build's words: this file's field and problem, or another file named in full (a redirect holding the address)
      says
        ? expect(messages[i], id).toMatch(new RegExp(`(^|· |content/\\S+: )${escape(field)}(, line \\d+)?: [^·]*${escape(says)}`))
        : expect(messages[i], `${id}: saved, as the build publishes it`).toBe(''),
    );
    // Sveltia's own check, before its save handler runs: its words are ours (editor/build/files.ts EDITOR_WORDS)
    const name = await fieldInput(page, 'business.name');
    const kept = await name.inputValue();
    await name.fill('');
    await press(page, 'Save');
    const under = 'section.field[data-key-path="business.name"]';
    await until(() => shownText(page, under)).toMatch(/^Must not be empty\.$/m);
    await name.fill(kept);
    const alert = page.locator(byRole('checkbox', add('Alert')));
    await alert.click();
    await (await fieldInput(page, 'alert.message')).fill('Storm response: crews are out tonight.');
    await (await fieldInput(page, 'alert.start')).fill('2026-11-24T18:30');
    await (await fieldInput(page, 'alert.end')).fill('2026-11-24T08:00');
    await refusedSave(page, 'site.yaml', 'alert.end', /alert\.end: must be after start \(2026-11-24T18:30\)/);
    await press(page, 'OK', '::-p-aria([role="alertdialog"])');
    await alert.click(); // the alert taken out again
    const shown = await fieldInput(page, 'business.phone');
    await shown.fill((await shown.inputValue()).replace(/\d(?=\D*$)/, (n) => String((+n + 1) % 10)));
    await refusedSave(page, 'site.yaml', 'business.phoneE164', /business\.phoneE164: [^·]*is not the number business\.phone shows/);
  }, 180_000); // the work of two tests of 120 s each before

  // the table's copies of an entry saved as `<slug>-1.md` (a second "Tree Removal", a post of a title another has), as
  // the editor's own Duplicate makes them
  it.each(MISTAKES.filter((m) => m.file.endsWith('-1.md')).map((m) => [m.id, m] as const))(
    '%s: a duplicate of an entry is refused under its name, naming the first',
    async (_, row) => {
      const [collection, slug] = row.from!.replace(/\.md$/, '').split('/');
      const page = await editor(`${collection}/entries/${slug}`);
      await fromMenu(page, 'Duplicate');
      await until(() => page.url()).toContain(`#/collections/${collection}/new`);
      await refusedSave(page, row.file, row.refused!.field as string, new RegExp(escape(row.refused!.says)));
    },
    120_000,
  );

  it('refuses a new city whose address a redirect holds (Pitt Meadows), naming the redirect in Business settings', async () => {
    const page = await editor(`cities/entries/${site.cities[0].slug}`);
    await fromMenu(page, 'Duplicate');
    await until(() => page.url()).toContain('#/collections/cities/new');
    await (await fieldInput(page, 'name')).fill(NEW_CITY.name);
    const redirect = `/service-area/${NEW_CITY.slug}`;
    const says = `remove this redirect (Business settings, Redirects, the one from ${redirect})`;
    await refusedSave(page, `cities/${NEW_CITY.slug}.md`, 'name', new RegExp(escape(says)));
  }, 120_000);
});

describe('a delete through the editor', () => {
  // each delete of the mistakes table (a city others link to, the last city, the one post), by the editor's own
  // buttons; of a row of several deletes, those before its last are made in the folder the editor opens (each is the
  // same press of Delete, and the last one is the case)
  it.each(MISTAKES.filter((m) => m.deletes).map((m) => [m.id, m] as const))(
    '%s: deleted by the Delete button, which says what becomes of the links; the site still builds, warning of them',
    async (_, row) => {
      const content = path.join(fx.dir, `content-${row.id}`);
      cpSync(fx.content, content, { recursive: true });
      for (const file of row.deletes!.slice(0, -1)) rmSync(path.join(content, file));
      const page = await editor('', content);
      const file = row.deletes!.at(-1)!;
      await page.goto(`${server.url}/admin/#/collections/${file.replace(/\/([^/]+)\.md$/, '/entries/$1')}`);
      await fromMenu(page, 'Delete');
      const confirm = '::-p-aria([role="alertdialog"])';
      await until(() => shownText(page, confirm)).toMatch(/lead to the list it was on/);
      await press(page, 'Delete', confirm);
      await until(() => readPrivateFile(page, file), `${file} is deleted`).toBe('');
      await until(() => page.url()).toMatch(/#\/collections\/[^/]+$/); // back on its list, as the editor goes
      // what the editor left, built (the folder it started from, emptied first: a deleted file is not read back)
      rmSync(content, { recursive: true });
      await readPrivateFolder(page, content);
      const { warnings } = await fx.build({ content, out: path.join(fx.dir, `dist-${row.id}`) });
      expect(warnings).toEqual(expect.arrayContaining([expect.stringContaining(row.warned!.says)]));
    },
    120_000,
  );
  it('stops the delete of a service another entry needs (the last one, or one a job names), naming the entries; a link in it typed as people type them is refused under the page text, with its line', async () => {
    const page = await editor(`services/entries/${site.services[0].slug}`); // the fixture's job names it, and a job needs one
    await fromMenu(page, 'Delete');
    const confirm = '::-p-aria([role="alertdialog"])';
    await until(() => shownText(page, confirm)).toMatch(/can.t be deleted[^]*Update those entries first\.\n.+ › .+/);
    expect(await page.$eval(`${confirm} ${byRole('button', 'Delete')}`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await press(page, 'Cancel', confirm);
    // (BASE.service is that service's file)
    const body = await fieldInput(page, 'body');
    await body.fill(`${await body.inputValue()}\n\nSee the [permit page](www.surrey.ca/trees).\n`);
    await refusedSave(page, BASE.service, 'body', /body, line \d+: link "www\.surrey\.ca\/trees" must be a site path/);
  }, 120_000);
});

/** Text as a regular expression that matches it literally. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
