// Driving the editor at /admin/ (Sveltia CMS) in Chromium on a copy of content/. A test cannot click through the
// browser's folder picker, so showDirectoryPicker hands the editor a folder of the browser's private file system
// (OPFS) holding the copy, with an empty .git (the editor checks it was given a repository's root); afterwards the
// folder is read back to disk and built.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readTree } from './files.ts';

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

/**
 * The input of a field, by its key path in the file (`business.phone`, `faq.0.a`): the schema's own names. The
 * editor draws a field once it scrolls into view, so the deepest part of it drawn so far is brought there until it shows.
 */
export async function fieldInput(page: Page, keyPath: string, timeout = EDITOR_WAIT) {
  const section = (key: string) => page.locator(`section.field[data-key-path="${key}"]`).first();
  const parts = keyPath.split('.');
  // a long entry draws its first fields first: the last one drawn is brought into view until this one's is drawn
  await page.locator('section.field[data-key-path]').first().waitFor({ state: 'attached', timeout });
  await expect
    .poll(
      async () => {
        if (await section(parts[0]).count()) return true;
        await page
          .locator('section.field[data-key-path]:not([data-key-path*="."])')
          .last()
          .evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
        return false;
      },
      { message: `the editor draws the field ${parts[0]}`, timeout },
    )
    .toBe(true);
  const input = section(keyPath).locator('input:not([type=file]), textarea').first();
  // the deepest part drawn so far, brought into view until the field shows: an item just added to a list (faq.5.q)
  // is drawn below the list's top, maybe out of view, where the editor would not draw its fields
  await expect
    .poll(
      async () => {
        for (let i = parts.length; i > 0; i--) {
          const key = parts.slice(0, i).join('.');
          if (!(await section(key).count())) continue;
          // the field itself, or (not drawn yet) the last part of its list drawn so far, at the top, so what follows draws
          const drawn = i === parts.length ? section(key) : page.locator(`section.field[data-key-path^="${key}."]`).last();
          const at = (await drawn.count()) ? drawn : section(key);
          await at.evaluate(
            (el, block) => el.scrollIntoView({ block, behavior: 'instant' }),
            i === parts.length ? ('center' as const) : ('start' as const),
          );
          break;
        }
        return input.isVisible();
      },
      { message: `the editor shows the field ${keyPath}`, timeout },
    )
    .toBe(true);
  return input;
}

/**
 * Opens the editor of the site at `siteUrl` on a private-folder copy of `content` ("Work with Local Repository"), and
 * waits until it has opened its first collection by itself, so that a test's own navigation is not overtaken. With
 * `copy` false, on the folder as another tab of the same browser left it (content is then not read).
 */
export async function openEditor(page: Page, siteUrl: string, content: string, wait = EDITOR_WAIT, copy = true): Promise<void> {
  await page.addInitScript(() => {
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
  const pick = page.getByRole('button', { name: 'Work with Local Repository' });
  await pick.or(page.getByText('Business settings').first()).first().waitFor({ timeout: wait });
  if (await pick.isVisible()) await pick.click();
  await page.getByText('Business settings').first().waitFor({ timeout: wait });
  await expect
    .poll(() => page.evaluate(() => location.hash), { message: 'the editor has opened a collection', timeout: wait })
    .toMatch(/^#\/collections\/[^/]+$/);
}

/**
 * The editor's box after a save on an entry someone else saved since it was opened: what happened (`said`, its first
 * sentence) and what to do, no button but OK, which closes it; the save was not made.
 */
export async function savedFirstBox(page: Page, said: RegExp) {
  const box = page.getByRole('alertdialog', { name: 'Not saved: someone else saved this first' });
  await expect
    .poll(async () => (await box.innerText()).replace(/[\u2066-\u2069]/g, ''), {
      message: 'the editor says someone else saved it first',
      timeout: EDITOR_WAIT,
    }) // names and dates come isolated
    .toMatch(new RegExp(`${said.source}[^]*reload the entry[^]*then make your change again`));
  expect(await box.getByRole('button').allInnerTexts()).toEqual(['OK']);
  await box.getByRole('button').click();
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
