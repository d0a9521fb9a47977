// The company's facts, as the tests expect them: read from content/ through the build's own loader, never typed
// into a test, so a company that edits content/site.yaml (phone, cities, services, redirects) keeps a green CI.
// Expected routes are derived from the listings by the site's URL rules, so the route table is still tested.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSite } from '../../generator/build-site.ts';
import { contentDir, root } from './paths.ts';

/** The real site's model, loaded once per test file. */
export const site = await loadSite({ content: contentDir, static: path.join(root, 'static') });
export const business = site.business;

export const ORIGIN = business.origin;
/** The phone as a link dials it. */
export const TEL = `tel:${business.phoneE164}`;
/** What the site's titles end with. */
export const TITLE_SUFFIX = ` | ${business.name}`;

/** City slugs, in menu order (site.yaml `cities:`). */
export const CITY_SLUGS = site.cities.map((c) => c.slug);
/** City names, in menu order. */
export const CITY_NAMES = site.cities.map((c) => c.name);
/** A city's name by its slug. */
export const CITY_NAME: Record<string, string> = Object.fromEntries(site.cities.map((c) => [c.slug, c.name]));

/** Service pages' paths, in menu order (site.yaml `services:`): /{slug}. */
export const SERVICE_PATHS = site.services.map((s) => `/${s.slug}`);

const postSlugs = readdirSync(path.join(contentDir, 'blog'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

const jobsDir = path.join(contentDir, 'jobs');
const jobCount = existsSync(jobsDir) ? readdirSync(jobsDir).filter((f) => f.endsWith('.md')).length : 0;

/** A listing's pages by the URL rules: /blog, /blog/page/2, ... */
const listingPaths = (first: string, count: number, perPage: number) =>
  Array.from({ length: Math.max(1, Math.ceil(count / perPage)) }, (_, i) => (i ? `${first}/page/${i + 1}` : first));

/** Every public page, by the URL rules: services at /{slug}, the blog's pages at /blog and /blog/page/N, posts at
 *  /blog/{slug}, cities at /service-area/{slug}, and once there is a job, /recent-work and /recent-work/page/N. */
export const ROUTES = [
  '/',
  '/about',
  ...SERVICE_PATHS,
  ...listingPaths('/blog', postSlugs.length, site.blogSettings.perPage),
  ...postSlugs.map((s) => `/blog/${s}`),
  '/service-areas',
  ...CITY_SLUGS.map((c) => `/service-area/${c}`),
  ...(jobCount ? listingPaths('/recent-work', jobCount, site.jobSettings.perPage) : []),
];

/** site.yaml `redirects:` as [from, to]. */
export const REDIRECTS: [string, string][] = site.redirects.map((r) => [r.from, r.to]);
