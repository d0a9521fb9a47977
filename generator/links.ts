// The build's third pass: every address the content names, against the one route table. A link may point at a page,
// a redirect's old address or a file in static/; a menu's link must be a page; no two pages or redirects share a
// path, and every redirect lands on a page (generator/rules.ts linkRules, which the editor runs too). A link to an
// entry no file has (one deleted) leads to its kind's listing, by a redirect the build adds, with a warning.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Redirect, Route } from '../templates/model/types.ts';
import { rel } from './errors.ts';
import type { LinkRef } from './markdown.ts';
import { linkRules, type LinkCheck } from './rules.ts';

export interface LinkContext {
  routes: Route[];
  redirects: Redirect[];
  pages: string[]; // every entry's address, broken or not, so a broken page is not also a dead link
  waiting: string[]; // every waiting entry's address (a draft, a post dated later)
  dir: string; // the content folder
  siteFile: string;
  staticDir: string;
}

function isStaticFile(staticDir: string, urlPath: string): boolean {
  const p = path.join(staticDir, decodeURIComponent(urlPath));
  return p.startsWith(staticDir) && existsSync(p) && statSync(p).isFile();
}

/** Every problem with the site's addresses and the links to them, the warnings, and the redirects the build adds for
 *  links to an entry no file has (the rules: generator/rules.ts, which the editor runs too). */
export function checkLinks(ctx: LinkContext, links: LinkRef[]): LinkCheck {
  const facts = {
    routes: ctx.routes,
    redirects: ctx.redirects,
    pages: ctx.pages,
    waiting: ctx.waiting,
    isStatic: (p: string) => isStaticFile(ctx.staticDir, p),
    owner: (source: string) => rel(path.join(ctx.dir, source)),
    siteFile: rel(ctx.siteFile),
  };
  return linkRules(facts, links);
}
