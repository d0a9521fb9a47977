// What the editor at /admin needs to know of the whole site to judge one save as the build would (editor/check.ts):
// the routes and the files that make them, the redirects, the files of static/ and content/images/ (and the photos'
// sizes), each kind's slugs,
// the tokens, the time zones the company's clock knows (its tz data stays in the build), the company's today and the
// estimate visits' windows and closed days (what a booked visit is checked against). Written only to
// dist/admin/site-index.json (files.ts): no public page grows.
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Redirect, Route } from '../../templates/model/types.ts';
import type { SiteIndex } from '../check.ts';
import type { TextSource } from '../../generator/markdown.ts';
import { zoneNames } from '../../generator/time.ts';

/** The files of static/, as site paths (/favicon.ico). */
function staticFiles(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => `/${path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`)
      .sort();
  } catch {
    return [];
  }
}

export function siteIndex(facts: {
  routes: Route[];
  redirects: Redirect[]; // site.yaml's
  withListings: Redirect[]; // and those the build adds
  pages: string[];
  waiting: string[];
  slugs: Record<string, string[]>;
  names: Record<string, Record<string, string>>;
  source: TextSource;
  staticDir: string;
  today: string;
  visits?: SiteIndex['visits'];
}): SiteIndex {
  const own = (r: Redirect) => facts.redirects.some((x) => x.from === r.from);
  return {
    routes: facts.routes.map((r) => ({ path: r.path, source: r.source })),
    redirects: facts.redirects.map(({ from, to }) => ({ from, to })),
    listingRedirects: facts.withListings.filter((r) => !own(r)).map(({ from, to }) => ({ from, to })),
    pages: facts.pages,
    waiting: facts.waiting,
    staticFiles: staticFiles(facts.staticDir),
    images: Object.keys(facts.source.images),
    imageSizes: Object.fromEntries(Object.values(facts.source.images).map((i) => [i.src, [i.width, i.height]])),
    imageProblems: facts.source.imageProblems,
    slugs: facts.slugs,
    names: facts.names,
    tokens: Object.keys(facts.source.tokens),
    labels: facts.source.labels,
    zones: zoneNames(),
    today: facts.today,
    ...(facts.visits ? { visits: { weekdays: facts.visits.weekdays, closed: facts.visits.closed } } : {}),
  };
}
