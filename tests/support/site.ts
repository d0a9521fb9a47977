// Helpers for build-output tests: read the built files and the route table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isText } from 'domhandler';
import { filter, removeElement, textContent } from 'domutils';
import { inject } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { OFFICE_VALUES_ID, type OfficeValues } from '../../editor/browser/office-actions.ts';
import { OFFICE_PATH } from '../../templates/model/constants.ts';
import { contentDir, root } from './paths.ts';
import { walk } from './files.ts';
import { $, $$, attr, parseHtml, type AnyNode } from './html.ts';

export { contentDir, root };
export const siteDir = () => inject('siteDir');
export const baseUrl = () => inject('baseUrl');

/** The page at a path of the built site (or of `dir`). */
export function html(urlPath: string, dir = siteDir()): string {
  return readFileSync(path.join(dir, fileForPath(urlPath)), 'utf8');
}
/** The addresses of the estimate file a page names (the dialog and its toasts, which the client fetches) and of the
 * stylesheet the file links, in the built site (or `dir`); none on a page without estimate buttons. */
export function estimateUrls(page: string, dir = siteDir()): { file: string; stylesheet: string } | undefined {
  const named = $('[data-estimate-ui]', parseHtml(page));
  if (!named) return undefined;
  const file = attr(named, 'data-estimate-ui')!;
  return { file, stylesheet: attr($('link[rel="stylesheet"]', parseHtml(readFileSync(path.join(dir, file), 'utf8')))!, 'href')! };
}
/** The estimate file a page with estimate buttons names, from the built site (or `dir`). */
export function estimateFile(page: string, dir = siteDir()): string {
  const urls = estimateUrls(page, dir);
  if (!urls) throw new Error('the page names no estimate file');
  return readFileSync(path.join(dir, urls.file), 'utf8');
}
/** The office page's build values (editor/build/office.ts), as the built page holds them. */
export const officeValues = (dir = siteDir()): OfficeValues =>
  JSON.parse(textContent($(`#${OFFICE_VALUES_ID}`, parseHtml(readFileSync(path.join(dir, OFFICE_PATH, 'index.html'), 'utf8')))!));
/** Every file of the built site (or of `dir`). */
export const allFiles = (dir = siteDir()) => walk(dir);
/** The files of the public site (or of `dir`): all but the editor's room, /admin/ (the office page is there in every build). */
export const publicFiles = (dir = siteDir()) => walk(dir).filter((f) => !path.relative(dir, f).startsWith('admin/'));
/** What the layout writes around a page's own content (header, menus, footer, review bar, toasts): the body but <main>. */
export const chromeOf = (page: string) => $$('body > *', parseHtml(page)).filter((el) => el.name !== 'main');
/** A page's forms, in order. */
export const formsOf = (page: string) => $$('form', parseHtml(page));
/** The JSON-LD blocks of a page, parsed. */
export const jsonLd = (page: string): Record<string, any>[] =>
  $$('script[type="application/ld+json"]', parseHtml(page)).map((s) => JSON.parse(textContent(s)));
/** Text as a reader reads it: each run of white space one space, none at the ends. */
export const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
/** What a reader sees of HTML (a fragment's text, or parsed nodes, which it changes): no scripts, styles, icons, templates
 *  or text for screen readers alone; each tag a word break; white space folded. */
export function visibleText(html: string | AnyNode | AnyNode[]): string {
  const nodes = typeof html === 'string' ? parseHtml(html) : html;
  $$('script, style, svg, template, .visually-hidden', nodes).forEach(removeElement);
  return fold(
    filter(isText, nodes)
      .map((t) => (isText(t) ? t.data : ''))
      .join(' '),
  );
}
/** The words a reader reads (a lone mark such as a dash is no word). */
export const wordCount = (html: string | AnyNode | AnyNode[]) =>
  visibleText(html)
    .split(' ')
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
