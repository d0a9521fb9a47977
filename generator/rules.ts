// The content rules the build applies beyond one file's schema, as functions of data with no file system: the build
// calls them (content.ts, routes.ts), and so does the editor at /admin before a save (editor-check.ts, bundled into
// dist/admin/ by admin-files.ts). One code, one set of words, in both places (docs/decisions/editor-refuses-what-the-build-refuses.md).
import type { z } from 'zod';
import { ContentError } from './errors.ts';

/** A schema problem's field as messages name it: `serviceCards[0].text`; the whole front matter when it has no path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'front matter';
}

/** Checks data against a schema; each problem becomes `file: field: problem`. */
export function schemaCheck<S extends z.ZodType>(schema: S, data: unknown, file: string, errors: ContentError[]): z.output<S> | null {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys')
      problem = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    if (/^Invalid input: expected \w+, received undefined$/.test(problem)) problem = 'is required';
    errors.push(new ContentError(file, fieldPath(issue.path), problem));
  }
  return null;
}

/** A post is not modified before it is published. */
export function postDates(d: { published: string; modified: string }, file: string): ContentError[] {
  return d.modified < d.published ? [new ContentError(file, 'modified', `is before published (${d.published})`)] : [];
}

/** A file's name is its page's address: lowercase letters, digits and dashes. */
export function fileNameProblem(slug: string, file: string): ContentError | null {
  return /^[a-z0-9-]+$/.test(slug)
    ? null
    : new ContentError(file, 'file name', 'expected lowercase letters, digits and dashes, like my-post.md');
}

/** site.yaml's order of cities or services names each once. */
export function listedTwice(listed: string[], sub: 'cities' | 'services', siteFile: string): ContentError[] {
  return listed.flatMap((slug, i) =>
    listed.indexOf(slug) < i ? [new ContentError(siteFile, `${sub}[${i}]`, `"${slug}" is listed twice`)] : [],
  );
}

/** The site needs at least one page of each collection. */
export function noneOf(sub: 'cities' | 'services', slugs: string[], folder: string): ContentError[] {
  return slugs.length ? [] : [new ContentError(folder, '', `has no page: the site needs at least one of its ${sub}`)];
}

/** What the route and link rules need to know of the whole site: no file system, so the editor can hold it too. */
export interface RouteFacts {
  routes: { path: string; source: string }[]; // source: the content file, relative to content/ (services/x.md)
  redirects: { from: string; to: string }[];
  listedPaths: string[]; // every service and city file's page, broken or not
  isStatic: (path: string) => boolean; // a file of static/
  owner: (source: string) => string; // a content file as messages name it
  siteFile: string; // site.yaml as messages name it
}

/** A site path that some content links to, and where (markdown.ts records them as it renders). */
export interface LinkTo {
  href: string;
  file: string;
  field: string;
  page?: boolean; // must be a page of the route table (a menu's link), not a redirect's old address or a static file
}

/** The site's pages for a message: the top-level ones, then how many more (posts and cities can be thousands). */
function pageList(paths: string[]): string {
  const top = paths.filter((p) => p.lastIndexOf('/') === 0);
  return `${top.join(', ')}${paths.length > top.length ? ` and ${paths.length - top.length} more below them` : ''}`;
}

/**
 * The dead-link rule: a link may point at a route, a redirect's old address or a file in static/; anything else
 * goes nowhere; a menu's link must be a route. Also: no two pages or redirects share a path, and every redirect lands on a page.
 */
export function routeRules(facts: RouteFacts, links: LinkTo[]): ContentError[] {
  const errors: ContentError[] = [];
  // Each path's owner: a route's content file, or a redirect's place in site.yaml. Named only for a message: on a
  // large blog, making every name up front was most of this check.
  const seen = new Map<string, string | number>();
  const owner = (o: string | number) => (typeof o === 'number' ? `${facts.siteFile} redirects[${o}]` : facts.owner(o));
  for (const r of facts.routes) {
    const prev = seen.get(r.path);
    if (prev !== undefined) errors.push(new ContentError(owner(r.source), 'route', `${r.path} is already the route of ${owner(prev)}`));
    else seen.set(r.path, r.source);
  }
  const pagePaths = new Set(facts.routes.map((x) => x.path));
  for (const [i, r] of facts.redirects.entries()) {
    const prev = seen.get(r.from);
    if (prev !== undefined)
      errors.push(new ContentError(facts.siteFile, `redirects[${i}].from`, `${r.from} is already the route of ${owner(prev)}`));
    else seen.set(r.from, i);
    const target = r.to.replace(/[#?].*$/, '') || '/';
    if (!pagePaths.has(target) && !facts.listedPaths.includes(target))
      errors.push(new ContentError(facts.siteFile, `redirects[${i}].to`, `${r.to} is not a page of the site`));
  }
  for (const l of links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (l.href.startsWith('#') || target === '') continue;
    if (l.page) {
      if (!pagePaths.has(target) && !facts.listedPaths.includes(target))
        errors.push(
          new ContentError(l.file, l.field, `${l.href} is not a page of the site; pages: ${pageList(facts.routes.map((r) => r.path))}`),
        );
      continue;
    }
    if (seen.has(target) || facts.listedPaths.includes(target)) continue;
    if (facts.isStatic(target)) continue;
    errors.push(
      new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`),
    );
  }
  return errors;
}
