// The one route table, made from the registry of kinds: every page of the site, in menu and sitemap order. Pages,
// menus, the sitemap, the link check and the tests all read it.
import { kindList, pagePath, registry, type Collection, type KindName, type Single } from './kinds.ts';
import type { Collections, ListingPage, Redirect, Route, Settings } from './types.ts';

/** What the route table is made from: each collection's entries, and the settings a listing's page size comes from. */
type Entries = Collections & Settings;

/** A listing's pages: the first `perPage` entries on page 1, the next on page 2, ... One empty page with no entry,
 *  for a listing that is there `always`; none otherwise. */
function paginate<T>(items: T[], perPage: number, always: boolean): ListingPage<T>[] {
  if (!items.length && !always) return [];
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: pages }, (_, i) => ({ page: i + 1, pages, items: items.slice(i * perPage, (i + 1) * perPage) }));
}

function collectionRoutes(kind: KindName, k: Collection, site: Entries): Route[] {
  if (!k.entryPages) return [];
  const entries = site[k.field as keyof Entries] as unknown as { slug: string; path: string }[];
  return entries.map((data) => ({ kind, path: data.path, source: `${k.folder}/${data.slug}.md`, data, lastmod: k.lastmod?.(data) }));
}

function singleRoutes(kind: KindName, k: Single, site: Entries): Route[] {
  if (k.unlisted) return [];
  const source = k.file;
  if (!k.lists) return [{ kind, path: k.path, source, data: undefined }];
  const { field, perPage, always, lastmod } = k.lists;
  const path = pagePath(k.path);
  return paginate(site[field as keyof Collections] as unknown as Record<string, unknown>[], perPage(site), always).map((data) => ({
    kind,
    path: path(data.page),
    source,
    data,
    lastmod: data.items.length ? lastmod?.(data.items[0]) : undefined,
  }));
}

/** Every public page, in menu and sitemap order. */
export function routeTable(site: Entries): Route[] {
  return kindList.flatMap(([name, k]) => (k.type === 'collection' ? collectionRoutes(name, k, site) : singleRoutes(name, k, site)));
}

/** Pages every build writes that no menu or sitemap lists (404.html, thanks.html). */
export const unlistedRoutes: Route[] = kindList.flatMap(([name, k]) =>
  k.type === 'single' && k.unlisted ? [{ kind: name, path: k.path, source: k.file, data: undefined }] : [],
);

/** The other address of a listing's first page (/blog/page/1), which redirects to it (/blog). */
export const firstPageAlias = (listing: string): Redirect => ({ from: `${listing}/page/1`, to: listing });

/** A listing's first page has one address: /blog/page/1 redirects to /blog (and /recent-work/page/1, while it has a
 *  page), in every form the others take, unless site.yaml already sends it somewhere. */
export function withListingRedirects(redirects: Redirect[], routes: Route[]): Redirect[] {
  const firsts = routes.filter((r) => {
    const k = registry[r.kind];
    return k.type === 'single' && k.lists && (r.data as ListingPage<unknown>).page === 1;
  });
  const added = firsts.map((r) => firstPageAlias(r.path)).filter((f) => !redirects.some((r) => r.from === f.from));
  return [...redirects, ...added];
}

/** The paths _headers gives headers of their own: every route, and the unlisted pages but the 404 page. */
export const headedPaths = (routes: Route[]) => [...routes, ...unlistedRoutes].filter((r) => r.path !== '/404').map((r) => r.path);

/** Where a clean URL's file lives: /about -> about.html, / -> index.html. */
export function fileForPath(p: string): string {
  return p === '/' ? 'index.html' : `${p.slice(1)}.html`;
}
