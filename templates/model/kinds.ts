// The registry of kinds of content: an index of kinds/, where each kind is one file declaring where its files are, its
// schema, what its file becomes (its model), its path, the pages it makes, its scheduling and what the editor at /admin
// shows (kind.ts says what each may declare). The loader (generator/content.ts), the route table (routes.ts), the
// sitemap, the menus' data, the editor's configuration (editor/build/config.ts) and the model's types (types.ts) all iterate
// this table; no other file names a kind. Each kind's template is in templates/pages/, under the same key
// (templates/pages/index.ts).
import type { Kind } from './kind.ts';
import { about } from './kinds/about.ts';
import { blog } from './kinds/blog.ts';
import { city } from './kinds/city.ts';
import { home } from './kinds/home.ts';
import { job } from './kinds/job.ts';
import { notFound } from './kinds/not-found.ts';
import { post } from './kinds/post.ts';
import { recentWork } from './kinds/recent-work.ts';
import { service } from './kinds/service.ts';
import { serviceAreas } from './kinds/service-areas.ts';
import { thanks } from './kinds/thanks.ts';
import { visit } from './kinds/visit.ts';

export type { Collection, Editor, Hold, Kind, Listing, Single, SiteChoices, Slugs } from './kind.ts';
export { pagePath } from './kind.ts';

/** Every kind, in the order the route table, the sitemap and the menus list their pages (a booked visit has none). */
export const kinds = { home, about, service, blog, post, serviceAreas, city, recentWork, job, visit, notFound, thanks };
export type Kinds = typeof kinds;
export type KindName = keyof Kinds;
/** Each kind by its name, as code that goes through all of them, or finds one by name, sees it. */
export const registry: Record<KindName, Kind> = kinds;
export const kindList = Object.entries(registry) as [KindName, Kind][];
