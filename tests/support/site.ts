// Helpers for build-output tests: read the built files and the route table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate, Parser, type HtmlElement } from 'html-validate';
import { inject } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { contentDir, root } from './paths.ts';
import { decodeEntities, walk } from './files.ts';

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
  const file = page.match(/ data-estimate-ui="(\/assets\/estimate-\w+\.html)"/)?.[1];
  if (!file) return undefined;
  const stylesheet = readFileSync(path.join(dir, file), 'utf8').match(/<link rel="stylesheet" href="(\/assets\/estimate-\w+\.css)"\/>/)![1];
  return { file, stylesheet };
}
/** The estimate file a page with estimate buttons names, from the built site (or `dir`). */
export function estimateFile(page: string, dir = siteDir()): string {
  const urls = estimateUrls(page, dir);
  if (!urls) throw new Error('the page names no estimate file');
  return readFileSync(path.join(dir, urls.file), 'utf8');
}
/** Every file of the built site (or of `dir`). */
export const allFiles = (dir = siteDir()) => walk(dir);
/** What the layout writes around a page's own content (header, menus, footer, review bar, toasts): the body but <main>. */
export function chromeOf(page: string): string {
  return page.replace(/^[\s\S]*?<body>|<main[\s\S]*<\/main>/g, '');
}
/** A page's <form> start tags, in order. */
export const formTags = (page: string) => [...page.matchAll(/<form[^>]*>/g)].map((m) => m[0]);
/** The JSON-LD blocks of a page, parsed. */
export function jsonLd(page: string): Record<string, any>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const htmlConfig = new HtmlValidate().getConfigForSync('page.html');
/** A page parsed without a browser (html-validate's parser: no script runs, nothing loads). */
export const dom = (page: string): HtmlElement => new Parser(htmlConfig).parseHtml(page);
/** Text as a reader reads it: each run of white space one space, none at the ends. */
export const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
/** An element's text as a reader reads it: references decoded, white space folded. */
export const text = (el: HtmlElement | null) => fold(decodeEntities(el?.textContent ?? ''));
/** An attribute's value, references decoded; null when the element has none. */
export const attr = (el: HtmlElement, name: string) => {
  const v = el.getAttributeValue(name);
  return v === null ? null : decodeEntities(v);
};
