// Driving the editor at /admin/ (Sveltia CMS) in Chromium on a copy of content/. A test cannot click through the
// browser's folder picker, so showDirectoryPicker hands the editor a folder of the browser's private file system
// (OPFS) holding the copy, with an empty .git (the editor checks it was given a repository's root); afterwards the
// folder is read back to disk and built.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { readTree } from './files.ts';
import { byRole } from './use-chromium.ts';

/** The editor is a large app: on a loaded 2-core machine it can take many seconds to draw an entry or write a file. */
export const EDITOR_WAIT = 30_000;

/** The text of one file of content/ in the private folder (`rel` as `blog/x.md`), or '' while there is none. */
export async function readPrivateFile(page: Page, rel: string): Promise<string> {
  return page.evaluate(async (parts) => {
    try {
      let dir = await (await (await navigator.storage.getDirectory()).getDirectoryHandle('site')).getDirectoryHandle('content');
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
      return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
    } catch {
      return ''; // not written yet
    }
  }, rel.split('/'));
}

/** Reads content/ of the private folder back into `content` on disk (every file, overwriting). */
export async function readPrivateFolder(page: Page, content: string): Promise<string[]> {
  // a loop, not a recursive helper: a named function inside evaluate() would carry the test runner's own helpers
  const files: [string, string][] = await page.evaluate(async () => {
    const out: [string, string][] = [];
    const site = await (await navigator.storage.getDirectory()).getDirectoryHandle('site');
    const stack: [FileSystemDirectoryHandle, string][] = [[await site.getDirectoryHandle('content'), '']];
    while (stack.length) {
      const [dir, prefix] = stack.pop()!;
      for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        if (handle.kind === 'directory') stack.push([handle as FileSystemDirectoryHandle, `${prefix}${name}/`]);
        else {
          const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
          let s = '';
          for (const b of bytes) s += String.fromCharCode(b);
          out.push([`${prefix}${name}`, btoa(s)]);
        }
      }
    }
    return out;
  });
  for (const [name, b64] of files) {
    mkdirSync(path.dirname(path.join(content, name)), { recursive: true });
    writeFileSync(path.join(content, name), Buffer.from(b64, 'base64'));
  }
  return files.map(([name]) => name);
}

/** A field's input, typed over as a person does (all of it selected, then the text put in at once; a date picked) and
 *  read back. */
export type FieldInput = ElementHandle<HTMLInputElement | HTMLTextAreaElement> & {
  fill(text: string): Promise<void>;
  inputValue(): Promise<string>;
};

/**
 * The input of a field, by its key path in the file (`business.phone`, `faq.0.a`): the schema's own names. The editor
 * draws a field once it scrolls into view: the deepest part of it drawn so far (an item just added to a list, faq.5.q,
 * is drawn below the list's top, maybe out of view), or in a long entry drawing its first fields first the last field
 * drawn, is brought into view until it shows.
 */
export async function fieldInput(page: Page, keyPath: string): Promise<FieldInput> {
  const input = `section.field[data-key-path="${keyPath}"] :is(input:not([type=file]), textarea)`;
  await until(
    () =>
      page.evaluate(
        (input, parts) => {
          if (document.querySelector(input)?.checkVisibility({ visibilityProperty: true })) return true;
          for (let i = parts.length; i > 0; i--) {
            const key = parts.slice(0, i).join('.');
            const section = document.querySelector(`section.field[data-key-path="${key}"]`);
            if (!section) continue;
            // the field itself, centred; or the last part of its list drawn so far, at the top, so what follows draws
            const last = i < parts.length && [...document.querySelectorAll(`section.field[data-key-path^="${key}."]`)].at(-1);
            (last || section).scrollIntoView({ block: i < parts.length ? 'start' : 'center', behavior: 'instant' });
            return false;
          }
          const fields = document.querySelectorAll('section.field[data-key-path]:not([data-key-path*="."])');
          fields[fields.length - 1]?.scrollIntoView({ block: 'start', behavior: 'instant' });
          return false;
        },
        input,
        keyPath.split('.'),
      ),
    `the editor shows the field ${keyPath}`,
  ).toBe(true);
  const handle = (await page.$(input))! as ElementHandle<HTMLInputElement | HTMLTextAreaElement>;
  return Object.assign(handle, {
    inputValue: () => handle.evaluate((el) => el.value),
    async fill(text: string) {
      // a date's value set, as its picker does; any other text put in at once, as a keyboard's input method does
      const picked = await handle.evaluate((el, text) => {
        el.focus();
        if (!/^(date|datetime-local|time)$/.test(el.type)) return el.select();
        el.value = text;
        for (const type of ['input', 'change']) el.dispatchEvent(new Event(type, { bubbles: true }));
        return true;
      }, text);
      if (!picked) await (text ? page.keyboard.sendCharacter(text) : page.keyboard.press('Delete'));
    },
  });
}

/** The text `selector` (CSS or byRole) shows now, as a person reads it, or '' while nothing matches. */
export const shownText = async (scope: Page | ElementHandle, selector: string): Promise<string> =>
  (await (await scope.$(selector))?.evaluate((el) => (el as HTMLElement).innerText)) ?? '';
/** The texts of all that `selector` matches now. */
export const shownTexts = (page: Page, selector: string) => page.$$eval(selector, (els) => els.map((el) => (el as HTMLElement).innerText));

/**
 * Waits until the editor has stopped drawing: nothing on the page changed for a quarter of a second. Sveltia draws an
 * entry it opens in steps; a checkbox clicked between two of them was seen to keep its state (its Add Alert, clicked
 * right after the entry showed, stayed ticked), so a test opens an entry and waits for this before its first action.
 */
export const settled = (page: Page) =>
  page.evaluate(
    (quiet) =>
      new Promise<void>((done) => {
        const finish = () => (watch.disconnect(), done());
        let timer = setTimeout(finish, quiet);
        const watch = new MutationObserver(() => (clearTimeout(timer), (timer = setTimeout(finish, quiet))));
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    250,
  );

/** expect.poll on what the editor does, which can take EDITOR_WAIT on a loaded machine. */
export const until = <T>(value: () => T | Promise<T>, message?: string) => expect.poll(value, { message, timeout: EDITOR_WAIT });

/**
 * Opens the editor of the site at `siteUrl` on a private-folder copy of `content` ("Work with Local Repository"), and
 * waits until it has opened its first collection by itself, so that a test's own navigation is not overtaken. With
 * `copy` false, on the folder as another tab of the same browser left it (content is then not read). The page waits
 * EDITOR_WAIT for what it is told to wait for.
 */
export async function openEditor(page: Page, siteUrl: string, content: string, copy = true): Promise<void> {
  page.setDefaultTimeout(EDITOR_WAIT);
  await page.evaluateOnNewDocument(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('site', { create: true });
  });
  await page.goto(`${siteUrl}/admin/`);
  const files = copy
    ? [...readTree(content)].map(([rel, bytes]) => [`content/${rel.split(path.sep).join('/')}`, bytes.toString('base64')])
    : null;
  await page.evaluate(async (files) => {
    if (!files) return;
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('site', { recursive: true }).catch(() => {});
    const site = await root.getDirectoryHandle('site', { create: true });
    await site.getDirectoryHandle('.git', { create: true });
    for (const [name, b64] of files) {
      const parts = name.split('/');
      let dir = site;
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
      await writable.close();
    }
  }, files);
  // the first tab picks the folder; another of the same browser may find it signed in already, as a person would
  const pick = byRole('button', 'Work with Local Repository');
  const first = await page.waitForSelector(`${pick}, ${SIGNED_IN}`, { visible: true });
  // (pressed once the page has stopped changing: a press while Sveltia is still starting is lost)
  if (await first!.evaluate((el) => el.matches('button'))) await settled(page).then(() => first!.click());
  await page.waitForSelector(SIGNED_IN, { visible: true });
  await until(() => page.evaluate(() => location.hash), 'the editor has opened a collection').toMatch(/^#\/collections\/[^/]+$/);
}

/** What the editor shows once signed in: its collections, Business settings among them. */
export const SIGNED_IN = '::-p-text(Business settings)';

/** A button's or a checkbox's name that adds `what` (a list's item, an optional field): Sveltia isolates the name. */
export const add = (what: string) => `Add \u2068${what}\u2069`;

/** Clicks the button of that name (`within` a box, or anywhere on the page) once it can be clicked. */
export const press = (page: Page, name: string, within = '') => page.locator(`${within} ${byRole('button', name)}`).click();

/**
 * The editor's box after a save on an entry someone else saved since it was opened: what happened (`said`, its first
 * sentence) and what to do, no button but OK, which closes it; the save was not made.
 */
export async function savedFirstBox(page: Page, said: RegExp) {
  const box = byRole('alertdialog', 'Not saved: someone else saved this first');
  // (names and dates come isolated)
  await until(
    async () => (await shownText(page, box)).replace(/[\u2066-\u2069]/g, ''),
    'the editor says someone else saved it first',
  ).toMatch(new RegExp(`${said.source}[^]*reload the entry[^]*then make your change again`));
  expect(await shownTexts(page, `${box} ::-p-aria([role="button"])`)).toEqual(['OK']);
  await press(page, 'OK', box);
}

/** Whether the editor keeps a draft of the entry in the browser (Sveltia's draft backups, IndexedDB `<backend>:<repo>`),
 * which it offers to restore when the entry opens again. */
export function draftKept(page: Page, repo: string, collection: string, entry: string): Promise<boolean> {
  return page.evaluate(
    ([db, key]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open(db);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('draft-backups').objectStore('draft-backups').get(key);
            get.onsuccess = () => resolve(!!get.result);
            get.onerror = () => resolve(false);
          } catch {
            resolve(false); // no draft kept yet
          }
        };
      }),
    [`github:${repo}`, [collection, entry]] as [string, string[]],
  );
}
