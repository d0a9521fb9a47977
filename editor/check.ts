// What the editor at /admin checks before it saves a file: the build's own rules on that file (its kind's schema with
// every refinement, its model's Markdown (links, photos, headings, tokens), its file name, site.yaml's lists, and the
// link rules of the whole site judged against the site index the last build wrote), run by the build's own code.
// Bundled for the browser by build/bundle.ts (browser/save-check.ts runs it before a save); tests run it in Node too.
import { registry, type Kind, type SiteChoices, type Slugs } from '../templates/model/kinds.ts';
import { firstPageAlias } from '../templates/model/routes.ts';
import type { ImageInfo } from '../templates/model/rendered.ts';
import { siteSchema } from '../templates/model/schemas.ts';
import { ContentError } from '../generator/errors.ts';
import { FileTextOf, type LinkRef } from '../generator/markdown.ts';
import { slugify } from '../templates/model/words.ts';
import {
  alertMessage,
  editorPlace,
  fileNameProblem,
  linkRules,
  listedTwice,
  sameNames,
  schemaCheck,
  siteLinks,
  timeZoneProblem,
} from '../generator/rules.ts';

/** What the build tells the editor about the whole site (dist/admin/site-index.json): only what a save is judged by. */
export interface SiteIndex {
  routes: { path: string; source: string }[]; // every public page and the content file that makes it
  redirects: { from: string; to: string }[]; // site.yaml's
  listingRedirects: { from: string; to: string }[]; // those the build adds (/blog/page/1 -> /blog)
  pages: string[]; // every entry's address, broken or not
  waiting?: string[]; // every waiting entry's address (a draft, a post dated later)
  staticFiles: string[]; // the files of static/, as site paths
  images: string[]; // the photos of content/images/, as content writes them (/images/x.jpg)
  imageSizes?: Record<string, [number, number]>; // their width and height, as far as known
  imageProblems: Record<string, string>; // those that cannot be used, and why
  slugs: Record<string, string[]>; // each folder kind's entries (services, cities, ...)
  names: Record<string, Record<string, string>>; // their names (name:, title:) by slug
  tokens: string[]; // the names of the copy's {{tokens}}
  labels: { newTab: string; table: string };
  zones: string[]; // the time zones the company's clock knows (time.ts zoneNames), one of which blog.timeZone names
  today?: string; // the company's today at the build (YYYY-MM-DD): an entry over before it is not read (a past booked visit)
  visits?: NonNullable<SiteChoices['visits']>; // site.yaml's windows of each day and days closed, which a booking chooses from
}

const SITE_FILE = 'content/site.yaml';
const all = Object.values(registry);

/** The kind a file of the repository is, and its slug: content/cities/x.md, content/pages/home.md; null for site.yaml. */
export function kindOf(path: string): { kind: Kind; slug: string } | null {
  const rel = path.replace(/^content\//, '');
  for (const k of all) {
    if (k.type === 'collection' && rel.startsWith(`${k.folder}/`) && rel.endsWith('.md') && !rel.slice(k.folder.length + 1).includes('/'))
      return { kind: k, slug: rel.slice(k.folder.length + 1, -3) };
    if (k.type === 'single' && rel === k.file) return { kind: k, slug: rel.split('/').pop()!.slice(0, -3) };
  }
  return null;
}

/**
 * The index with one more entry saved (a city created a minute ago, a job): one of its kind's slugs, its page, and the
 * pages of the listing it is the first entry of (a job makes /recent-work), as the next build will have them.
 */
export function withEntry(index: SiteIndex, path: string): SiteIndex {
  const found = kindOf(path);
  if (found?.kind.type !== 'collection') return index;
  const { kind, slug } = found;
  const source = path.replace(/^content\//, '');
  const list = index.slugs[kind.field] ?? [];
  const out = { ...index, slugs: { ...index.slugs, [kind.field]: list.includes(slug) ? list : [...list, slug] } };
  if (kind.entryPages && kind.path && !out.routes.some((r) => r.source === source))
    out.routes = [...out.routes, { path: kind.path(slug), source }];
  for (const k of all)
    if (k.type === 'single' && k.lists?.field === kind.field && !out.routes.some((r) => r.path === k.path)) {
      out.routes = [...out.routes, { path: k.path, source: k.file }];
      out.listingRedirects = [...out.listingRedirects, firstPageAlias(k.path)];
    }
  return out;
}

/** A photo the editor knows is there, at its size where known (what the rules ask is that it exists, and whether it is
 *  smaller than where it shows: one of unknown size is not). */
function knownImages(names: string[], sizes: Record<string, [number, number]> = {}): Record<string, ImageInfo> {
  const info = (src: string): ImageInfo => ({
    src,
    width: sizes[src]?.[0] ?? Infinity,
    height: sizes[src]?.[1] ?? Infinity,
    sources: [],
    fallback: { type: 'image/jpeg', srcset: [{ w: 1, path: src }] },
    og: src,
  });
  return Object.fromEntries(names.map((n) => [n, info(n)]));
}

/**
 * Blank text counts as empty, as the editor writes it: a field holding only spaces is emptied, and an optional field
 * left empty is left out of the file (omit_empty_optional_fields). Returns the data; `emptied` gets the fields' paths.
 */
export function withoutBlanks(data: unknown, emptied: string[] = [], at = ''): unknown {
  if (Array.isArray(data)) return data.map((v, i) => withoutBlanks(v, emptied, `${at}[${i}]`));
  if (data && typeof data === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) {
      const field = at ? `${at}.${k}` : k;
      if (typeof v === 'string' && !v.trim()) emptied.push(field);
      else if (v !== undefined && v !== null) out[k] = withoutBlanks(v, emptied, field);
    }
    return out;
  }
  return data;
}

/**
 * A new entry of a kind whose entries are pages gets the address its name gives; where another entry has it, the
 * editor saves the new one as `name-1` without a word, and that is the address readers see and share. The build
 * cannot tell (a file name ending in -1 may be meant: docs/decisions/editor.md), so only the editor refuses it, under
 * the name, as it saves a new entry: one whose address ends in a number its name does not give. The editor's own Edit
 * Slug is offered only once an entry is saved, so the words say to change the name.
 */
export function takenAddress(path: string, data: Record<string, unknown>, index: SiteIndex): ContentError | null {
  const found = kindOf(path);
  if (found?.kind.type !== 'collection' || !found.kind.entryPages) return null;
  const { kind, slug } = found;
  const address = kind.path;
  if (!address) return null;
  const field = kind.editor.identify ?? 'title';
  const name = data[field];
  const [, taken, number] = /^(.+)(-\d+)$/.exec(slug) ?? [];
  if (!taken || typeof name !== 'string' || slugify(name).endsWith(number) || !index.slugs[kind.field]?.includes(taken)) return null;
  const other = `content/${kind.folder}/${taken}.md`;
  return new ContentError(
    path,
    field,
    `"${name.trim()}" gives the address ${address(taken)}, which ${other} (${editorPlace(other.slice(8))}) has: ` +
      `this ${kind.gone?.what} would be saved at ${address(slug)} instead; give it another ${field} (its address is made ` +
      `from the ${field} as it is first saved)`,
  );
}

/**
 * Every problem the build would report about the file at `path` (content/...), saved with `rawData` (and `body`, its
 * Markdown), in a site that is otherwise as the index says. An empty list: the build accepts it. `warnings` gets what
 * the build would warn of in this file and still publish (a link to an entry no file has).
 */
export function checkEntry(path: string, rawData: unknown, body: string, index: SiteIndex, warnings: ContentError[] = []): ContentError[] {
  const errors: ContentError[] = [];
  const emptied: string[] = [];
  const data = withoutBlanks(rawData, emptied) as Record<string, unknown>;
  const found = kindOf(path);
  const source = path.replace(/^content\//, '');
  // the site as it will be with this file saved: its own page (a new entry's too), not its last build's
  const entry = found?.kind.type === 'collection'; // a single page's routes stay as they are
  const idx = withEntry({ ...index, routes: entry ? index.routes.filter((r) => r.source !== source) : index.routes }, path);
  const text = new FileTextOf(
    {
      tokens: Object.fromEntries(idx.tokens.map((t) => [t, { md: t, plain: t }])),
      labels: idx.labels,
      images: knownImages(idx.images, idx.imageSizes),
      imageProblems: idx.imageProblems,
    },
    path,
    body,
  );
  const links: LinkRef[] = [];
  let redirects = idx.redirects;
  let listing = idx.listingRedirects;
  const schemaErrors: ContentError[] = [];

  if (path === SITE_FILE) {
    const site = schemaCheck(siteSchema, data, SITE_FILE, schemaErrors);
    if (site) {
      for (const k of all) {
        const listed = k.type === 'collection' ? (site as Record<string, unknown>)[k.field] : undefined;
        if (k.type === 'collection' && Array.isArray(listed)) errors.push(...listedTwice(listed, k.field, SITE_FILE));
      }
      errors.push(...timeZoneProblem(site, idx.zones, SITE_FILE));
      links.push(...siteLinks(site, SITE_FILE));
      if (site.alert) alertMessage(site.alert, text);
      text.fillRest(site);
      redirects = site.redirects;
      listing = idx.listingRedirects.filter((l) => !redirects.some((r) => r.from === l.from));
    }
  } else if (found) {
    const { kind, slug } = found;
    // an entry over by its name (a past booked visit) is not read by the build: nothing in it stops a publish
    if (kind.type === 'collection' && idx.today && kind.over?.(slug, idx.today)) return [];
    if (kind.type === 'collection') {
      const problem = fileNameProblem(path);
      if (problem) errors.push(problem);
    }
    const checked = schemaCheck(kind.schema(idx.slugs as Slugs, idx), data, path, schemaErrors);
    const named =
      kind.type === 'collection' && checked
        ? kind.nameProblem?.(
            slug,
            checked,
            (idx.slugs[kind.field] ?? []).filter((s) => s !== slug),
          )
        : null;
    if (named) errors.push(new ContentError(path, named.field, named.problem));
    if (kind.type === 'collection') {
      // this entry's name against the others' of its kind, as the build compares them; one saved since the last build
      // has no name in the index, but its file name was made from its name
      const names = idx.names?.[kind.field] ?? {};
      const others = (idx.slugs[kind.field] ?? []).filter((s) => s !== slug).map((s) => [s, names[s] ?? s] as const);
      const entries: { slug: string; name: unknown; file: string }[] = others.map(([s, name]) => ({
        slug: s,
        name,
        file: `content/${kind.folder}/${s}.md`,
      }));
      entries.push({ slug, name: data[kind.editor.identify ?? 'title'], file: path });
      errors.push(...sameNames(kind, entries, path).filter((e) => e.file === path));
    }
    if (checked !== null && !named) text.fillRest(kind.model(checked, text, slug) as object);
    else if (kind.body) text.sections(); // every problem at once, as the build lists them
  }
  // a field emptied of its spaces is "not empty" to the build, which reads what a person typed: the same words
  for (const e of schemaErrors)
    errors.push(emptied.includes(e.field) && e.problem === 'is required' ? new ContentError(e.file, e.field, 'must not be empty') : e);
  errors.push(...text.problems);
  warnings.push(...text.warnings);
  links.push(...text.links);
  const statics = new Set(idx.staticFiles);
  const facts = {
    routes: idx.routes,
    redirects: [...redirects, ...listing],
    pages: [...idx.pages, ...idx.routes.map((r) => r.path)],
    waiting: (idx.waiting ?? []).filter((w) => !idx.routes.some((r) => r.path === w)),
    isStatic: (p: string) => statics.has(p),
    owner: (s: string) => `content/${s}`,
    siteFile: SITE_FILE,
  };
  // of the whole site's rules, those this save can break: its own links and routes, and a path another file holds
  const mine = (e: ContentError) => e.file === path || e.problem.includes(path);
  const linked = linkRules(facts, links);
  errors.push(...linked.errors.filter(mine));
  warnings.push(...linked.warnings.filter(mine));
  return errors;
}
