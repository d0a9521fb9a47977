// The content rules the build applies beyond what a kind's schema and model say, as functions of data with no file
// system: the build calls them (content.ts, links.ts), and so does the editor at /admin before a save (editor-check.ts,
// bundled into dist/admin/ by admin-script.ts). One code, one set of words, in both places
// (docs/decisions/editor-refuses-what-the-build-refuses.md).
import type * as z from 'zod';
import type { SiteConfig } from '../templates/model/schemas.ts';
import { ContentError } from './errors.ts';
import type { LinkRef } from './markdown.ts';

/** Checks data against a schema; each problem becomes `file: field: problem`. */
export function schemaCheck<S extends z.ZodType>(schema: S, data: unknown, file: string, errors: ContentError[]): z.output<S> | null {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'front matter';
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys')
      problem = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    if (/^Invalid input: expected \w+, received undefined$/.test(problem)) problem = 'is required';
    errors.push(new ContentError(file, field, problem));
  }
  return null;
}

/** A file's name is its page's address: lowercase letters, digits and dashes. `file` as messages name it. */
export function fileNameProblem(file: string): ContentError | null {
  return /(^|\/)[a-z0-9-]+\.md$/.test(file)
    ? null
    : new ContentError(file, 'file name', 'expected lowercase letters, digits and dashes, like my-post.md');
}

/** site.yaml's order of a folder's entries (`services:`, `cities:`) names each once. */
export function listedTwice(listed: string[], field: string, siteFile: string): ContentError[] {
  return listed.flatMap((slug, i) =>
    listed.indexOf(slug) < i ? [new ContentError(siteFile, `${field}[${i}]`, `"${slug}" is listed twice`)] : [],
  );
}

/** The addresses site.yaml names: the menu's (pages only) and the alert's link. */
export function siteLinks(config: Pick<SiteConfig, 'navigation' | 'alert'>, siteFile: string): LinkRef[] {
  const links: LinkRef[] = config.navigation.flatMap((item, i) =>
    item.path ? [{ href: item.path, file: siteFile, field: `navigation[${i}].path`, page: true }] : [],
  );
  if (config.alert?.link) links.push({ href: config.alert.link, file: siteFile, field: 'alert.link' });
  return links;
}

/** What the link rules need to know of the whole site: no file system, so the editor can hold it too. */
export interface LinkFacts {
  routes: { path: string; source: string }[]; // source: the content file, relative to content/ (services/x.md)
  redirects: { from: string; to: string }[];
  pages: string[]; // every entry's address, broken or not, so a broken page is not also a dead link
  isStatic: (path: string) => boolean; // a file of static/
  owner: (source: string) => string; // a content file as messages name it
  siteFile: string; // site.yaml as messages name it
}

/** The site's pages for a message: the top-level ones, then how many more (posts and cities can be thousands). */
function pageList(routes: { path: string }[]): string {
  const top = routes.map((r) => r.path).filter((p) => p.lastIndexOf('/') === 0);
  return `${top.join(', ')}${routes.length > top.length ? ` and ${routes.length - top.length} more below them` : ''}`;
}

/**
 * A link may point at a page, a redirect's old address or a file in static/; a menu's link must be a page; no two
 * pages or redirects share a path, and every redirect lands on a page.
 */
export function linkRules(facts: LinkFacts, links: LinkRef[]): ContentError[] {
  const errors: ContentError[] = [];
  // Each path's owner: a route's content file, or a redirect's place in site.yaml.
  const seen = new Map<string, string | number>();
  const owner = (o: string | number) => (typeof o === 'number' ? `${facts.siteFile} redirects[${o}]` : facts.owner(o));
  for (const r of facts.routes) {
    const prev = seen.get(r.path);
    if (prev !== undefined) errors.push(new ContentError(owner(r.source), 'route', `${r.path} is already the route of ${owner(prev)}`));
    else seen.set(r.path, r.source);
  }
  const pages = new Set([...facts.routes.map((x) => x.path), ...facts.pages]);
  for (const [i, r] of facts.redirects.entries()) {
    const prev = seen.get(r.from);
    if (prev !== undefined)
      errors.push(new ContentError(facts.siteFile, `redirects[${i}].from`, `${r.from} is already the route of ${owner(prev)}`));
    else seen.set(r.from, i);
    if (!pages.has(r.to.replace(/[#?].*$/, '') || '/'))
      errors.push(new ContentError(facts.siteFile, `redirects[${i}].to`, `${r.to} is not a page of the site`));
  }
  for (const l of links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (l.href.startsWith('#') || target === '') continue;
    if (l.page) {
      if (!pages.has(target))
        errors.push(new ContentError(l.file, l.field, `${l.href} is not a page of the site; pages: ${pageList(facts.routes)}`));
      continue;
    }
    if (seen.has(target) || pages.has(target) || facts.isStatic(target)) continue;
    errors.push(
      new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`),
    );
  }
  return errors;
}
