// What the editor at /admin needs to know of the whole site to judge one save as the build would (editor-check.ts):
// the routes and the files that make them, the redirects, the files of static/ and content/images/, the slugs and the
// tokens. Written only to dist/admin/site-index.json (admin-files.ts): no public page grows.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Route, Site } from '../templates/model.ts';
import type { SiteIndex } from './editor-check.ts';

/** The files of static/, as site paths (/favicon.ico). */
function staticFiles(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => `/${path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`)
      .sort();
  } catch {
    return [];
  }
}

export function siteIndex(
  site: Site,
  routes: Route[],
  opts: { staticDir: string; listedPaths: string[]; tokens: string[]; imageProblems: Record<string, string> },
): SiteIndex {
  // the redirects the build adds for a listing's first page (content.ts listingRedirects), apart from site.yaml's
  const listing = ['/blog', ...(site.jobs.length ? ['/recent-work'] : [])].map((to) => `${to}/page/1`);
  const added = (r: { from: string }, i: number) =>
    listing.includes(r.from) && site.redirects.findIndex((x) => x.from === r.from) === i && i >= site.redirects.length - listing.length;
  return {
    routes: routes.map((r) => ({ path: r.path, source: r.source })),
    redirects: site.redirects.filter((r, i) => !added(r, i)).map(({ from, to }) => ({ from, to })),
    listingRedirects: site.redirects.filter(added).map(({ from, to }) => ({ from, to })),
    listedPaths: opts.listedPaths,
    staticFiles: staticFiles(opts.staticDir),
    images: Object.keys(site.images),
    imageProblems: opts.imageProblems,
    cities: site.cities.map((c) => c.slug),
    services: site.services.map((s) => s.slug),
    tokens: opts.tokens,
    labels: { newTab: site.labels.newTab, table: site.labels.table },
  };
}
