// The build's third pass: every address the content names, against the one route table. A link may point at a page,
// a redirect's old address or a file in static/; a menu's link must be a page; no two pages or redirects share a
// path, and every redirect lands on a page.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Redirect, Route } from '../templates/model/types.ts';
import { ContentError, rel } from './errors.ts';
import type { LinkRef } from './markdown.ts';

export interface LinkContext {
  routes: Route[];
  redirects: Redirect[];
  pages: string[]; // every entry's address, broken or not, so a broken page is not also a dead link
  dir: string; // the content folder
  siteFile: string;
  staticDir: string;
}

function isStaticFile(staticDir: string, urlPath: string): boolean {
  const p = path.join(staticDir, decodeURIComponent(urlPath));
  return p.startsWith(staticDir) && existsSync(p) && statSync(p).isFile();
}

/** The site's pages for a message: the top-level ones, then how many more (posts and cities can be thousands). */
function pageList(routes: Route[]): string {
  const top = routes.map((r) => r.path).filter((p) => p.lastIndexOf('/') === 0);
  return `${top.join(', ')}${routes.length > top.length ? ` and ${routes.length - top.length} more below them` : ''}`;
}

/** Every problem with the site's addresses and the links to them. */
export function checkLinks(ctx: LinkContext, links: LinkRef[]): ContentError[] {
  const errors: ContentError[] = [];
  // Each path's owner: a route's content file, or a redirect's place in site.yaml.
  const seen = new Map<string, string | number>();
  const owner = (o: string | number) => (typeof o === 'number' ? `${rel(ctx.siteFile)} redirects[${o}]` : rel(path.join(ctx.dir, o)));
  for (const r of ctx.routes) {
    const prev = seen.get(r.path);
    if (prev !== undefined) errors.push(new ContentError(owner(r.source), 'route', `${r.path} is already the route of ${owner(prev)}`));
    else seen.set(r.path, r.source);
  }
  const pages = new Set([...ctx.routes.map((x) => x.path), ...ctx.pages]);
  for (const [i, r] of ctx.redirects.entries()) {
    const prev = seen.get(r.from);
    if (prev !== undefined)
      errors.push(new ContentError(rel(ctx.siteFile), `redirects[${i}].from`, `${r.from} is already the route of ${owner(prev)}`));
    else seen.set(r.from, i);
    if (!pages.has(r.to.replace(/[#?].*$/, '') || '/'))
      errors.push(new ContentError(rel(ctx.siteFile), `redirects[${i}].to`, `${r.to} is not a page of the site`));
  }
  for (const l of links) {
    const target = l.href.replace(/[#?].*$/, '');
    if (l.href.startsWith('#') || target === '') continue;
    if (l.page) {
      if (!pages.has(target))
        errors.push(new ContentError(l.file, l.field, `${l.href} is not a page of the site; pages: ${pageList(ctx.routes)}`));
      continue;
    }
    if (seen.has(target) || pages.has(target) || isStaticFile(ctx.staticDir, target)) continue;
    errors.push(
      new ContentError(l.file, l.field, `link to ${l.href} goes nowhere: it is neither a page, a redirect nor a file in static/`),
    );
  }
  return errors;
}
