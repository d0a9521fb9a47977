// After a save the editor at /admin/ shows whether its page is live, building or refused, from the commit statuses the
// content check's own script (editor/ci/content-check-report.ts) posts (docs/editing.md, "After a save"). GitHub cannot
// run here: a server on loopback takes its place (tests/support/github.ts), for the script as for the editor, which signs
// in to it with a token and loads the repository from it. What the check sends of a real build, through the workflow's
// steps: tests/build/content-check.test.ts; the hosts' own deploys are not run (docs/decisions/live-building-or-refused.md).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, BuildFailed } from '../../generator/build-site.ts';
import { site } from '../support/facts.ts';
import { draftKept, EDITOR_WAIT, fieldInput, press, savedFirstBox, shownText, SIGNED_IN, until } from '../support/cms.ts';
import { Fixture } from '../support/fixture.ts';
import { clock } from '../support/page-clock.ts';
import { startGitHub, type GitHub } from '../support/github.ts';
import { root } from '../support/paths.ts';
import { serve } from '../support/server.ts';
import { byRole, text, useChromium, visible, type TestPage } from '../support/use-chromium.ts';

const openPage = useChromium({ viewport: { width: 1280, height: 900 } }, async (p) => p.setDefaultTimeout(EDITOR_WAIT));
const fx = new Fixture();
let page: TestPage;
let server: { url: string; close: () => Promise<void> };
let github: GitHub;
const REPO = 'company/website';
/** What a build refused printed (the same mistake as the content check's test: an alert ending before it starts). */
const OUTPUT = path.join(fx.dir, 'build-output.txt');

beforeAll(async () => {
  github = await startGitHub(fx.content, REPO);
  // the editor of a connected site, its GitHub at the loopback server (and so the editor's own CSP left out)
  fx.editSite((s) => (s.cms = { repo: REPO }));
  await build({ content: fx.content, static: fx.static, out: fx.out, quiet: true, year: 2026, editorApiRoot: github.api });
  server = await serve(fx.out, { withHeaders: false });
  fx.editSite((s) => (s.alert = { message: 'Storm response tonight.', start: '2026-11-24T18:30', end: '2026-11-24T08:00' }));
  const refused = await fx.build().catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(BuildFailed);
  writeFileSync(OUTPUT, (refused as BuildFailed).message);
}, 120_000);
afterAll(async () => {
  await server?.close();
  github?.close();
  fx.remove();
});

/** Runs the content check's report as the workflow does, with GitHub's variables pointing at the loopback server. */
async function report(outcome: string) {
  const env = { GITHUB_API_URL: github.api, GITHUB_REPOSITORY: REPO, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '42' };
  const child = spawn('node', ['--import', 'tsx', 'editor/ci/content-check-report.ts', outcome, OUTPUT], {
    cwd: root,
    env: { ...process.env, ...env, GITHUB_TOKEN: 'test-token', SHA: github.head, PR: '' },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  child.stdout.resume();
  expect(await new Promise((resolve) => child.on('close', resolve)), stderr).toBe(0);
}

/** The editor in a browser of its own (on the page clock with `onClock`), signed in to the loopback GitHub with `token`
 *  (one of PEOPLE), on its first page. */
async function signIn(token: string, onClock = false): Promise<TestPage> {
  const p = await openPage({ clock: onClock || undefined });
  // once the editor has loaded all it loads: a click before was seen lost now and then
  await p.goto(`${server.url}/admin/`, { waitUntil: 'networkidle0' });
  await press(p, 'Sign In Using Access Token');
  await p.locator(byRole('textbox', 'Personal Access Token')).fill(token);
  await press(p, 'Sign In');
  await p.waitForSelector(SIGNED_IN, { visible: true });
  return p;
}

it('shows the page building, then refused, then live, as the content check reports the saved commit', async () => {
  page = await signIn('test-token', true);
  const live = () => page.$eval(byRole('button', 'View on Live Site'), (b) => b.getAttribute('aria-description'));
  const seen: [string, string | null][] = [];
  // the state as the editor reads it once the page of an entry opens: what its View on Live Site button says
  for (const outcome of ['building', 'failure', 'success']) {
    await report(outcome);
    const asked = github.asked;
    await page.goto(`${server.url}/admin/#/collections/services/entries/${site.services[0].slug}`);
    await page.reload();
    await until(() => github.asked, 'the editor has read the commit statuses').toBeGreaterThan(asked);
    await until(live, `the editor shows ${outcome}`).not.toBe('Checking for a preview…');
    seen.push([outcome, await live()]);
  }
  expect(seen).toEqual([
    ['building', 'The preview is still being built.'],
    ['failure', 'The preview couldn’t be built.'],
    ['success', null],
  ]);
  // after a save, the editor's own notice follows the check, asking again on the page's clock: building, refused in the
  // build's words, then (saved again) published, and it stops asking; a key dismisses it
  const notice = '#content-check [role=status]';
  const save = async () => {
    await clock.resume(page);
    await page.goto(`${server.url}/admin/#/collections/services/entries/${site.services[0].slug}`); // the editor leaves it on save
    const field = await fieldInput(page, 'description');
    await field.fill((await field.inputValue()).slice(0, -1));
    const before = github.head;
    await press(page, 'Save');
    await until(() => github.head, 'the save is a commit on the branch').not.toBe(before);
  };
  const ask = async () => (await clock.pause(page), await clock.tick(page, 5_000));
  for (const [outcome, next] of [
    ['building', save],
    ['failure', ask],
    ['success', save],
  ] as const) {
    // the check reports on the head: after a save, on its commit; else the notice asks again about the one it follows
    if (next === save) await save();
    await report(outcome);
    if (next === ask) await ask();
    const { description, target_url } = github.posts.findLast((p) => p.path.includes('/statuses/'))!.body;
    const says = { building: 'Building the site with your change…', failure: `Not published: ${description}`, success: 'Published' };
    await until(() => text(page, notice)).toBe(says[outcome]);
    if (outcome === 'failure') expect(await page.$eval(byRole('link', 'Details'), (a) => a.getAttribute('href'))).toBe(target_url);
  }
  const polled = github.polled;
  await clock.pause(page);
  await clock.tick(page, 60_000);
  expect(github.polled).toBe(polled);
  await (await page.$(byRole('button', 'Dismiss')))!.press('Enter');
  await expect.poll(() => visible(page, notice)).toBe(false);
}, 180_000);

it("refuses a save over another person's, saved since the entry was opened, saying so and what to do; reloaded, the draft kept offered back with what it would undo, and discarded, the change is made on theirs; a save that meets a push on its way is refused by GitHub and saved again", async () => {
  const [office, dispatch] = [await signIn('test-token'), await signIn('dispatch-token')];
  for (const p of [office, dispatch]) await p.goto(`${server.url}/admin/#/collections/settings/entries/site`);
  const save = async (p: TestPage) => {
    const before = github.head;
    await press(p, 'Save');
    await until(() => github.head, 'the save is a commit on the branch').not.toBe(before);
  };
  const [email, name] = ['office-desk@example.org', `${site.business.name} Ltd.`];
  await (await fieldInput(office, 'business.email')).fill(email);
  await save(office);
  // Dispatch opened it before Office's save: its save is refused, and nothing is written
  const head = github.head;
  const nameField = await fieldInput(dispatch, 'business.name');
  await nameField.click(); // as a person does: the editor keeps a draft of what was typed
  await nameField.fill(name);
  await press(dispatch, 'Save');
  await savedFirstBox(dispatch, /Office saved this entry on .+, after you opened it\./);
  expect(github.head).toBe(head);
  // reloaded (the page: Reload Entry, at the top, drops the draft by itself), the draft the editor kept is offered back,
  // saying it would undo Office's change; discarded, Office's change is there, and Dispatch's made again goes on it
  await expect.poll(() => draftKept(dispatch, REPO, 'settings', 'site'), { message: 'the draft is kept' }).toBe(true);
  await dispatch.reload();
  await dispatch.waitForSelector(SIGNED_IN, { visible: true });
  await dispatch.goto(`${server.url}/admin/#/collections/settings/entries/site`);
  const restore = byRole('alertdialog', 'Restore Draft');
  await until(() => shownText(dispatch, restore)).toContain('restoring yours would undo theirs: then choose Discard');
  await press(dispatch, 'Discard', restore);
  await expect.poll(async () => (await fieldInput(dispatch, 'business.email')).inputValue()).toBe(email);
  await (await fieldInput(dispatch, 'business.name')).fill(name);
  // someone pushes another file as the save goes: GitHub refuses the commit on the head it expected; saved again, it goes
  const about = 'content/pages/about.md';
  github.beforeCommit = () => github.push(about, `${github.file(about)}\n`);
  await press(dispatch, 'Save');
  const refused = byRole('alertdialog', 'Not saved');
  await until(() => shownText(dispatch, refused)).toContain('while yours was being saved, so yours was not. Save again.');
  await press(dispatch, 'OK', refused);
  await save(dispatch);
  expect((yaml.load(github.file('content/site.yaml')!) as { business: object }).business).toMatchObject({ email, name });
}, 180_000);
