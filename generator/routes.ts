// The one route table, and the one rule for what a link may point at.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BlogListing, Post, PostSummary, Route, Site } from '../templates/model.ts';
import { aboutTemplate } from '../templates/pages/About.tsx';
import { cityTemplate } from '../templates/pages/City.tsx';
import { homeTemplate } from '../templates/pages/Home.tsx';
import { notFoundTemplate } from '../templates/pages/NotFound.tsx';
import { thanksTemplate } from '../templates/pages/Thanks.tsx';
import { serviceTemplate } from '../templates/pages/Service.tsx';
import { serviceAreasTemplate } from '../templates/pages/ServiceAreas.tsx';
import { blogPagePath, blogTemplate, postTemplate } from '../templates/pages/Blog.tsx';
import { recentWorkTemplate } from '../templates/pages/RecentWork.tsx';
import { recentWorkPagePath } from '../templates/parts/jobs.tsx';
import { ContentError, rel } from './errors.ts';
import { routeRules } from './rules.ts';
import type { LinkRef } from './markdown.ts';

/** Every public page, in menu and sitemap order: pages, menus, sitemap and tests all come from here. */
export function routeTable(site: Pick<Site, 'services' | 'cities' | 'posts' | 'blogSettings' | 'jobs' | 'jobSettings'>): Route[] {
  return [
    { kind: 'home', path: '/', source: 'pages/home.md', data: undefined, template: homeTemplate },
    { kind: 'about', path: '/about', source: 'pages/about.md', data: undefined, template: aboutTemplate },
    ...site.services.map((s) => ({ kind: 'service', path: s.path, source: `services/${s.slug}.md`, data: s, template: serviceTemplate })),
    ...blogListings(site).map((data) => ({
      kind: 'blog',
      path: blogPagePath(data.page),
      source: 'pages/blog.md',
      data,
      template: blogTemplate,
    })),
    ...site.posts.map(postRoute),
    { kind: 'serviceAreas', path: '/service-areas', source: 'pages/service-areas.md', data: undefined, template: serviceAreasTemplate },
    ...site.cities.map((c) => ({ kind: 'city', path: c.path, source: `cities/${c.slug}.md`, data: c, template: cityTemplate })),
    // no job, no page: nothing links there then
    ...(site.jobs.length ? paginate(site.jobs, site.jobSettings.perPage) : []).map(({ items: jobs, ...data }) => ({
      kind: 'recentWork',
      path: recentWorkPagePath(data.page),
      source: 'pages/recent-work.md',
      data: { ...data, jobs },
      template: recentWorkTemplate,
      lastmod: jobs[0].date,
    })),
  ];
}

/** A post's route: its summary in the table, the whole post where the post pipeline renders its page. */
export function postRoute(p: PostSummary | Post): Route<PostSummary | Post> {
  return { kind: 'post', path: p.path, source: `blog/${p.slug}.md`, data: p, template: postTemplate, lastmod: p.modified };
}

/** A listing's pages: the first `perPage` items on page 1, the next on page 2, ... One page with no items. */
function paginate<T>(items: T[], perPage: number): { page: number; pages: number; items: T[] }[] {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: pages }, (_, i) => ({ page: i + 1, pages, items: items.slice(i * perPage, (i + 1) * perPage) }));
}

/** The blog index's pages: the newest `perPage` posts on /blog, older ones on /blog/page/2, 3, ... One page with no posts. */
export function blogListings({ posts, blogSettings: { perPage } }: Pick<Site, 'posts' | 'blogSettings'>): BlogListing[] {
  return paginate(posts, perPage).map(({ items, ...page }) => ({ ...page, posts: items }));
}

/** The not-found page: written as 404.html, never listed in menus or the sitemap. */
export const notFoundRoute: Route = { kind: 'notFound', path: '/404', source: 'pages/404.md', data: undefined, template: notFoundTemplate };

/** Where a quote request sent without JavaScript lands: written as thanks.html, noindex, never in menus or the sitemap. */
export const thanksRoute: Route = { kind: 'thanks', path: '/thanks', source: 'pages/thanks.md', data: undefined, template: thanksTemplate };

/** Pages every build writes that no menu or sitemap lists. */
export const unlistedRoutes = [notFoundRoute, thanksRoute];

/** The paths _headers gives headers of their own: every route, and the unlisted pages but the 404 page. */
export const headedPaths = (routes: Route[]) => [...routes, ...unlistedRoutes].filter((r) => r.path !== '/404').map((r) => r.path);

/** Where a clean URL's file lives: /about -> about.html, / -> index.html. */
export function fileForPath(p: string): string {
  return p === '/' ? 'index.html' : `${p.slice(1)}.html`;
}

/** Newest first; equal dates by title. */
export function sortPosts(posts: PostSummary[]) {
  posts.sort((a, b) => (a.published === b.published ? a.title.localeCompare(b.title) : a.published < b.published ? 1 : -1));
}

export function isStaticFile(staticDir: string, urlPath: string): boolean {
  const p = path.join(staticDir, decodeURIComponent(urlPath));
  return p.startsWith(staticDir) && existsSync(p) && statSync(p).isFile();
}

/** What checkRoutes needs to know of the site besides its posts. */
interface RouteContext {
  dir: string; // the content folder
  siteFile: string;
  staticDir: string;
  services: Site['services'];
  cities: Site['cities'];
  redirects: Site['redirects'];
  blogSettings: Site['blogSettings'];
  jobs: Site['jobs'];
  jobSettings: Site['jobSettings'];
  listedPaths: string[];
}

/** The route and link rules of the whole site (generator/rules.ts routeRules), with its routes and static/. */
export function checkRoutes(ctx: RouteContext, posts: PostSummary[], links: LinkRef[], errors: ContentError[]) {
  const facts = {
    routes: routeTable({ ...ctx, posts }),
    redirects: ctx.redirects,
    listedPaths: ctx.listedPaths,
    isStatic: (p: string) => isStaticFile(ctx.staticDir, p),
    owner: (source: string) => rel(path.join(ctx.dir, source)),
    siteFile: rel(ctx.siteFile),
  };
  errors.push(...routeRules(facts, links)); // generator/rules.ts: the editor runs the same
}
