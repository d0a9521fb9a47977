// What the editor at /admin checks before it saves a file: the build's own rules on that file (its schema with every
// refinement, its Markdown's links, photos, headings and tokens, its file name, and the route and link rules of the
// whole site judged against the site index the last build wrote), run by the build's own code. Bundled for the
// browser by admin-files.ts (client/admin/rules.ts registers it with Sveltia); tests run it in Node as well.
import type { z } from 'zod';
import type { ImageInfo } from '../templates/rendered.ts';
import { ContentError } from './errors.ts';
import { MarkdownRenderer, type LinkRef } from './markdown.ts';
import { cityKind, jobKind, postKind, serviceKind, singlePages, type PageKind } from './pages.ts';
import { fileNameProblem, listedTwice, postDates, routeRules, schemaCheck } from './rules.ts';
import { siteSchema, type SiteConfig } from './schemas.ts';

/** What the build tells the editor about the whole site (dist/admin/site-index.json): only what a save is judged by. */
export interface SiteIndex {
  routes: { path: string; source: string }[]; // every public page and the content file that makes it
  redirects: { from: string; to: string }[]; // site.yaml's
  listingRedirects: { from: string; to: string }[]; // those the build adds (/blog/page/1 -> /blog)
  listedPaths: string[];
  staticFiles: string[]; // the files of static/, as site paths
  images: string[]; // the photos of content/images/, as content writes them (/images/x.jpg)
  imageProblems: Record<string, string>; // those that cannot be used, and why
  cities: string[];
  services: string[];
  tokens: string[]; // the names of the copy's {{tokens}}
  labels: { newTab: string; table: string };
}

/** Which file a save writes: a collection's entry (by its slug) or a single file (site.yaml, a page). */
export interface EntryRef {
  collection: string; // the editor's collection: services, cities, jobs, blog, pages, settings
  slug?: string; // an entry of a folder collection
  file?: string; // a file of the pages collection (home, about, ...) or settings (site)
}

/** The folder collections: content folder, kind, and the path of an entry's page (jobs have none of their own). */
const FOLDERS: Record<string, { folder: string; kind: PageKind<z.ZodType, unknown>; path?: (slug: string) => string }> = {
  services: { folder: 'services', kind: serviceKind as PageKind<z.ZodType, unknown>, path: (s) => `/${s}` },
  cities: { folder: 'cities', kind: cityKind as PageKind<z.ZodType, unknown>, path: (s) => `/service-area/${s}` },
  jobs: { folder: 'jobs', kind: jobKind as PageKind<z.ZodType, unknown> },
  blog: { folder: 'blog', kind: postKind as PageKind<z.ZodType, unknown>, path: (s) => `/blog/${s}` },
};

/** The collection and entry a path of the repository is: content/cities/x.md, content/pages/home.md, content/site.yaml. */
export function entryRef(path: string): EntryRef | null {
  if (path === 'content/site.yaml') return { collection: 'settings', file: 'site' };
  const m = /^content\/(services|cities|jobs|blog|pages)\/([^/]+)\.md$/.exec(path);
  if (!m) return null;
  return m[1] === 'pages' ? { collection: 'pages', file: m[2] } : { collection: m[1], slug: m[2] };
}

/** The content file an entry is saved to, relative to content/. */
export function sourceOf(ref: EntryRef): string {
  if (ref.collection === 'settings') return 'site.yaml';
  if (ref.collection === 'pages') return `pages/${ref.file}.md`;
  return `${FOLDERS[ref.collection].folder}/${ref.slug}.md`;
}

/** A photo the editor knows is there: its size does not matter for the rules, only that it exists. */
function knownImages(names: string[]): Record<string, ImageInfo> {
  const info = (src: string): ImageInfo => ({
    src,
    width: 1,
    height: 1,
    sources: [],
    fallback: { type: 'image/jpeg', srcset: [{ w: 1, path: src }] },
    og: src,
  });
  return Object.fromEntries(names.map((n) => [n, info(n)]));
}

/**
 * Blank text counts as empty, as the editor writes it: a field holding only spaces is emptied, and an optional field
 * left empty is left out of the file (omit_empty_optional_fields). Returns the data and the fields emptied.
 */
export function withoutBlanks(data: unknown, at: (string | number)[] = [], emptied: string[] = []): unknown {
  if (Array.isArray(data)) return data.map((v, i) => withoutBlanks(v, [...at, i], emptied));
  if (data && typeof data === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) {
      if (typeof v === 'string' && !v.trim()) emptied.push([...at, k].join('.'));
      else if (v !== undefined && v !== null) out[k] = withoutBlanks(v, [...at, k], emptied);
    }
    return out;
  }
  return data;
}

/**
 * Every problem the build would report about this entry, saved as `data` (and `body`, its Markdown), in a site that is
 * otherwise as the index says. An empty list: the build accepts it.
 */
export function checkEntry(ref: EntryRef, rawData: unknown, body: string, index: SiteIndex): ContentError[] {
  const source = sourceOf(ref);
  const file = `content/${source}`;
  const siteFile = 'content/site.yaml';
  const errors: ContentError[] = [];
  const emptied: string[] = [];
  const data = withoutBlanks(rawData, [], emptied) as Record<string, unknown>;
  const folder = FOLDERS[ref.collection];
  // the slugs there are once this entry is saved: a new city is one of the cities at once
  const config = {
    cities: [...new Set([...index.cities, ...(ref.collection === 'cities' && ref.slug ? [ref.slug] : [])])],
    services: [...new Set([...index.services, ...(ref.collection === 'services' && ref.slug ? [ref.slug] : [])])],
  } as SiteConfig;
  const md = new MarkdownRenderer(
    Object.fromEntries(index.tokens.map((t) => [t, { md: t, plain: t }])),
    index.labels,
    knownImages(index.images),
    index.imageProblems,
  );
  const links: LinkRef[] = [];
  let routes = index.routes.filter((r) => r.source !== source);
  let redirects = index.redirects;
  let listing = index.listingRedirects;

  const schemaErrors: ContentError[] = [];
  if (ref.collection === 'settings') {
    const site = schemaCheck(siteSchema, data, siteFile, schemaErrors);
    if (site) {
      errors.push(...listedTwice(site.cities, 'cities', siteFile), ...listedTwice(site.services, 'services', siteFile));
      site.navigation.forEach((item, i) => {
        if (item.path) links.push({ href: item.path, file: siteFile, field: `navigation[${i}].path`, page: true });
      });
      md.fillRest(site, siteFile);
      redirects = site.redirects;
      listing = index.listingRedirects.filter((l) => !redirects.some((r) => r.from === l.from));
    }
  } else {
    const kind = folder ? folder.kind : Object.values(singlePages).find((p) => p.file === ref.file)!.kind;
    const slug = ref.slug ?? ref.file ?? '';
    if (folder) {
      const problem = fileNameProblem(slug, file);
      if (problem) errors.push(problem);
    }
    const checked = schemaCheck((kind as PageKind<z.ZodType, unknown>).schema(config), data, file, schemaErrors);
    if (checked) {
      if (ref.collection === 'blog') errors.push(...postDates(checked as { published: string; modified: string }, file));
      md.fillRest(kind.model({ file, data: checked, body, bodyLine: 1 }, md, slug), file);
    } else if (kind.body) md.sections(body, file, 1); // every problem at once, as the build reports them
    if (folder?.path) routes = [...routes, { path: folder.path(slug), source }];
  }
  // a field emptied of its spaces is "not empty" to the build, which reads what a person typed: the same words
  for (const e of schemaErrors)
    errors.push(
      emptied.includes(e.field.replace(/\[(\d+)\]/g, '.$1')) && e.problem === 'is required'
        ? new ContentError(e.file, e.field, 'must not be empty')
        : e,
    );
  errors.push(...md.takeErrors());
  links.push(...md.links);
  const statics = new Set(index.staticFiles);
  const facts = {
    routes,
    redirects: [...redirects, ...listing],
    listedPaths: index.listedPaths,
    isStatic: (p: string) => statics.has(p),
    owner: (s: string) => `content/${s}`,
    siteFile,
  };
  // of the whole site's rules, those this save can break: its own links and routes, and a path another file holds
  const mine = (e: ContentError) => e.file === file || e.problem.includes(file) || (ref.collection === 'settings' && e.file === siteFile);
  errors.push(...routeRules(facts, links).filter(mine));
  return errors;
}
