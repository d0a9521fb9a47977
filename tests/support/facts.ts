// The company's facts, as the tests expect them: what the build publishes, read from content/ through the build's own
// loader (drafts and posts dated later held back, as a build holds them), never typed into a test, so a company that
// edits its content (the phone, the hours, a city, a service, a draft) keeps a green CI.
import path from 'node:path';
import { routeTable, siteModel } from '../../generator/build-site.ts';
import { fill } from '../../templates/model/words.ts';
import { contentDir, root } from './paths.ts';

/** The real site's model as a build publishes it, loaded once per test file. */
export const { site } = await siteModel({ content: contentDir, static: path.join(root, 'static') });
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

/** Every public page the build publishes: the route table of the published model, so a draft or a post dated later is
 *  not expected. (tests/build/output.test.ts checks the table itself against the site's URL rules.) */
export const ROUTES = routeTable(site).map((r) => r.path);
/** Every page a visitor can open: the routes, a missing page and the thank-you page. */
export const PAGES = [...ROUTES, '/404', '/thanks'];
/** One page of each kind: the first route the table lists of each (its template and its scripts are what a browser
 *  sees; every route of a kind renders through the same ones), and the missing and thank-you pages. What varies by
 *  route (links, words, structured data, sizes) is checked on every route in the build layer. */
const firstOfKind = new Map<string, string>();
for (const r of routeTable(site)) if (!firstOfKind.has(r.kind)) firstOfKind.set(r.kind, r.path);
export const KIND_PAGES = [...firstOfKind.values(), '/404', '/thanks'];

/** The sample content's article, the permit guide: its tests check the sample content, and only while it is published. */
export const PERMIT_GUIDE = site.posts.find((p) => p.slug === 'vancouver-tree-removal-permit-guide');

/** site.yaml `redirects:` as [from, to]. */
export const REDIRECTS: [string, string][] = site.redirects.map((r) => [r.from, r.to]);

/** The quote forms' own words (site.yaml forms.labels): the fields' labels, the buttons, the dialog's title. */
export const FORM_LABELS = site.forms.labels;
/** What the quote forms say as they send and after (site.yaml forms.messages), filled in as the page fills them. */
export const MESSAGES = site.forms.messages;
export const message = (key: keyof typeof MESSAGES, values: Record<string, string> = {}) => fill(MESSAGES[key], values);

/** A city page's heading, as site.yaml cityPages.h1 words it for that city ('Tree Services in {city}, BC'). */
export const cityHeading = (city: string) => fill(site.cityPages.h1, { city });
